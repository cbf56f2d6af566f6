import type { ChildProcess } from 'node:child_process';
import net from 'node:net';

/** Helpers for the local services the dev runner and the tests start as child processes. */

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Asks a process to stop with `signal`, waits, then sends `force` if it is still there. */
export async function stopPid(pid: number, signal: NodeJS.Signals, force: NodeJS.Signals, waitMs = 15_000): Promise<void> {
  if (!isAlive(pid)) return;
  process.kill(pid, signal);
  const deadline = Date.now() + waitMs;
  while (isAlive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  if (isAlive(pid)) process.kill(pid, force);
}

/** The same for a child we started: resolves once it has exited. */
export function stopChild(child: ChildProcess, signal: NodeJS.Signals, force: NodeJS.Signals, waitMs = 15_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill(force), waitMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill(signal);
  });
}

/** `preferred` when it is free on 127.0.0.1, else any free port. */
export async function freePort(preferred?: number): Promise<number> {
  if (preferred !== undefined && (await portIsFree(preferred))) return preferred;
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('No free port'))));
    });
  });
}

export function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}
