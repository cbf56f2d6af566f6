/**
 * `npm run bench:import`: the dealer API's bulk import (`POST /api/listings/import`, importListings)
 * against the goal of 500 rows in under a minute. The API runs in its own process on an embedded
 * Postgres with the real Auth emulator. A seller becomes a verified dealer (an admin verifies them),
 * makes a `listings:write` key and uploads 20 photos with it (JPEGs, as a dealer's camera makes
 * them). Their stock is BENCH_IMPORT_ROWS rows (default 500) drawn from the catalogue the API
 * answers: brands and models, cities by size, naira prices in the millions, 1 to 4 photos each.
 *
 * Four imports with the key, one after another: the stock as CSV (every row new), the same again
 * (every row unchanged), the same with a tenth of the prices lowered, and the first import as JSON
 * lines into a second dealer with their own photos (every row new). Each: wall time, rows a second,
 * the counts it answered, the CPU the API process and Postgres used; for the imports that create,
 * the time each row took on the server (the gaps between the listings' creation times).
 */
import http from 'node:http';
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { startAuthEmulator } from '../src/firebase/auth-emulator.js';
import { freePort } from '../src/shared/processes.js';
import { renderVehicleArtwork } from '../src/storage/vehicle-artwork.js';
import { int, ms, out, spread } from './alerts-common.js';
import { type Cleanup, createBenchDatabase, startBenchApiProcess } from './bench-stack.js';
import { seeded } from './seeded.js';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 500);
const PHOTOS = 20;
const GOAL_MS = 60_000;
const PROJECT = 'demo-bench-import';
const ADMIN = 'admin@bench-import.test';

interface Person { uid: string; token: string }
interface Catalogue { brands: { name: string; models: string[] }[]; vehicleTypes: string[]; chargingTypes: string[]; locations: string[] }
interface ImportAnswer { created: number; updated: number; unchanged: number; refused: number; rows: { status: string; vehicleId: number | null; errors: { field: string; message: string }[] }[] }

/** One car of a dealer's stock (VehicleInput's fields and the dealer's id), with its photos as indexes into the dealer's uploads. */
interface Car {
  externalId: string; title: string; description: string; price: number; year: number; mileage: number; range: number; vehicleType: string;
  brand: string; model: string; location: string; batteryHealth: number; chargingType: string; fastChargingTime: number | null; vin: string | null;
  sellerPhone: string; isRentalAvailable: boolean; dailyRentalRate: number | null; photos: number[];
}

/** A request with no client-side timeout (fetch's would cut a slow import at 300 s). */
function call(url: string, init: { method?: string; token?: string; type?: string; body?: string | Buffer } = {}): Promise<{ status: number; json: unknown }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = init.token ? { Authorization: `Bearer ${init.token}` } : {};
    if (init.body !== undefined) Object.assign(headers, { 'content-type': init.type ?? 'application/json', 'content-length': Buffer.byteLength(init.body) });
    const req = http.request(url, { method: init.method ?? 'GET', headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, json: text ? JSON.parse(text) : null }));
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

async function expectOk<T = unknown>(what: string, answer: Promise<{ status: number; json: unknown }>): Promise<T> {
  const { status, json } = await answer;
  if (status >= 300) throw new Error(`${what}: ${status} ${JSON.stringify(json)}`);
  return json as T;
}

/** An account with its address verified (as a person who clicked the link), signed in. */
async function person(host: string, email: string, displayName: string): Promise<Person> {
  const base = `http://${host}/identitytoolkit.googleapis.com/v1`;
  const post = async (url: string, body: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`${email}: ${url.split('/').at(-1)}: ${res.status} ${await res.text()}`);
    return (await res.json()) as { localId: string; idToken: string };
  };
  const password = `bench-${email}`;
  const { localId } = await post(`${base}/accounts:signUp?key=demo`, { email, password, displayName, returnSecureToken: true });
  // The emulator takes "owner" as an admin's credentials.
  await post(`${base}/projects/${PROJECT}/accounts:update`, { localId, emailVerified: true }, { Authorization: 'Bearer owner' });
  const { idToken } = await post(`${base}/accounts:signInWithPassword?key=demo`, { email, password, returnSecureToken: true });
  return { uid: localId, token: idToken };
}

/** A verified dealer's `listings:write` key (the admin verifies the request, as staff would). */
async function dealerKey(api: string, dealer: Person, admin: Person, businessName: string): Promise<string> {
  await expectOk('register', call(`${api}/api/auth/user`, { token: dealer.token }));
  await expectOk('dealer request', call(`${api}/api/auth/dealer`, { method: 'PUT', token: dealer.token, body: JSON.stringify({ businessName, cacNumber: 'RC 1234567' }) }));
  await expectOk('verify dealer', call(`${api}/api/admin/dealer-requests/${dealer.uid}/verify`, { method: 'POST', token: admin.token }));
  const key = await expectOk<{ secret: string }>('api key', call(`${api}/api/developer/keys`, { method: 'POST', token: dealer.token, body: JSON.stringify({ name: 'Inventory sync', scopes: ['listings:write'] }) }));
  return key.secret;
}

/** A photo-like JPEG of 1200×800 (the vehicle drawing with grain at two scales, as the storefront bench makes them). */
async function photo(i: number): Promise<Buffer> {
  const grain = (width: number, height: number, sigma: number) =>
    sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma } } }).resize(1200, 800).png().toBuffer();
  const [coarse, fine] = await Promise.all([grain(400, 267, 20), grain(1200, 800, 10)]);
  return sharp(await renderVehicleArtwork('car', (i * 47) % 360, i % 3, i))
    .composite([{ input: coarse, blend: 'overlay' }, { input: fine, blend: 'soft-light' }])
    .jpeg({ quality: 85 })
    .toBuffer();
}

async function upload(api: string, key: string, jpeg: Buffer, i: number): Promise<string> {
  const form = new FormData();
  form.append('image', new Blob([jpeg], { type: 'image/jpeg' }), `IMG_${String(2400 + i)}.jpg`);
  const res = await fetch(`${api}/api/upload/image`, { method: 'POST', headers: { Authorization: `Bearer ${key}` }, body: form });
  if (res.status !== 201) throw new Error(`upload: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { imageUrl: string }).imageUrl;
}

// What a car sells for new, in millions of naira, by brand (a rough Lagos dealer's price list).
const NEW_PRICE: Record<string, number> = {
  Tesla: 85, BMW: 95, 'Mercedes-Benz': 110, Audi: 100, Nissan: 35, Hyundai: 60, Kia: 58, Volkswagen: 45, Ford: 80, Chevrolet: 40, BYD: 50,
  Polestar: 75, Lucid: 180, Rivian: 150, Volvo: 75, Jaguar: 90, Porsche: 200, MG: 32, MINI: 40, Genesis: 90, Cadillac: 130, GAC: 38, Xpeng: 55,
  NIO: 70, 'Li Auto': 75, Chery: 22, JAC: 20, DFSK: 18, Dongfeng: 20, Generic: 95, 'Electric Bikes NG': 1.4, 'Zero Motorcycles': 25, 'Harley-Davidson': 40,
};
// How often a brand turns up on a Nigerian dealer's lot, and a city's share of the stock.
const BRAND_WEIGHT: Record<string, number> = { Hyundai: 8, Kia: 6, Tesla: 6, BYD: 6, Nissan: 5, 'Mercedes-Benz': 4, Volkswagen: 4, MG: 4, GAC: 3, Generic: 3, 'Electric Bikes NG': 3 };
const CITY_WEIGHT: Record<string, number> = { Lagos: 35, Abuja: 20, 'Port Harcourt': 12, Ibadan: 9, Kano: 8, 'Benin City': 7, Kaduna: 5, Jos: 4 };
const TRIMS = ['Long Range', 'Standard Range Plus', 'Performance', 'Premium AWD', 'Launch Edition', 'Extended Range', 'Dual Motor', 'GT-Line', ''];
const HISTORY = ['One owner', 'Two owners', 'Ex-fleet, company maintained', 'Foreign used (tokunbo), cleared at Apapa last month', 'Nigerian used, one family since new'];
const CONDITION = [
  'battery health report available', 'new tyres all round', 'home charger (7 kW) included', 'no accident history, all original paint',
  'full service history at our {city} branch', 'comes with a "clean title" certificate and customs papers', 'inspection welcome at our {city} showroom',
];
const VIN_CHARS = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
const PHONE_PREFIXES = ['803', '806', '813', '816', '703', '706', '810', '814', '903', '906'];

function typeOf(brand: string, model: string): string {
  if (brand === 'Zero Motorcycles' || brand === 'Harley-Davidson') return 'motorcycle';
  if (brand === 'Electric Bikes NG') return 'bike';
  if (/bus/i.test(model)) return 'bus';
  return /truck|lightning|r1t|van|transit/i.test(model) ? 'truck' : 'car';
}

/** A dealer's stock: `rows` cars from the catalogue, the same on every run (seeded). */
function stock(rows: number, catalogue: Catalogue, thisYear: number): Car[] {
  const rand = seeded(2026);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;
  const weighted = <T extends { name: string }>(items: readonly T[], weights: Record<string, number>): T => {
    const total = items.reduce((n, item) => n + (weights[item.name] ?? 1), 0);
    let at = rand() * total;
    return items.find((item) => (at -= weights[item.name] ?? 1) < 0) ?? items.at(-1)!;
  };
  const between = (low: number, high: number) => low + Math.floor(rand() * (high - low + 1));
  const branches = Array.from({ length: 4 }, () => `+234${pick(PHONE_PREFIXES)}${String(between(0, 9_999_999)).padStart(7, '0')}`);
  return Array.from({ length: rows }, (_, i) => {
    const brand = weighted(catalogue.brands, BRAND_WEIGHT);
    const model = pick(brand.models);
    const vehicleType = typeOf(brand.name, model);
    if (!catalogue.vehicleTypes.includes(vehicleType)) throw new Error(`the catalogue has no vehicle type ${vehicleType}`);
    const year = between(thisYear - 8, thisYear);
    const age = thisYear - year;
    const city = weighted(catalogue.locations.map((name) => ({ name })), CITY_WEIGHT).name;
    const trim = vehicleType === 'car' ? pick(TRIMS) : vehicleType === 'bus' ? pick(['40-seater', '32-seater Fleet', '']) : '';
    const price = Math.max(1, Math.round((NEW_PRICE[brand.name] ?? 50) * 1_000_000 * 0.88 ** age * (0.85 + rand() * 0.3) / 50_000)) * 50_000;
    const chargingType = vehicleType === 'bike' ? 'AC' : pick(catalogue.chargingTypes);
    const rentable = vehicleType === 'car' && rand() < 0.08;
    const photos = [...new Set(Array.from({ length: between(1, 4) }, () => between(0, PHOTOS - 1)))];
    const second = pick(CONDITION);
    const description = [
      `${pick(HISTORY)}, ${pick(CONDITION)}.`, `${second[0]!.toUpperCase()}${second.slice(1)}; ${pick(CONDITION)}.`,
      `Customs duty paid. Call or WhatsApp our ${city} branch to book a test drive.`,
    ].join(' ').replaceAll('{city}', () => city);
    return {
      externalId: `BEM-${String(1000 + i * 7)}-${String.fromCharCode(65 + (i % 26))}`,
      title: [year, brand.name, model, trim].filter(Boolean).join(' '),
      description, price, year,
      mileage: age === 0 ? between(5, 900) : between(age * 6_000, age * 18_000),
      range: vehicleType === 'bike' ? between(40, 110) : vehicleType === 'motorcycle' ? between(120, 260) : vehicleType === 'bus' ? between(200, 350) : between(240, 610),
      vehicleType, brand: brand.name, model, location: city,
      batteryHealth: Math.max(60, 100 - age * 3 - between(0, 6)),
      chargingType,
      fastChargingTime: chargingType === 'AC' ? null : between(250, 900) / 10,
      vin: vehicleType === 'bike' ? null : Array.from({ length: 17 }, () => pick([...VIN_CHARS])).join(''),
      sellerPhone: pick(branches),
      isRentalAvailable: rentable,
      dailyRentalRate: rentable ? Math.round(price / 400 / 5_000) * 5_000 : null,
      photos,
    };
  });
}

const FIELDS: (Exclude<keyof Car, 'photos'> | 'imageUrls')[] = ['externalId', 'title', 'description', 'price', 'year', 'mileage', 'range', 'vehicleType',
  'brand', 'model', 'location', 'imageUrls', 'batteryHealth', 'chargingType', 'fastChargingTime', 'vin', 'sellerPhone', 'isRentalAvailable', 'dailyRentalRate'];

const cell = (value: string | number | boolean | null): string => {
  const text = value === null ? '' : String(value);
  return /[",\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};
const toCsv = (cars: Car[], urls: string[]) =>
  `${[FIELDS.join(','), ...cars.map((car) => FIELDS.map((f) => cell(f === 'imageUrls' ? car.photos.map((p) => urls[p]).join('|') : car[f])).join(','))].join('\n')}\n`;
const toJsonLines = (cars: Car[], urls: string[]) =>
  cars.map(({ photos, ...car }) => JSON.stringify({ ...Object.fromEntries(Object.entries(car).filter(([, v]) => v !== null)), imageUrls: photos.map((p) => urls[p]) })).join('\n');

/** CPU seconds a process has used; with `children`, what its children (Postgres's backends) used, living and ended. */
function cpuSeconds(pid: number, children = false): number {
  // The fields after the command's name, from the state on (utime is the 12th of them).
  const fields = (p: number | string) => readFileSync(`/proc/${p}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
  const own = fields(pid);
  let ticks = Number(own[11]) + Number(own[12]);
  if (children) {
    ticks += Number(own[13]) + Number(own[14]);
    for (const entry of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
      try {
        const f = fields(entry);
        if (Number(f[1]) === pid) ticks += Number(f[11]) + Number(f[12]);
      } catch { /* ended meanwhile */ }
    }
  }
  return ticks / 100;
}

/** CPU seconds the whole machine has been busy (every core, every process). */
function machineBusySeconds(): number {
  const [user, nice, system, , , irq, softirq] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  return (user! + nice! + system! + irq! + softirq!) / 100;
}

interface Run { name: string; format: string; answer: ImportAnswer; wallMs: number; apiCpu: number; pgCpu: number | null; otherCpu: number | null; perRow: number[] | null }

async function main(): Promise<void> {
  const cleanups: Cleanup[] = [];
  const dir = mkdtempSync(path.join(os.tmpdir(), 'voltmarket-import-bench-'));
  await fs.chmod(dir, 0o755);
  const loadBefore = os.loadavg();
  try {
    let started = performance.now();
    const url = await createBenchDatabase(dir, 'vm_import_bench', cleanups);
    const emulator = await startAuthEmulator({ projectId: PROJECT, port: await freePort() });
    cleanups.push(() => emulator.stop());
    const api = await startBenchApiProcess(url, path.join(dir, 'data'), cleanups, {
      FIREBASE_PROJECT_ID: PROJECT, FIREBASE_AUTH_EMULATOR_HOST: emulator.host, ADMIN_EMAILS: ADMIN,
    });
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    cleanups.push(() => db.end());
    // Postgres's CPU: its postmaster's children (on an embedded server on this machine only).
    const { rows: [pm] } = await db.query<{ pid: number }>(`select pid from pg_stat_activity where backend_type = 'checkpointer'`);
    const postmaster = pm && !process.env.DATABASE_URL ? Number(readFileSync(`/proc/${pm.pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ')[1]) : null;

    const [admin, bello, second] = await Promise.all([
      person(emulator.host, ADMIN, 'Amaka Staff'),
      person(emulator.host, 'fleet.sales@bello-electric-motors.com.ng', 'Chukwuemeka Okonkwo-Adeyemi'),
      person(emulator.host, 'stock@garki-ev-autos.com.ng', 'Hauwa Abdullahi-Bello'),
    ]);
    await expectOk('register admin', call(`${api.url}/api/auth/user`, { token: admin.token }));
    const belloKey = await dealerKey(api.url, bello, admin, 'Bello Electric Motors Ltd');
    const secondKey = await dealerKey(api.url, second, admin, 'Garki EV Autos Ltd');
    const jpegs = await Promise.all(Array.from({ length: PHOTOS * 2 }, (_, i) => photo(i)));
    const belloPhotos: string[] = [];
    const secondPhotos: string[] = [];
    for (let i = 0; i < PHOTOS; i++) belloPhotos.push(await upload(api.url, belloKey, jpegs[i]!, i));
    for (let i = 0; i < PHOTOS; i++) secondPhotos.push(await upload(api.url, secondKey, jpegs[PHOTOS + i]!, PHOTOS + i));
    const catalogue = await expectOk<Catalogue>('catalogue', call(`${api.url}/api/catalogue`));
    const cars = stock(ROWS, catalogue, new Date().getFullYear());
    const rand = seeded(7);
    const cheaper = new Set<number>();
    while (cheaper.size < Math.round(ROWS / 10)) cheaper.add(Math.floor(rand() * ROWS));
    const repriced = cars.map((car, i) => (cheaper.has(i) ? { ...car, price: car.price - Math.max(1, Math.round(car.price * (0.03 + rand() * 0.05) / 50_000)) * 50_000 } : car));
    const kB = (text: string) => `${(Buffer.byteLength(text) / 1024).toFixed(0)} kB`;
    const firstCsv = toCsv(cars, belloPhotos);
    const jsonLines = toJsonLines(cars, secondPhotos);
    out(`Set up in ${((performance.now() - started) / 1000).toFixed(1)} s: 2 verified dealers with a listings:write key and ${PHOTOS} uploaded JPEGs each; ` +
      `${int(ROWS)} rows of ${new Set(cars.map((c) => `${c.brand} ${c.model}`)).size} models in ${new Set(cars.map((c) => c.location)).size} cities, ` +
      `₦${(Math.min(...cars.map((c) => c.price)) / 1e6).toFixed(2)}M to ₦${(Math.max(...cars.map((c) => c.price)) / 1e6).toFixed(1)}M, ` +
      `${cars.reduce((n, c) => n + c.photos.length, 0)} photos (CSV ${kB(firstCsv)}, JSON lines ${kB(jsonLines)})`);

    const runs: Run[] = [];
    const measure = async (name: string, key: string, format: 'text/csv' | 'application/x-ndjson', body: string, sellerId: string, created: boolean) => {
      const cpuBefore = [cpuSeconds(api.pid), postmaster ? cpuSeconds(postmaster, true) : 0, machineBusySeconds(), process.cpuUsage()];
      started = performance.now();
      const answer = await expectOk<ImportAnswer>(name, call(`${api.url}/api/listings/import`, { method: 'POST', token: key, type: format, body }));
      const wallMs = performance.now() - started;
      const apiCpu = cpuSeconds(api.pid) - (cpuBefore[0] as number);
      const pgCpu = postmaster ? cpuSeconds(postmaster, true) - (cpuBefore[1] as number) : null;
      // What else kept the cores busy meanwhile: the machine's busy time less the API's, Postgres's and this process's.
      const own = process.cpuUsage(cpuBefore[3] as NodeJS.CpuUsage);
      const otherCpu = pgCpu === null ? null : Math.max(0, machineBusySeconds() - (cpuBefore[2] as number) - apiCpu - pgCpu - (own.user + own.system) / 1e6);
      const refused = answer.rows.find((r) => r.status === 'refused');
      if (refused) out(`  ${name}: a refused row: ${JSON.stringify(refused.errors)}`);
      let perRow: number[] | null = null;
      if (created) {
        // Each row's time on the server: the gap between its listing's creation time and the one before.
        const { rows } = await db.query<{ at: Date }>(`select created_at as at from listings where seller_id = $1 order by created_at`, [sellerId]);
        perRow = rows.slice(1).map((r, i) => r.at.getTime() - rows[i]!.at.getTime());
      }
      runs.push({ name, format: format === 'text/csv' ? 'CSV' : 'JSON lines', answer, wallMs, apiCpu, pgCpu, otherCpu, perRow });
      out(`  ${name}: ${(wallMs / 1000).toFixed(1)} s`);
    };
    await measure('1. new stock: every row new', belloKey, 'text/csv', firstCsv, bello.uid, true);
    await measure('2. the same stock again', belloKey, 'text/csv', firstCsv, bello.uid, false);
    await measure(`3. ${cheaper.size} prices lowered`, belloKey, 'text/csv', toCsv(repriced, belloPhotos), bello.uid, false);
    await measure('4. new stock into a second dealer', secondKey, 'application/x-ndjson', jsonLines, second.uid, true);
    const loadAfter = os.loadavg();

    const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
    out('');
    // Otherwise idle: other processes used less than a tenth of a core on average while the imports ran.
    const others = runs.every((r) => r.otherCpu !== null) ? runs.reduce((n, r) => n + r.otherCpu!, 0) / (runs.reduce((n, r) => n + r.wallMs, 0) / 1000) : null;
    const idle = others === null ? 'other work on the machine not measured' : others < 0.1 ? 'the machine was otherwise idle' : `other work kept ${others.toFixed(2)} of the ${os.cpus().length} cores busy meanwhile`;
    out(`### ${int(ROWS)} rows an import (Node ${process.versions.node}, ${os.cpus().length} cores ${cpu}, ${new Date().toISOString().slice(0, 10)}, ` +
      `load average ${loadBefore[0]!.toFixed(2)} before, ${loadAfter[0]!.toFixed(2)} after; ${idle})`);
    out('');
    out('| import | format | wall s | rows/s | created | updated | unchanged | refused | API CPU s | Postgres CPU s | other CPU s | server ms a row p50 / p95 | goal (< 60 s) |');
    out('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|');
    for (const r of runs) {
      const a = r.answer;
      const rowSpread = r.perRow ? spread(r.perRow) : null;
      out(`| ${r.name} | ${r.format} | ${(r.wallMs / 1000).toFixed(1)} | ${(a.rows.length / (r.wallMs / 1000)).toFixed(1)} | ${a.created} | ${a.updated} | ${a.unchanged} | ${a.refused} | ` +
        `${r.apiCpu.toFixed(1)} | ${r.pgCpu === null ? '–' : r.pgCpu.toFixed(1)} | ${r.otherCpu === null ? '–' : r.otherCpu.toFixed(1)} | ${rowSpread ? `${ms(rowSpread.p50)} / ${ms(rowSpread.p95)}` : '–'} | ${r.wallMs < GOAL_MS ? 'met' : '**missed**'} |`);
    }
    const slowest = runs.reduce((a, b) => (b.wallMs > a.wallMs ? b : a));
    out('');
    out(`The goal (${int(ROWS)} rows in under a minute) is ${runs.every((r) => r.wallMs < GOAL_MS) ? 'met' : '**missed**'}: the slowest import, "${slowest.name}", took ${(slowest.wallMs / 1000).toFixed(1)} s.`);
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    await fs.rm(dir, { recursive: true, force: true });
  }
}

await main().catch((err: unknown) => {
  process.stderr.write(`Import benchmark failed: ${err instanceof Error ? err.stack ?? err.message : String(err)}\n`);
  process.exitCode = 1;
});
process.exit();
