/**
 * `npm run bench:photo-hashes`: the reused-photo lookup (PostgresPhotoHashes.usedByOthers) among
 * BENCH_PHOTOS stored photo hashes (default 1,000,000: ten photos on each of a tenth as many
 * listings, random hashes), with BENCH_PLANTED near-duplicates planted at 0 to 8 bits from stored
 * photos of live listings. First, how far a stored photo's hash moves when the photo is saved from
 * the site and uploaded again (edited or not), and how close two different demo cars come (the
 * threshold's two sides). Then whether every planted copy within the threshold is found and none
 * beyond it, then open loop at fixed rates (BENCH_RATES, default 50, 100, 200 lookups a second,
 * BENCH_OPEN_SECONDS each), every lookup a hash never looked up before (half planted copies, half
 * new photos), each latency from its scheduled start (p50/p95/p99).
 */
import { mkdtempSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { REUSED_PHOTO_MAX_DISTANCE, VEHICLE_TYPES, hammingDistance } from '@voltmarket/domain';
import { createOrm, inContext } from '../src/postgres/orm.js';
import { PHOTO_LOOKUP_SQL, PostgresPhotoHashes } from '../src/postgres/photo-hash-store.js';
import { demoCarArtwork } from '../src/postgres/seed/demo-photos.js';
import { LocalDiskImageStore } from '../src/storage/photo-store.js';
import { loadBenchListings } from './bench-data.js';
import { type Cleanup, createBenchDatabase } from './bench-stack.js';
import { int, ms, out, sleep, spread } from './alerts-common.js';

const PHOTOS = Number(process.env.BENCH_PHOTOS ?? 1_000_000);
const PLANTED = Number(process.env.BENCH_PLANTED ?? 4_000);
const RATES = (process.env.BENCH_RATES ?? '50,100,200').split(',').map(Number).filter((n) => n > 0);
const SECONDS = Number(process.env.BENCH_OPEN_SECONDS ?? 10);
const EDIT_CARS = Number(process.env.BENCH_EDIT_CARS ?? 30);
const DAY = 86_400_000;

const random64 = (): bigint => (BigInt(Math.floor(Math.random() * 2 ** 32)) << 32n) | BigInt(Math.floor(Math.random() * 2 ** 32));
function flip(hash: bigint, bits: number): bigint {
  const chosen = new Set<number>();
  while (chosen.size < bits) chosen.add(Math.floor(Math.random() * 64));
  return [...chosen].reduce((h, bit) => h ^ (1n << BigInt(bit)), hash);
}

/** Both sides of the threshold, measured on the demo artwork through the real image store. */
async function thresholdSides(dir: string): Promise<void> {
  const store = new LocalDiskImageStore(path.join(dir, 'uploads'));
  const edits: Record<string, (webp: Buffer) => Promise<Buffer>> = {
    'saved and uploaded as it is': async (b) => b,
    'as a JPEG, quality 60': (b) => sharp(b).jpeg({ quality: 60 }).toBuffer(),
    'at half size': (b) => sharp(b).resize({ width: 600 }).jpeg().toBuffer(),
    'brighter by 15%': (b) => sharp(b).modulate({ brightness: 1.15 }).jpeg().toBuffer(),
    'a phone number written on it': async (b) => sharp(b).composite([{ input: Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800"><text x="40" y="760" font-size="56" fill="#fff" stroke="#000">Call 0803 555 0101</text></svg>') }]).jpeg().toBuffer(),
    'cropped by 3% on each side': (b) => sharp(b).extract({ left: 36, top: 24, width: 1128, height: 752 }).jpeg().toBuffer(),
  };
  const distances = new Map<string, number[]>(Object.keys(edits).map((k) => [k, []]));
  const carHashes: bigint[][] = [];
  for (let car = 0; car < EDIT_CARS; car++) {
    const pngs = await Promise.all(demoCarArtwork(car, VEHICLE_TYPES[car % VEHICLE_TYPES.length]!));
    const hashes: bigint[] = [];
    const urls: string[] = [];
    for (const png of pngs) {
      const { url } = await store.store(png);
      urls.push(url);
      hashes.push((await store.photoHash(url))!);
    }
    carHashes.push(hashes);
    // What a scammer saves from the site is the stored WebP.
    const saved = await fs.readFile(path.join(dir, 'uploads', urls[0]!.slice('/uploads/'.length)));
    const original = hashes[0]!;
    for (const [name, edit] of Object.entries(edits)) {
      const again = (await store.photoHash((await store.store(await edit(saved))).url))!;
      distances.get(name)!.push(hammingDistance(original, again));
    }
  }
  out(`\nHow far a stored photo's hash moves when it is saved from the site and uploaded again (${EDIT_CARS} demo cars; bits of 64):`);
  out('| copy | median | max | within the threshold |');
  out('|---|---:|---:|---:|');
  for (const [name, ds] of distances) {
    const sorted = [...ds].sort((a, b) => a - b);
    out(`| ${name} | ${sorted[Math.floor(sorted.length / 2)]} | ${sorted.at(-1)} | ${ds.filter((d) => d <= REUSED_PHOTO_MAX_DISTANCE).length}/${ds.length} |`);
  }
  let closest = 64;
  for (let a = 0; a < carHashes.length; a++) for (let b = a + 1; b < carHashes.length; b++) {
    for (const x of carHashes[a]!) for (const y of carHashes[b]!) closest = Math.min(closest, hammingDistance(x, y));
  }
  out(`Two different demo cars: closest photos ${closest} bits apart.`);
}

async function main(): Promise<void> {
  const cleanups: Cleanup[] = [];
  const dir = mkdtempSync(path.join(os.tmpdir(), 'voltmarket-photo-hashes-'));
  await fs.chmod(dir, 0o755);
  try {
    if (EDIT_CARS > 0) await thresholdSides(dir);
    const dbUrl = await createBenchDatabase(dir, 'bench_photo_hashes', cleanups);
    const client = new pg.Client({ connectionString: dbUrl });
    await client.connect();
    cleanups.push(() => client.end());
    const t = performance.now();
    const listings = Math.ceil(PHOTOS / 10);
    await loadBenchListings(client, listings);
    await client.query(`update listings set image_urls = (select jsonb_agg('/uploads/bench/' || (id * 10 + k) || '.webp') from generate_series(0, 9) k)`);
    await client.query(
      `insert into photo_hashes (url, uploader_id, hash, created_at)
       select '/uploads/bench/' || (l.id * 10 + k) || '.webp', l.seller_id, (floor(random() * 4294967296)::bigint << 32) # floor(random() * 4294967296)::bigint, now() - interval '30 days'
       from listings l cross join generate_series(0, 9) k`);
    await client.query('vacuum analyze listings');
    await client.query('vacuum analyze photo_hashes');
    const { rows: [size] } = await client.query<{ n: number; table: string; indexes: string }>(
      `select count(*)::int as n, pg_size_pretty(pg_table_size('photo_hashes')) as table, pg_size_pretty(pg_indexes_size('photo_hashes')) as indexes from photo_hashes`);
    out(`\nLoaded ${int(size!.n)} photo hashes on ${int(listings)} listings in ${((performance.now() - t) / 1000).toFixed(0)} s (table ${size!.table}, indexes ${size!.indexes}).`);

    // Planted copies of photos of live listings, 0 to 10 bits off; each looked up once.
    const { rows: originals } = await client.query<{ url: string; hash: string; listing_id: number }>(
      `select p.url, p.hash::text as hash, l.id as listing_id from photo_hashes p
       join listings l on l.image_urls @> jsonb_build_array(p.url) where l.status = 'active' order by random() limit $1`, [PLANTED]);
    const planted = originals.map((o, i) => {
      const bits = i % 9;
      const original = BigInt.asUintN(64, BigInt(o.hash));
      return { original: o, bits, hash: flip(original, bits) };
    });
    const orm = await createOrm({ clientUrl: dbUrl, poolMax: 8 });
    cleanups.push(() => orm.close());
    const store = new PostgresPhotoHashes(orm);
    const lookup = (hash: bigint) => inContext(orm, () => store.usedByOthers(hash, {
      sellerId: 'bench-scammer', listingId: 0, since: new Date(Date.now() - 90 * DAY), maxDistance: REUSED_PHOTO_MAX_DISTANCE, photoUrl: '/uploads/bench/new.webp',
    }));

    const { rows: plan } = await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${PHOTO_LOOKUP_SQL.near}`, PHOTO_LOOKUP_SQL.nearParams(random64(), REUSED_PHOTO_MAX_DISTANCE));
    const lines = plan.map((r) => r['QUERY PLAN']);
    out(`A new photo's candidates: ${lines.filter((l) => /Index Only Scan/.test(l)).length} index-only scans, ${lines.filter((l) => /Bitmap Index Scan/.test(l)).length} bitmap scans, ${lines.filter((l) => /Seq Scan/.test(l)).length} sequential scans; ${lines.find((l) => /Execution Time/.test(l))?.trim()}.`);

    // Correctness: the planted copies are split between this check and the open loop.
    const checked = planted.slice(0, Math.min(1100, planted.length / 2));
    let found = 0; let missed = 0; let beyond = 0; let strangers = 0;
    for (const p of checked) {
      const matches = await lookup(p.hash);
      const hit = matches.some((m) => m.url === p.original.url);
      if (p.bits <= REUSED_PHOTO_MAX_DISTANCE) {
        if (hit) found++;
        else missed++;
      }
      else if (hit) beyond++;
      strangers += matches.filter((m) => m.url !== p.original.url).length;
    }
    out(`Planted copies within ${REUSED_PHOTO_MAX_DISTANCE} bits found: ${found} of ${found + missed}; copies 5 to 8 bits off reported: ${beyond}; other photos reported: ${strangers}.`);

    out('\n| lookups a second | lookups | p50 ms | p95 ms | p99 ms | max ms | found a copy |');
    out('|---:|---:|---:|---:|---:|---:|---:|');
    const fresh = planted.slice(checked.length).filter((p) => p.bits <= REUSED_PHOTO_MAX_DISTANCE);
    let nextPlanted = 0;
    for (const rate of RATES) {
      const count = rate * SECONDS;
      const latencies: number[] = [];
      let copies = 0;
      const pending: Promise<void>[] = [];
      const started = performance.now();
      for (let i = 0; i < count; i++) {
        const due = started + (i * 1000) / rate;
        const wait = due - performance.now();
        if (wait > 0) await sleep(wait);
        // Every lookup a hash never looked up before: a planted copy every other time, else a new photo.
        const hash = i % 2 === 0 && nextPlanted < fresh.length ? fresh[nextPlanted++]!.hash : random64();
        pending.push(lookup(hash).then((m) => {
          latencies.push(performance.now() - due);
          if (m.length > 0) copies++;
        }));
      }
      await Promise.all(pending);
      const s = spread(latencies);
      out(`| ${rate} | ${int(count)} | ${ms(s.p50)} | ${ms(s.p95)} | ${ms(s.p99)} | ${ms(s.max)} | ${int(copies)} |`);
    }
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    await fs.rm(dir, { recursive: true, force: true });
  }
}

await main();
