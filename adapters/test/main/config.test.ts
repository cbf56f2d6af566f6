import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/main/config.js';

const base = { FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' };

describe('configuration', () => {
  it('has working defaults for development', () => {
    const config = loadConfig(base);
    expect(config).toMatchObject({
      port: 8080,
      firebaseProjectId: 'demo-voltmarket',
      adminEmails: ['admin@voltmarket.test'],
      supportEmails: ['support@voltmarket.test'],
      publicUrl: 'http://127.0.0.1:8080',
      databaseUrl: null,
      reReviewEdits: true,
      readTimeoutMs: 5000,
      statementTimeoutMs: 15000,
    });
  });

  it('lets tests send webhooks to this machine over http, and refuses that setting in production', () => {
    expect(loadConfig(base).webhookLoopbackReceiver).toBe(false);
    expect(loadConfig({ ...base, WEBHOOK_TEST_RECEIVER: 'loopback' }).webhookLoopbackReceiver).toBe(true);
    expect(() => loadConfig({ ...base, WEBHOOK_TEST_RECEIVER: 'loopback', NODE_ENV: 'production' })).toThrow(/WEBHOOK_TEST_RECEIVER is for tests and cannot be set when NODE_ENV=production/);
    expect(() => loadConfig({ ...base, WEBHOOK_TEST_RECEIVER: 'private' })).toThrow(/WEBHOOK_TEST_RECEIVER may only be "loopback"/);
    expect(loadConfig(base).apiKeyRequestsPerMinute).toBe(600);
  });

  it('takes the time limits in whole milliseconds above 0', () => {
    expect(loadConfig({ ...base, READ_TIMEOUT_MS: '2500' }).readTimeoutMs).toBe(2500);
    expect(loadConfig({ ...base, STATEMENT_TIMEOUT_MS: '30000' }).statementTimeoutMs).toBe(30000);
    for (const name of ['READ_TIMEOUT_MS', 'STATEMENT_TIMEOUT_MS']) {
      for (const bad of ['0', '-1', '2.5', 'soon']) {
        expect(() => loadConfig({ ...base, [name]: bad })).toThrow(new RegExp(`${name} must be a whole number above 0`));
      }
      expect(loadConfig({ ...base, [name]: '3600000' })).toBeTruthy();
      expect(() => loadConfig({ ...base, [name]: '3600001' })).toThrow(new RegExp(`${name} must be at most 3600000 \\(an hour\\)`));
    }
  });

  it('reads comma-separated staff lists in lower case', () => {
    expect(loadConfig({ ...base, ADMIN_EMAILS: ' Boss@Volt.ng , ops@volt.ng,' }).adminEmails).toEqual(['boss@volt.ng', 'ops@volt.ng']);
  });

  it('sends mail over SMTP_URL from MAIL_FROM, and keeps it in the outbox without SMTP_URL', () => {
    expect(loadConfig(base)).toMatchObject({ smtpUrl: null, mailFrom: 'Voltmarket <alerts@voltmarket.test>' });
    expect(loadConfig({ ...base, SMTP_URL: ' smtps://alerts:secret@smtp.example.ng:465 ' }).smtpUrl).toBe('smtps://alerts:secret@smtp.example.ng:465');
    expect(loadConfig({ ...base, SMTP_URL: 'smtp://127.0.0.1:1025' }).smtpUrl).toBe('smtp://127.0.0.1:1025');
    for (const from of ['alerts@voltmarket.ng', 'Voltmarket Alerts <alerts@voltmarket.ng>', '"Voltmarket, Lagos" <alerts@mail.voltmarket.ng>']) {
      expect(loadConfig({ ...base, MAIL_FROM: from }).mailFrom).toBe(from);
    }
    for (const bad of ['http://smtp.example.ng', 'smtp://', 'smtp.example.ng:25']) {
      expect(() => loadConfig({ ...base, SMTP_URL: bad })).toThrow(/SMTP_URL must be an smtp:\/\/ or smtps:\/\/ address/);
    }
    for (const bad of ['Voltmarket', 'alerts@', 'Voltmarket <alerts>', 'a b@voltmarket.ng', 'Voltmarket <alerts@voltmarket.ng']) {
      expect(() => loadConfig({ ...base, MAIL_FROM: bad })).toThrow(/MAIL_FROM must be a mail address/);
    }
  });

  it('keeps photos in a folder by default, and in an S3-compatible bucket when S3_ENDPOINT is set', () => {
    expect(loadConfig(base)).toMatchObject({ objectStore: null, publicMediaUrl: null });
    expect(loadConfig({ ...base, S3_ENDPOINT: 'http://127.0.0.1:9000', S3_ACCESS_KEY_ID: 'minio', S3_SECRET_ACCESS_KEY: 'minio-secret', PUBLIC_MEDIA_URL: 'https://media.voltmarket.ng/photos/' })).toMatchObject({
      objectStore: { endpoint: 'http://127.0.0.1:9000', bucket: 'voltmarket-photos', region: 'us-east-1', accessKeyId: 'minio', secretAccessKey: 'minio-secret', forcePathStyle: true },
      publicMediaUrl: 'https://media.voltmarket.ng/photos',
    });
    expect(loadConfig({ ...base, S3_ENDPOINT: 'https://s3.eu-west-1.amazonaws.com', S3_BUCKET: 'vm.photos-1', S3_REGION: 'eu-west-1', S3_FORCE_PATH_STYLE: 'false' }).objectStore)
      .toEqual({ endpoint: 'https://s3.eu-west-1.amazonaws.com', bucket: 'vm.photos-1', region: 'eu-west-1', accessKeyId: null, secretAccessKey: null, forcePathStyle: false });
    const bad = () => loadConfig({ ...base, S3_ENDPOINT: 'minio:9000', S3_BUCKET: 'Photos_Bucket', S3_ACCESS_KEY_ID: 'only-one', S3_FORCE_PATH_STYLE: 'yes', PUBLIC_MEDIA_URL: 'https://cdn.example/?x=1' });
    expect(bad).toThrow(/S3_ENDPOINT must be[\s\S]*S3_BUCKET must be[\s\S]*S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together[\s\S]*S3_FORCE_PATH_STYLE must be[\s\S]*PUBLIC_MEDIA_URL must be/);
  });

  it('names every bad setting at once', () => {
    const attempt = () => loadConfig({ PORT: 'eighty', LOG_LEVEL: 'loud', DATABASE_URL: 'mysql://x', PUBLIC_URL: 'ftp://x' });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/PORT[\s\S]*demo project[\s\S]*LOG_LEVEL[\s\S]*DATABASE_URL[\s\S]*PUBLIC_URL/);
  });
});
