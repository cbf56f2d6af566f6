import { MailDev } from 'maildev';
import { freePort } from '../shared/processes.js';

export interface RunningMailDev {
  /** For SMTP_URL: `smtp://127.0.0.1:1025`. */
  smtpUrl: string;
  /** The web inbox (its REST API under `/api`, e.g. `GET /api/email`): `http://127.0.0.1:1080`. */
  webUrl: string;
  stop(): Promise<void>;
}

export interface MailDevOptions {
  /** Used when free on 127.0.0.1, else any free port. */
  smtpPort?: number;
  webPort?: number;
  /** Where received mail is kept across restarts. */
  mailDirectory: string;
}

/**
 * MailDev (from npm) in this process, on loopback only: an SMTP server that keeps every mail it
 * receives, and a web inbox to read them. The dev runner's mail server when no SMTP_URL is given.
 */
export async function startMailDev(options: MailDevOptions): Promise<RunningMailDev> {
  const maildev = new MailDev({
    smtp: await freePort(options.smtpPort ?? 1025),
    ip: '127.0.0.1',
    web: await freePort(options.webPort ?? 1080),
    webIp: '127.0.0.1',
    mailDirectory: options.mailDirectory,
    silent: true,
  });
  const servers = await quietly(() => maildev.start());
  const webPort = servers.api?.getPort();
  if (!webPort) {
    await maildev.stop();
    throw new Error('MailDev started without its web inbox');
  }
  return {
    smtpUrl: `smtp://127.0.0.1:${servers.smtp.getPort()}`,
    webUrl: `http://127.0.0.1:${webPort}`,
    stop: () => maildev.stop(),
  };
}

/**
 * MailDev's web server prints "MailDev API running at …" with console.info whatever its options; the
 * dev runner prints the inbox's address itself, in its own words, so that line is held back.
 */
async function quietly<T>(work: () => Promise<T>): Promise<T> {
  // eslint-disable-next-line no-console
  const info = console.info;
  // eslint-disable-next-line no-console
  console.info = (...args: unknown[]) => {
    if (!/^MailDev API running at /.test(String(args[0]))) info(...args);
  };
  try {
    return await work();
  } finally {
    // eslint-disable-next-line no-console
    console.info = info;
  }
}
