import { chromium } from 'playwright-core';
const path = process.argv[2] ?? '/browse';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const context = await browser.newContext({ viewport: { width: 360, height: 780 }, serviceWorkers: 'block' });
const page = await context.newPage();
const cdp = await context.newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
await page.addInitScript(() => {
  window.__long = [];
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__long.push([Math.round(e.startTime), Math.round(e.duration)]); }).observe({ type: 'longtask', buffered: true });
});
await cdp.send('Profiler.start');
await page.goto(`http://127.0.0.1:8080${path}`);
await page.waitForSelector('html[data-hydrated]', { timeout: 30000 });
await page.waitForTimeout(3000);
const { profile } = await cdp.send('Profiler.stop');
const long = await page.evaluate(() => window.__long);
console.log('long tasks', JSON.stringify(long));
// Map samples to time
const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const nav = await page.evaluate(() => performance.timeOrigin);
let t = profile.startTime;
const samples = profile.samples.map((id, i) => { t += profile.timeDeltas[i]; return { id, t }; });
// profile time in microseconds (monotonic); align with performance.now via first long task is hard; use relative windows by heuristics: print per long-task window the top stacks by time offset from profile start
const origin = (await cdp.send('Runtime.evaluate', { expression: 'performance.now()' }));
for (const [start, dur] of long) {
  const counts = new Map();
  for (const s of samples) {
    const rel = (s.t - profile.startTime) / 1000; // ms since profiler start
    if (rel < start - 5 || rel > start + dur + 5) continue;
    // walk up to find a meaningful frame
    let n = nodes.get(s.id); const chain = [];
    while (n && chain.length < 40) { const f = n.callFrame; if (f.functionName || f.url) chain.push(`${f.functionName || '(anon)'}@${(f.url.split('/').pop() || '').slice(0, 24)}`); n = nodes.get(parent.get(n.id)); }
    const key = chain.slice(0, 1).join(' < ') + ' | ' + chain.filter((c) => !c.includes('start-') && !c.includes('index-') ).slice(0,1).join('') + ' || ' + chain.slice(-6).join(' < ');
    counts.set(key, (counts.get(key) ?? 0) + 0.2);
  }
  console.log(`\nTASK at ${start} ms, ${dur} ms`);
  for (const [k, v] of [...counts].sort((a, b) => b[1] - a[1]).slice(0, 8)) console.log(`  ${v.toFixed(1)} ms  ${k}`);
}
await browser.close();
