import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { freePort, portIsFree, stopChild, stopPid } from '../shared/processes.js';

export interface AuthEmulatorOptions {
  projectId: string;
  port: number;
  /** Accounts are imported from here on start and exported back on a clean stop. */
  stateDir?: string;
  onLog?: (line: string) => void;
}

export interface RunningAuthEmulator {
  host: string;
  stop: () => Promise<void>;
}

/**
 * Runs the Firebase Auth emulator from the firebase-tools npm package (no Java, no network).
 * It works in a private temp folder so its config and debug log never land in the checkout.
 */
export async function startAuthEmulator(options: AuthEmulatorOptions): Promise<RunningAuthEmulator> {
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'voltmarket-auth-'));
  // The CLI also starts a hub and a logging emulator. Left on their default ports, two emulators
  // starting at once (two test runs on one machine) both fall back to the same next port, and the
  // loser exits a few seconds after its auth port first answered. Free ports of their own avoid that.
  const [hubPort, loggingPort] = [await freePort(), await freePort()];
  writeFileSync(
    path.join(workDir, 'firebase.json'),
    JSON.stringify({
      emulators: {
        auth: { host: '127.0.0.1', port: options.port },
        hub: { host: '127.0.0.1', port: hubPort },
        logging: { host: '127.0.0.1', port: loggingPort },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );
  const cli = createRequire(import.meta.url).resolve('firebase-tools/lib/bin/firebase.js');
  const args = [cli, 'emulators:start', '--only', 'auth', '--project', options.projectId];
  if (options.stateDir) {
    await fs.mkdir(options.stateDir, { recursive: true });
    await stopLeftoverEmulator(path.join(options.stateDir, 'emulator.pid'));
    const hasExport = await fs.access(path.join(options.stateDir, 'firebase-export-metadata.json')).then(() => true, () => false);
    if (hasExport) args.push('--import', options.stateDir);
    args.push('--export-on-exit', options.stateDir);
  }
  if (!(await portIsFree(options.port))) throw new Error(`Port ${options.port} is already in use`);
  const child = spawn(process.execPath, args, {
    cwd: workDir,
    env: { ...process.env, NO_UPDATE_NOTIFIER: '1', FIREBASE_CLI_DISABLE_TELEMETRY: '1', CI: process.env.CI ?? '' },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Own process group: a terminal's Ctrl-C reaches us once, and we stop the emulator in order.
    detached: true,
  });
  const log: string[] = [];
  const collect = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n').filter(Boolean)) {
      log.push(line);
      options.onLog?.(line);
    }
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const host = `127.0.0.1:${options.port}`;
  const pidFile = options.stateDir ? path.join(options.stateDir, 'emulator.pid') : null;
  if (pidFile && child.pid) await fs.writeFile(pidFile, String(child.pid));
  await waitForEmulator(host, child, log);
  return {
    host,
    stop: async () => {
      // SIGINT lets the CLI export its accounts (--export-on-exit) before it ends.
      await stopChild(child, 'SIGINT', 'SIGKILL');
      if (pidFile) await fs.rm(pidFile, { force: true });
      await fs.rm(workDir, { recursive: true, force: true });
    },
  };
}

/** An emulator left running by a runner that was killed outright: stop it (it exports on SIGINT). */
async function stopLeftoverEmulator(pidFile: string): Promise<void> {
  const pid = Number(await fs.readFile(pidFile, 'utf8').catch(() => ''));
  if (Number.isInteger(pid) && pid > 0) await stopPid(pid, 'SIGINT', 'SIGKILL');
}

async function waitForEmulator(host: string, child: ChildProcess, log: string[]): Promise<void> {
  const deadline = Date.now() + 90_000;
  let exited = false;
  child.once('exit', () => (exited = true));
  while (Date.now() < deadline) {
    if (exited) throw new Error(`The Firebase Auth emulator exited while starting:\n${log.slice(-15).join('\n')}`);
    const ok = await fetch(`http://${host}/`).then((r) => r.ok, () => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  await stopChild(child, 'SIGINT', 'SIGKILL');
  throw new Error(`The Firebase Auth emulator did not answer on ${host} within 90 s:\n${log.slice(-15).join('\n')}`);
}

/** Signs a user in against the emulator's REST API and returns an ID token (scripts and tests). */
export async function emulatorSignIn(host: string, email: string, password: string): Promise<string> {
  const res = await fetch(`http://${host}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  const body = (await res.json()) as { idToken?: string; error?: { message: string } };
  if (!body.idToken) throw new Error(`Sign-in failed for ${email}: ${body.error?.message ?? res.status}`);
  return body.idToken;
}
