/**
 * The alerts bench's mail provider: an SMTP server on a free loopback port that accepts every
 * message, reads it to the end and throws it away, counting. It costs the API what a real provider
 * would (its connection pool, a full SMTP exchange per mail) and runs in a process of its own, so
 * that reading a few gigabytes of digests does not hold up the bench's open loops.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { SMTPServer } from 'smtp-server';
import type { Cleanup } from './bench-stack.js';

export interface SmtpSink {
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL. */
  url: string;
  /** Messages accepted so far. */
  received(): Promise<number>;
}

type SinkMessage = { ready: string } | { received: number };

/** Starts the sink in its own process; stopping it is added to `cleanups`. */
export async function startSmtpSink(cleanups: Cleanup[]): Promise<SmtpSink> {
  const child = fork(fileURLToPath(import.meta.url), [], {
    execArgv: ['--conditions=development', '--import', 'tsx'], env: { ...process.env, SMTP_SINK_CHILD: '1' }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  cleanups.push(() => new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  }));
  const url = await new Promise<string>((resolve, reject) => {
    child.once('message', (m: SinkMessage) => ('ready' in m ? resolve(m.ready) : reject(new Error('SMTP sink failed'))));
    child.once('exit', (code) => reject(new Error(`SMTP sink exited with ${code}`)));
  });
  return {
    url,
    received: () => new Promise<number>((resolve) => {
      const answer = (m: SinkMessage) => {
        if (!('received' in m)) return;
        child.off('message', answer);
        resolve(m.received);
      };
      child.on('message', answer);
      child.send('count');
    }),
  };
}

async function serve(): Promise<void> {
  let received = 0;
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    closeTimeout: 1000,
    onData: (stream, _session, callback) => {
      stream.on('end', () => {
        received++;
        callback();
      });
      stream.resume();
    },
  });
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  process.on('message', () => process.send?.({ received } satisfies SinkMessage));
  process.on('SIGTERM', () => server.close(() => process.exit(0)));
  process.send?.({ ready: `smtp://127.0.0.1:${port}` } satisfies SinkMessage);
}

if (process.env.SMTP_SINK_CHILD) await serve();
