import { mkdtempSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningMailDev, startMailDev } from '../../src/mail/maildev.js';
import { SmtpMailer } from '../../src/mail/smtp-mailer.js';

interface MailDevEmail {
  subject: string;
  text: string;
  html: string;
  to: { address: string }[];
  headers: Record<string, string>;
}

describe('MailDev, the mail server of npm start', () => {
  let mailDev: RunningMailDev;
  let mailer: SmtpMailer;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'voltmarket-maildev-'));

  beforeAll(async () => {
    // Port 0: any free port, so that a developer's own MailDev on 1025 is left alone.
    mailDev = await startMailDev({ smtpPort: 0, webPort: 0, mailDirectory: path.join(dir, 'mail') });
    mailer = new SmtpMailer({ smtpUrl: mailDev.smtpUrl, from: 'Voltmarket <alerts@voltmarket.test>' });
  });

  afterAll(async () => {
    await mailer?.close();
    await mailDev?.stop();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('receives what SmtpMailer sends and lists it in its inbox API', async () => {
    expect(mailDev.smtpUrl).toMatch(/^smtp:\/\/127\.0\.0\.1:\d+$/);
    expect(mailDev.webUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    await mailer.send({
      key: 'maildev-1', to: 'ada@example.ng', kind: 'alert', subject: 'New match: 2023 Kia EV6',
      text: 'A 2023 Kia EV6 in Abuja.', html: '<p>A 2023 Kia EV6 in Abuja.</p>',
      headers: { 'List-Unsubscribe': '<https://voltmarket.test/unsubscribe/1>' },
    });

    let emails: MailDevEmail[] = [];
    // Usually at once; room for a CI machine busy with other suites.
    const deadline = Date.now() + 15_000;
    while (emails.length === 0 && Date.now() < deadline) {
      const res = await fetch(`${mailDev.webUrl}/api/email`);
      expect(res.status).toBe(200);
      emails = (await res.json()) as MailDevEmail[];
      if (emails.length === 0) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({ subject: 'New match: 2023 Kia EV6', to: [{ address: 'ada@example.ng' }] });
    expect(emails[0]!.html).toContain('<p>A 2023 Kia EV6 in Abuja.</p>');
    expect(emails[0]!.text.trim()).toBe('A 2023 Kia EV6 in Abuja.');
    expect(emails[0]!.headers['message-id']).toBe('<maildev-1@voltmarket.test>');
  });

  it('keeps what it received in its mail folder', async () => {
    const files = await fs.readdir(path.join(dir, 'mail'));
    expect(files.some((f) => f.endsWith('.eml'))).toBe(true);
  });
});
