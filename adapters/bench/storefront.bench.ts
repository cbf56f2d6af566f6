/**
 * What a buyer on a Nigerian mobile network gets from each public page of the storefront, in Chromium
 * on a 360 px phone, cold cache, CPU slowed 4x, on two networks: 400 kbps with 400 ms round trips (a
 * congested 3G/4G cell) and 1.6 Mbps with 150 ms. Per page and network, the median of
 * BENCH_PAGE_LOADS (3) loads of:
 *   - first price on screen: the first frame in which a naira amount is drawn on the page;
 *   - the bytes received before that frame (every response, headers aside), and in all until the page
 *     is the app's (hydrated: its buttons answer), and when that was;
 *   - the Largest Contentful Paint.
 * Goals: first price <= 2.5 s at 400 kbps and <= 1.2 s at 1.6 Mbps on home, /browse, a vehicle page
 * and /rent; at most 40 kB before it. Then Lighthouse (mobile preset, performance and accessibility)
 * on every page, median of BENCH_LIGHTHOUSE_RUNS (3): goals performance >= 98, accessibility 100,
 * CLS <= 0.02. The bench sets exit code 1 when a goal is missed.
 *
 * It builds the storefront of the working tree, so the same file measures an older commit (its
 * first view, if any, included) for "before" figures.
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { type Browser, chromium } from 'playwright-core';
import { build } from 'vite';
import { LocalDiskImageStore } from '../src/storage/photo-store.js';
import { renderVehicleArtwork } from '../src/storage/vehicle-artwork.js';
import { loadBenchListings } from './bench-data.js';
import { auditPages, type PageAudit } from './lighthouse-audit.js';
import { createBenchDatabase, startBenchApi } from './bench-stack.js';

const LOADS = Number(process.env.BENCH_PAGE_LOADS ?? 3);
const LISTINGS = 2_000;
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const GOALS = { slowPriceMs: 2_500, fastPriceMs: 1_200, bytesBeforePrice: 40 * 1024, performance: 98, accessibility: 100, cls: 0.02 };
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const LIGHTHOUSE_VERSION = (JSON.parse(readFileSync(new URL(import.meta.resolve('lighthouse/package.json')), 'utf8')) as { version: string }).version;

interface Network { name: string; kbps: number; rttMs: number; priceGoalMs: number }
const NETWORKS: Network[] = [
  { name: '400 kbps, 400 ms', kbps: 400, rttMs: 400, priceGoalMs: GOALS.slowPriceMs },
  { name: '1.6 Mbps, 150 ms', kbps: 1_600, rttMs: 150, priceGoalMs: GOALS.fastPriceMs },
];

interface Page { name: string; path: string; priced: boolean; goals: boolean }
interface Load { priceMs: number | null; bytesBeforePrice: number | null; bytes: number; lcpMs: number; readyMs: number }

const out = (line: string) => process.stdout.write(`${line}\n`);

const PHOTOS = 96;
/**
 * A photo-like picture: the local vehicle drawing with grain at two scales. The flat drawing alone
 * makes a 4 kB thumbnail, a quarter of a photo's: this one weighs about 16 kB at 480 px (WebP, as
 * uploads are stored), close to a real street photo's 14.9 kB, so the bytes measured are a buyer's.
 */
async function photoLike(i: number): Promise<Buffer> {
  const grain = (width: number, height: number, sigma: number) =>
    sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma } } }).resize(1200, 800).png().toBuffer();
  const [coarse, fine] = await Promise.all([grain(400, 267, 20), grain(1200, 800, 10)]);
  return sharp(await renderVehicleArtwork('car', i * 37, i % 3, i))
    .composite([{ input: coarse, blend: 'overlay' }, { input: fine, blend: 'soft-light' }])
    .png()
    .toBuffer();
}

async function main(): Promise<void> {
  const cleanups: (() => Promise<unknown>)[] = [];
  try {
    out(`Voltmarket storefront benchmark: every public page on a 360 px phone, CPU 4x slower, cold cache, median of ${LOADS} loads per network`);
    process.env.NODE_ENV = 'production';
    await build({ root: 'storefront', mode: 'production', logLevel: 'warn' });
    // The server's first views, where the code has them.
    if (existsSync('storefront/src/entry-server.tsx')) {
      await build({ root: 'storefront', mode: 'production', logLevel: 'warn', build: { ssr: 'src/entry-server.tsx', outDir: 'dist-server' } });
    }

    const dir = mkdtempSync(path.join(os.tmpdir(), 'voltmarket-bench-storefront-'));
    cleanups.push(() => fs.rm(dir, { recursive: true, force: true }));
    const dbUrl = await createBenchDatabase(dir, `voltmarket_bench_sf_${process.pid}`, cleanups);

    // Photos processed as uploads are (WebP large + thumbnail), three per listing, all different for
    // 32 listings in a row: a page of 24 cards fetches 24 photos, as it would on the real site.
    const images = new LocalDiskImageStore(path.join(dir, 'data', 'uploads'));
    const urls: string[] = [];
    for (let i = 0; i < PHOTOS; i++) urls.push((await images.store(await photoLike(i))).url);
    const client = new pg.Client({ connectionString: dbUrl });
    await client.connect();
    await loadBenchListings(client, LISTINGS);
    await client.query(
      `update listings set image_urls = jsonb_build_array(($1::text[])[(id * 3) % $2 + 1], ($1::text[])[(id * 3 + 1) % $2 + 1], ($1::text[])[(id * 3 + 2) % $2 + 1])`,
      [urls, PHOTOS],
    );
    // One listing in ten can be rented, by the day.
    await client.query(`update listings set is_rental_available = true, daily_rental_rate = 30000 + (id % 7) * 5000 where id % 10 = 3 and status = 'active'`);
    const { rows } = await client.query<{ id: number; seller_id: string }>(`select id, seller_id from listings where status = 'active' order by id limit 1`);
    await client.end();
    const first = rows[0]!;

    const apiUrl = await startBenchApi(dbUrl, path.join(dir, 'data'), cleanups);
    const pages: Page[] = [
      { name: 'home', path: '/', priced: true, goals: true },
      { name: '/browse', path: '/browse', priced: true, goals: true },
      { name: 'a vehicle page', path: `/vehicles/${first.id}`, priced: true, goals: true },
      { name: '/rent', path: '/rent', priced: true, goals: true },
      { name: 'a seller page', path: `/sellers/${first.seller_id}`, priced: true, goals: false },
      { name: '/advertise', path: '/advertise', priced: true, goals: false },
      { name: '/about', path: '/about', priced: false, goals: false },
    ];
    // BENCH_PAGES=home,/rent measures those pages only.
    const only = process.env.BENCH_PAGES?.split(',').map((p) => p.trim());
    const measured = only ? pages.filter((p) => only.includes(p.name)) : pages;
    const missed: string[] = [];
    if (LOADS > 0) await measurePages(apiUrl, measured, missed, cleanups);
    if (LOADS > 0 && (!only || only.includes('offline'))) await measureOfflineRepeat(apiUrl, `/vehicles/${first.id}`, missed, cleanups);
    if (LOADS > 0 && (!only || only.includes('data saver'))) await measureDataSaverVisit(apiUrl, missed, cleanups);
    if (LIGHTHOUSE_RUNS > 0) await runLighthouse(apiUrl, measured, missed);
    out('');
    if (missed.length === 0) out('Goals met.');
    else {
      out(`Goals NOT met: ${missed.join('; ')}`);
      process.exitCode = 1;
    }
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  }
}

async function measurePages(apiUrl: string, pages: Page[], missed: string[], cleanups: (() => Promise<unknown>)[]): Promise<void> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
  cleanups.push(() => browser.close());
  for (const page of pages) await load(browser, apiUrl, page.path, NETWORKS[1]!, page.priced); // warm the server, not the browser
  out('');
  out('| page | network | first price on screen | bytes before it | LCP | app ready (hydrated) | bytes until then | runs (first price, s) |');
  out('|---|---|---:|---:|---:|---:|---:|---|');
  for (const page of pages) {
    for (const network of NETWORKS) {
      const loads: Load[] = [];
      for (let i = 0; i < LOADS; i++) loads.push(await load(browser, apiUrl, page.path, network, page.priced));
      const price = page.priced ? median(loads.map((l) => l.priceMs ?? Number.POSITIVE_INFINITY)) : null;
      const before = page.priced ? median(loads.map((l) => l.bytesBeforePrice ?? Number.POSITIVE_INFINITY)) : null;
      const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
      out(`| ${page.name} | ${network.name} | ${price === null ? '–' : `${(price / 1000).toFixed(2)} s`} | ${before === null ? '–' : kb(before)} | ${(median(loads.map((l) => l.lcpMs)) / 1000).toFixed(2)} s | ${(median(loads.map((l) => l.readyMs)) / 1000).toFixed(2)} s | ${kb(median(loads.map((l) => l.bytes)))} | ${loads.map((l) => (l.priceMs === null ? '–' : (l.priceMs / 1000).toFixed(2))).join(', ')} |`);
      if (page.goals && price !== null && price > network.priceGoalMs) missed.push(`${page.name} at ${network.name}: first price ${(price / 1000).toFixed(2)} s > ${network.priceGoalMs / 1000} s`);
      if (page.goals && before !== null && before > GOALS.bytesBeforePrice) missed.push(`${page.name} at ${network.name}: ${kb(before)} before the first price > 40 kB`);
    }
  }
}

// Runs in the page from its first moment (text: this file is compiled without the DOM's types). Each
// frame until it finds one, it looks for a naira amount laid out on the page (on a phone the first is
// often a scroll below the fold: the home page's hero, Browse's filters); the frame it is found in is
// the one that draws it (rendering, and so frames, wait for the page's stylesheet).
const WATCH = `
  window.__bench = { priceMs: null, lcpMs: 0, readyMs: null };
  new MutationObserver(() => {
    if (window.__bench.readyMs === null && document.documentElement.hasAttribute('data-hydrated')) window.__bench.readyMs = performance.now();
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-hydrated'] });
  new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__bench.lcpMs = e.startTime; })
    .observe({ type: 'largest-contentful-paint', buffered: true });
  const seen = () => {
    const walker = document.createTreeWalker(document.body || document.documentElement, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!/₦\\s?\\d/.test(node.data) || !node.parentElement) continue;
      const box = node.parentElement.getBoundingClientRect();
      if (box.width > 0 && box.height > 0 && getComputedStyle(node.parentElement).visibility !== 'hidden') return true;
    }
    return false;
  };
  const frame = (time) => {
    if (window.__bench.priceMs !== null) return;
    if (document.body && seen()) window.__bench.priceMs = time;
    else requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);`;

async function load(browser: Browser, baseUrl: string, pagePath: string, network: Network, priced: boolean): Promise<Load> {
  // Cold: no service worker either (the repeat visit offline is measured on its own).
  const context = await browser.newContext({ viewport: { width: 360, height: 780 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, serviceWorkers: 'block' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: network.rttMs, downloadThroughput: (network.kbps * 1000) / 8, uploadThroughput: (network.kbps * 1000) / 8 });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  // Bytes as they arrive, on the browser's clock (seconds); the page's request marks its zero.
  const received: { at: number; bytes: number }[] = [];
  let start = Number.NaN;
  cdp.on('Network.requestWillBeSent', (e: { type?: string; timestamp: number }) => {
    if (e.type === 'Document' && Number.isNaN(start)) start = e.timestamp;
  });
  cdp.on('Network.dataReceived', (e: { timestamp: number; encodedDataLength: number }) => received.push({ at: e.timestamp, bytes: e.encodedDataLength }));
  await page.addInitScript({ content: WATCH });
  await page.goto(`${baseUrl}${pagePath}`, { waitUntil: 'load', timeout: 120_000 });
  // A page drawn by the browser shows its prices after the load event, when its data has come.
  // (A function, not a string: the page's Content-Security-Policy forbids evaluating strings.)
  if (priced) {
    await page.waitForFunction(() => (globalThis as unknown as { __bench: { priceMs: number | null } }).__bench.priceMs !== null, undefined, { timeout: 60_000 }).catch(async (error: unknown) => {
      const shown = (await page.locator('body').innerText().catch(() => '')).replace(/\s+/g, ' ').slice(0, 400);
      throw new Error(`${pagePath} at ${network.name}: no price on screen in 60 s; the page shows: ${shown}`, { cause: error });
    });
  }
  // The app's code comes after a server-drawn page is painted: the visit is counted until it has started.
  await page.waitForFunction(() => (globalThis as unknown as { __bench: { readyMs: number | null } }).__bench.readyMs !== null, undefined, { timeout: 120_000 });
  await page.evaluate('new Promise((done) => setTimeout(done, 300))');
  const bench = await page.evaluate<{ priceMs: number | null; lcpMs: number; readyMs: number; origin: number }>('({ ...window.__bench, origin: performance.timeOrigin })');
  await context.close();
  const before = bench.priceMs === null ? null : received.filter((r) => (r.at - start) * 1000 <= bench.priceMs!).reduce((sum, r) => sum + r.bytes, 0);
  return { priceMs: bench.priceMs, bytesBeforePrice: before, bytes: received.reduce((sum, r) => sum + r.bytes, 0), lcpMs: bench.lcpMs, readyMs: bench.readyMs };
}

/**
 * A whole visit of /browse with data saver on (`Save-Data: on`): the page, then scrolled card by card
 * to its 24th with every photo drawn, all bytes counted (the next page's answer that the scroll asks
 * for on the way included). Goal: at most 400 kB.
 */
async function measureDataSaverVisit(apiUrl: string, missed: string[], cleanups: (() => Promise<unknown>)[]): Promise<void> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
  cleanups.push(() => browser.close());
  const totals: number[] = [];
  const photoTotals: number[] = [];
  for (let i = 0; i < LOADS; i++) {
    const context = await browser.newContext({ viewport: { width: 360, height: 780 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, serviceWorkers: 'block', extraHTTPHeaders: { 'Save-Data': 'on' } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const fast = NETWORKS[1]!;
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: fast.rttMs, downloadThroughput: (fast.kbps * 1000) / 8, uploadThroughput: (fast.kbps * 1000) / 8 });
    let bytes = 0;
    let photoBytes = 0;
    const photos = new Set<string>();
    cdp.on('Network.responseReceived', (e: { requestId: string; type: string }) => {
      if (e.type === 'Image') photos.add(e.requestId);
    });
    cdp.on('Network.dataReceived', (e: { requestId: string; encodedDataLength: number }) => {
      bytes += e.encodedDataLength;
      if (photos.has(e.requestId)) photoBytes += e.encodedDataLength;
    });
    await page.goto(`${apiUrl}/browse`, { waitUntil: 'load', timeout: 120_000 });
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 120_000 });
    const cards = page.locator('.vehicle-grid .vehicle-card');
    for (let n = 0; n < 24; n++) {
      await cards.nth(n).scrollIntoViewIfNeeded();
      // (No function declared inside: the page's functions are sent as text, without the runner's helpers.)
      await page.waitForFunction(
        (k) => (globalThis as unknown as { document: { querySelectorAll: (s: string) => { complete: boolean }[] } }).document.querySelectorAll('.vehicle-grid .vehicle-card__image')[k]?.complete === true,
        n, { timeout: 60_000, polling: 50 },
      );
    }
    await page.waitForLoadState('networkidle');
    totals.push(bytes);
    photoTotals.push(photoBytes);
    await context.close();
  }
  const total = median(totals);
  out('');
  out(`A whole /browse visit with data saver on (24 cards scrolled through, every photo drawn, 1.6 Mbps): ${(total / 1024).toFixed(1)} kB, of which photos ${(median(photoTotals) / 1024).toFixed(1)} kB (runs ${totals.map((t) => (t / 1024).toFixed(1)).join(', ')}); goal <= 400 kB${total <= 400 * 1024 ? ' (met)' : ' (NOT met)'}`);
  if (total > 400 * 1024) missed.push(`data saver visit: ${(total / 1024).toFixed(1)} kB > 400 kB`);
}

/**
 * A vehicle page viewed on the slow network, then opened again with no network at all (the service
 * worker's copy): the first price, from the start of the navigation. Goal: within 1 s.
 */
async function measureOfflineRepeat(apiUrl: string, pagePath: string, missed: string[], cleanups: (() => Promise<unknown>)[]): Promise<void> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
  cleanups.push(() => browser.close());
  const times: number[] = [];
  for (let i = 0; i < LOADS; i++) {
    const context = await browser.newContext({ viewport: { width: 360, height: 780 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, serviceWorkers: 'allow' });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const slow = NETWORKS[0]!;
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: slow.rttMs, downloadThroughput: (slow.kbps * 1000) / 8, uploadThroughput: (slow.kbps * 1000) / 8 });
    await page.goto(`${apiUrl}${pagePath}`, { waitUntil: 'load', timeout: 120_000 });
    // The worker keeps the page it did not see load (sw.ts): wait until it has.
    type Caches = { open: (name: string) => Promise<{ keys: () => Promise<{ url: string }[]> }> };
    await page.waitForFunction(async (p) => (await (await (globalThis as unknown as { caches: Caches }).caches.open('vehicle-pages')).keys()).some((r) => r.url.endsWith(p)), pagePath, { timeout: 60_000, polling: 250 });
    // No network for the whole phone (the page and its service worker), as on a bus without signal.
    await context.setOffline(true);
    await page.addInitScript({ content: WATCH });
    await page.goto(`${apiUrl}${pagePath}`, { waitUntil: 'load', timeout: 60_000 });
    await page.waitForFunction(() => (globalThis as unknown as { __bench: { priceMs: number | null } }).__bench.priceMs !== null, undefined, { timeout: 30_000 });
    times.push(await page.evaluate<number>('window.__bench.priceMs'));
    await context.close();
  }
  const time = median(times);
  out('');
  out(`Repeat visit with no network (a vehicle page seen at 400 kbps, opened again offline, CPU 4x): first price ${(time / 1000).toFixed(2)} s (runs ${times.map((t) => (t / 1000).toFixed(2)).join(', ')}); goal <= 1 s${time <= 1_000 ? ' (met)' : ' (NOT met)'}`);
  if (time > 1_000) missed.push(`offline repeat: first price ${(time / 1000).toFixed(2)} s > 1 s`);
}

/** Lighthouse on every page; goals on each. */
async function runLighthouse(apiUrl: string, pages: Page[], missed: string[]): Promise<void> {
  const audits = await auditPages(CHROMIUM, pages.map((p) => `${apiUrl}${p.path}`), LIGHTHOUSE_RUNS, process.env.BENCH_LIGHTHOUSE_REPORTS);
  out('');
  out(`Lighthouse ${LIGHTHOUSE_VERSION}, mobile preset (simulated slow 4G, 4x CPU slowdown), median of ${LIGHTHOUSE_RUNS} runs per page`);
  out('');
  out('| page | performance | accessibility | LCP | CLS | TBT | performance per run | machine speed (benchmarkIndex) per run |');
  out('|---|---:|---:|---:|---:|---:|---|---|');
  for (const page of pages) {
    const runs = audits.get(`${apiUrl}${page.path}`) ?? [];
    const mid = (pick: (a: PageAudit) => number) => median(runs.map(pick));
    const [performance, accessibility, lcp, cls, tbt] = [mid((a) => a.performance), mid((a) => a.accessibility), mid((a) => a.lcpMs), mid((a) => a.cls), mid((a) => a.tbtMs)];
    out(`| ${page.name} | ${performance} | ${accessibility} | ${(lcp / 1000).toFixed(2)} s | ${cls.toFixed(3)} | ${Math.round(tbt)} ms | ${runs.map((a) => a.performance).join(', ')} | ${runs.map((a) => Math.round(a.benchmarkIndex)).join(', ')} |`);
    if (performance < GOALS.performance) missed.push(`${page.name}: performance ${performance} < ${GOALS.performance}`);
    if (accessibility < GOALS.accessibility) missed.push(`${page.name}: accessibility ${accessibility} < ${GOALS.accessibility}`);
    if (cls > GOALS.cls) missed.push(`${page.name}: CLS ${cls.toFixed(3)} > ${GOALS.cls}`);
  }
  out('');
  // Lighthouse slows the CPU 4x from whatever the machine gives: on a busy machine the blocking time
  // (30% of the score) is that of a much slower phone than the preset means.
  out('Total blocking time scales with the machine: runs with a benchmarkIndex far below 1,000 mean the machine was busy.');
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.stack ?? err.message : String(err)}\n`);
  process.exit(1);
});
