/**
 * What a buyer on a Nigerian mobile network gets from /browse: the JavaScript shipped for the first
 * view (gzip) and the Largest Contentful Paint in Chromium with the network held to 1.6 Mbps and
 * 150 ms round trips and the CPU slowed 4x, on a phone-sized screen, cold cache, median of 5 loads.
 * Goals: at most 170 kB of gzip JavaScript, LCP at most 2.5 s.
 * Then Lighthouse (mobile preset) on home, /browse and a vehicle page, median of 3 runs each; the
 * bench fails (exit code 1) if a page's CLS is above 0.1 or its performance score below 90.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import { LocalDiskImageStore } from '../src/storage/local-disk-image-store.js';
import { renderVehicleArtwork } from '../src/storage/vehicle-artwork.js';
import { loadBenchListings } from './bench-data.js';
import { auditPages, type PageAudit } from './lighthouse-audit.js';
import { createBenchDatabase, startBenchApi } from './bench-stack.js';

const LOADS = Number(process.env.BENCH_PAGE_LOADS ?? 5);
const LISTINGS = 2_000;
const JS_GOAL_KB = 170;
const LCP_GOAL_MS = 2500;
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const PERFORMANCE_GOAL = 90;
const CLS_GOAL = 0.1;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

const LIGHTHOUSE_VERSION = (JSON.parse(readFileSync(new URL(import.meta.resolve('lighthouse/package.json')), 'utf8')) as { version: string }).version;

const out = (line: string) => process.stdout.write(`${line}\n`);

interface Load {
  lcpMs: number;
  lcpElement: string;
  jsGzipBytes: number;
  jsFiles: number;
}

async function main(): Promise<void> {
  const cleanups: (() => Promise<unknown>)[] = [];
  try {
    out(`Voltmarket storefront benchmark: /browse on a 360 px phone, 1.6 Mbps / 150 ms RTT, CPU 4x slower, cold cache, median of ${LOADS} loads`);
    process.env.NODE_ENV = 'production';
    await build({ root: 'storefront', mode: 'production', logLevel: 'warn' });

    const dir = mkdtempSync(path.join(os.tmpdir(), 'voltmarket-bench-storefront-'));
    cleanups.push(() => fs.rm(dir, { recursive: true, force: true }));
    const dbUrl = await createBenchDatabase(dir, `voltmarket_bench_sf_${process.pid}`, cleanups);

    // Real photos, processed as uploads are (WebP large + thumbnail), three per listing.
    const images = new LocalDiskImageStore(path.join(dir, 'data', 'uploads'));
    const urls: string[] = [];
    for (let i = 0; i < 9; i++) urls.push((await images.store(await renderVehicleArtwork('car', i * 40, i % 3))).url);
    const client = new pg.Client({ connectionString: dbUrl });
    await client.connect();
    await loadBenchListings(client, LISTINGS);
    await client.query(`update listings set image_urls = jsonb_build_array($1::text, $2::text, $3::text) where id % 3 = 0`, urls.slice(0, 3));
    await client.query(`update listings set image_urls = jsonb_build_array($1::text, $2::text, $3::text) where id % 3 = 1`, urls.slice(3, 6));
    await client.query(`update listings set image_urls = jsonb_build_array($1::text, $2::text, $3::text) where id % 3 = 2`, urls.slice(6, 9));
    await client.end();

    const apiUrl = await startBenchApi(dbUrl, path.join(dir, 'data'), cleanups);

    if (LOADS > 0) await measureBrowse(apiUrl, cleanups);
    if (LIGHTHOUSE_RUNS > 0) await runLighthouse(apiUrl);
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  }
}

async function measureBrowse(apiUrl: string, cleanups: (() => Promise<unknown>)[]): Promise<void> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
  cleanups.push(() => browser.close());
  const loads: Load[] = [];
  await loadBrowse(browser, apiUrl); // warm the server, not the browser: every measured load has a fresh cache
  for (let i = 0; i < LOADS; i++) loads.push(await loadBrowse(browser, apiUrl));

  const lcp = median(loads.map((l) => l.lcpMs));
  const js = median(loads.map((l) => l.jsGzipBytes)) / 1024;
  out('');
  out('| measure | result | goal |');
  out('|---|---|---|');
  out(`| JS for the first view of /browse (gzip, ${loads[0]?.jsFiles ?? 0} files) | ${js.toFixed(1)} kB | <= ${JS_GOAL_KB} kB ${js <= JS_GOAL_KB ? '(met)' : '(NOT met)'} |`);
  out(`| LCP of /browse, throttled (median of ${LOADS}; runs ${loads.map((l) => (l.lcpMs / 1000).toFixed(2)).join(', ')} s) | ${(lcp / 1000).toFixed(2)} s | <= ${LCP_GOAL_MS / 1000} s ${lcp <= LCP_GOAL_MS ? '(met)' : '(NOT met)'} |`);
  out(`LCP element: ${loads[0]?.lcpElement ?? 'none'}`);
}

/** Lighthouse on the three pages most visits land on; sets a failing exit code when a goal is missed. */
async function runLighthouse(apiUrl: string): Promise<void> {
  const first = (await (await fetch(`${apiUrl}/api/vehicles?limit=1`)).json()) as { id: number }[];
  const pages: [string, string][] = [['home', '/'], ['/browse', '/browse'], [`vehicle page`, `/vehicles/${first[0]?.id ?? 1}`]];
  const audits = await auditPages(CHROMIUM, pages.map(([, p]) => `${apiUrl}${p}`), LIGHTHOUSE_RUNS, process.env.BENCH_LIGHTHOUSE_REPORTS);
  out('');
  out(`Lighthouse ${LIGHTHOUSE_VERSION}, mobile preset (simulated slow 4G, 4x CPU slowdown), median of ${LIGHTHOUSE_RUNS} runs per page`);
  out('');
  out('| page | performance | LCP | CLS | TBT | performance per run | machine speed (benchmarkIndex) per run |');
  out('|---|---:|---:|---:|---:|---|---|');
  const missed: string[] = [];
  for (const [name, p] of pages) {
    const runs = audits.get(`${apiUrl}${p}`) ?? [];
    const mid = (pick: (a: PageAudit) => number) => median(runs.map(pick));
    const [performance, lcp, cls, tbt] = [mid((a) => a.performance), mid((a) => a.lcpMs), mid((a) => a.cls), mid((a) => a.tbtMs)];
    out(`| ${name} | ${performance} | ${(lcp / 1000).toFixed(2)} s | ${cls.toFixed(3)} | ${Math.round(tbt)} ms | ${runs.map((a) => a.performance).join(', ')} | ${runs.map((a) => Math.round(a.benchmarkIndex)).join(', ')} |`);
    if (performance < PERFORMANCE_GOAL) missed.push(`${name}: performance ${performance} < ${PERFORMANCE_GOAL}`);
    if (cls > CLS_GOAL) missed.push(`${name}: CLS ${cls.toFixed(3)} > ${CLS_GOAL}`);
  }
  out('');
  // Lighthouse slows the CPU 4x from whatever the machine gives: on a busy machine the blocking time
  // (30% of the score) is that of a much slower phone than the preset means.
  out('Total blocking time scales with the machine: runs with a benchmarkIndex far below 1,000 mean the machine was busy.');
  if (missed.length === 0) out(`Goals met: performance >= ${PERFORMANCE_GOAL} and CLS <= ${CLS_GOAL} on every page.`);
  else {
    out(`Goals NOT met: ${missed.join('; ')}`);
    process.exitCode = 1;
  }
}

async function loadBrowse(browser: import('playwright-core').Browser, baseUrl: string): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 360, height: 780 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  // Runs in the page (written as text: this file is compiled without the DOM's types).
  await page.addInitScript({
    content: `window.__lcp = { time: 0, element: '' };
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          window.__lcp = { time: entry.startTime, element: entry.element ? entry.element.tagName.toLowerCase() + '.' + entry.element.className : '' };
        }
      }).observe({ type: 'largest-contentful-paint', buffered: true });`,
  });
  const scripts: Promise<number>[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script') scripts.push(res.body().then((b) => gzipSync(b).length, () => 0));
  });
  await page.goto(`${baseUrl}/browse`, { waitUntil: 'networkidle', timeout: 60_000 });
  await page.locator('.vehicle-card__title').first().waitFor();
  // The largest paint is the first photo: read it once that photo is decoded and two frames have been drawn.
  await page.waitForFunction(`(() => { const img = document.querySelector('.vehicle-card__image'); return !!img && img.complete && img.naturalWidth > 0; })()`, undefined, { timeout: 60_000 });
  await page.evaluate('new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))');
  const lcp = await page.evaluate<{ time: number; element: string }>('window.__lcp');
  if (process.env.BENCH_DEBUG) {
    const timeline = await page.evaluate<string[]>(`[
      ...performance.getEntriesByType('resource').map((e) => e.startTime.toFixed(0) + '-' + e.responseEnd.toFixed(0) + ' ' + e.name.replace(location.origin, '')),
      ...performance.getEntriesByType('paint').map((e) => e.startTime.toFixed(0) + ' ' + e.name),
    ]`);
    out(timeline.join('\n'));
  }
  const sizes = await Promise.all(scripts);
  await context.close();
  return { lcpMs: lcp.time, lcpElement: lcp.element, jsGzipBytes: sizes.reduce((a, b) => a + b, 0), jsFiles: sizes.length };
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.stack ?? err.message : String(err)}\n`);
  process.exit(1);
});
