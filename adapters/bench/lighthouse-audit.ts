/**
 * Lighthouse's performance and accessibility audits (its default mobile preset: a mid-range phone on a slow 4G network,
 * simulated) of storefront pages, in Debian's Chromium started here with a debugging port.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';

export interface PageAudit {
  performance: number;
  accessibility: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  /** Lighthouse's measure of this machine's speed at the time (a mid-range phone is about 1,000; a busy 2-core VM can be far below). */
  benchmarkIndex: number;
}

const FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** Starts Chromium with a debugging port and returns the port and a way to stop it. */
async function startChromium(executable: string): Promise<{ port: number; stop: () => Promise<void> }> {
  const profile = mkdtempSync(path.join(os.tmpdir(), 'voltmarket-lighthouse-'));
  const child = spawn(executable, [...FLAGS, `--user-data-dir=${profile}`, '--remote-debugging-port=0', 'about:blank'], { stdio: ['ignore', 'ignore', 'pipe'] });
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await fs.rm(profile, { recursive: true, force: true });
  };
  const port = await new Promise<number>((resolve, reject) => {
    let log = '';
    const timer = setTimeout(() => reject(new Error(`Chromium did not open a debugging port:\n${log}`)), 30_000);
    child.stderr.on('data', (chunk: Buffer) => {
      log += chunk.toString();
      const found = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(log);
      if (found) {
        clearTimeout(timer);
        resolve(Number(found[1]));
      }
    });
    child.once('exit', (code) => reject(new Error(`Chromium exited with ${code}:\n${log}`)));
  }).catch(async (err: unknown) => {
    await stop();
    throw err;
  });
  return { port, stop };
}

/** One Lighthouse run of one page, with a cold cache and fresh storage as Lighthouse does by default. */
async function auditOnce(url: string, port: number, saveAs?: string): Promise<PageAudit> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (saveAs) await fs.writeFile(saveAs, JSON.stringify(lhr));
  if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    lcpMs: metric('largest-contentful-paint'),
    cls: metric('cumulative-layout-shift'),
    tbtMs: metric('total-blocking-time'),
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

/**
 * Every page `runs` times, in turns (so a burst of load on the machine does not land on one page
 * only). With `reportDir`, each run's full Lighthouse report is kept there as JSON.
 */
export async function auditPages(executable: string, urls: readonly string[], runs: number, reportDir?: string): Promise<Map<string, PageAudit[]>> {
  const chromium = await startChromium(executable);
  const audits = new Map<string, PageAudit[]>(urls.map((url) => [url, []]));
  if (reportDir) await fs.mkdir(reportDir, { recursive: true });
  try {
    for (let run = 0; run < runs; run++) {
      for (const [i, url] of urls.entries()) {
        const saveAs = reportDir ? path.join(reportDir, `page${i + 1}-run${run + 1}.json`) : undefined;
        audits.get(url)?.push(await auditOnce(url, chromium.port, saveAs));
      }
    }
  } finally {
    await chromium.stop();
  }
  return audits;
}
