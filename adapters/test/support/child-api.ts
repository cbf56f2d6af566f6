import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { TestApi } from './harness.js';

export interface ChildApi {
  url: string;
  process: ChildProcess;
  /** SIGKILL: no shutdown, no answer, connections cut where they stand. */
  kill: () => Promise<void>;
  stop: () => Promise<void>;
}

/**
 * Another API process on `beside`'s database, configuration and emulator, in a child process of its
 * own (child-api-main.ts) that the test may kill outright.
 */
export async function startChildApi(beside: TestApi, env: Record<string, string> = {}): Promise<ChildApi> {
  const { config } = beside;
  const child = fork(fileURLToPath(new URL('./child-api-main.ts', import.meta.url)), [], {
    execArgv: ['--conditions=development', '--import', 'tsx'],
    env: {
      ...process.env,
      CHILD_DATABASE_URL: beside.databaseUrl, PORT: '0', DATA_DIR: beside.dataDir,
      FIREBASE_PROJECT_ID: config.firebaseProjectId, FIREBASE_AUTH_EMULATOR_HOST: config.firebaseAuthEmulatorHost ?? '',
      ADMIN_EMAILS: beside.staffEmails.admin, SUPPORT_EMAILS: beside.staffEmails.support, VALIDATE_RESPONSES: 'true',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    child.once('message', (m: { ready?: string }) => (m.ready ? resolve(m.ready) : reject(new Error('the child API failed to start'))));
    child.once('exit', (code) => reject(new Error(`the child API exited with ${code}`)));
  });
  return {
    url,
    process: child,
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
