/**
 * Where the machine's CPU went during a run of `npm run bench:load`: each API process, Postgres (every
 * `postgres` process, ended backends through the postmaster's children's time), the load generator,
 * and the rest of the machine (the Auth emulator, anything else running). Linux /proc only.
 */
import fs from 'node:fs/promises';
import type pg from 'pg';

/** Clock ticks a second in /proc (USER_HZ, 100 on Linux). */
const TICKS = 100;

export interface CpuSnapshot {
  at: number;
  apis: number[];
  postgres: number;
  generator: number;
  machineBusy: number;
}

async function processSeconds(pid: number, withChildren = false): Promise<number> {
  const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // After the name: state is field 3, utime 14, stime 15, cutime 16, cstime 17 (1-based in proc(5)).
  const ticks = Number(fields[11] ?? 0) + Number(fields[12] ?? 0) + (withChildren ? Number(fields[13] ?? 0) + Number(fields[14] ?? 0) : 0);
  return ticks / TICKS;
}

async function postgresSeconds(): Promise<number> {
  let total = 0;
  for (const entry of await fs.readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const comm = await fs.readFile(`/proc/${entry}/comm`, 'utf8').catch(() => '');
    if (comm.trim() === 'postgres') total += await processSeconds(Number(entry), true);
  }
  return total;
}

async function machineBusySeconds(): Promise<number> {
  const [user, nice, system, , , irq, softirq, steal] = (await fs.readFile('/proc/stat', 'utf8')).split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  return (user! + nice! + system! + irq! + softirq! + (steal ?? 0)) / TICKS;
}

export async function cpuSnapshot(apiPids: number[]): Promise<CpuSnapshot> {
  const usage = process.cpuUsage();
  return {
    at: performance.now(),
    apis: await Promise.all(apiPids.map((pid) => processSeconds(pid))),
    postgres: await postgresSeconds(),
    generator: (usage.user + usage.system) / 1e6,
    machineBusy: await machineBusySeconds(),
  };
}

/** The CPU each part used between two snapshots, in cores (CPU-seconds a second). */
export function coresBetween(a: CpuSnapshot, b: CpuSnapshot): { apis: number[]; postgres: number; generator: number; rest: number; machine: number } {
  const seconds = (b.at - a.at) / 1000;
  const apis = b.apis.map((v, i) => (v - a.apis[i]!) / seconds);
  const postgres = (b.postgres - a.postgres) / seconds;
  const generator = (b.generator - a.generator) / seconds;
  const machine = (b.machineBusy - a.machineBusy) / seconds;
  return { apis, postgres, generator, machine, rest: Math.max(0, machine - postgres - generator - apis.reduce((x, y) => x + y, 0)) };
}

/**
 * What Postgres is busy with: every `everyMs` while `running()`, the statements its other backends are
 * running (pg_stat_activity), counted by their first words. A sampled share of Postgres's busy time
 * by statement, without pg_stat_statements (not loaded in the bench's Postgres).
 */
export async function sampleStatements(client: pg.Client, running: () => boolean, everyMs = 50): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  while (running()) {
    const { rows } = await client.query<{ query: string }>(
      `select query from pg_stat_activity where state = 'active' and pid <> pg_backend_pid() and datname = current_database()`);
    for (const { query } of rows) {
      // Values written into the text (the ORM's ids) would split one statement into many.
      const shape = query.replace(/\s+/g, ' ').replace(/'[^']*'/g, "'…'").replace(/\b\d+\b/g, 'N').trim().slice(0, 110);
      counts.set(shape, (counts.get(shape) ?? 0) + 1);
    }
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  return counts;
}
