/**
 * Setting up `npm run bench:load`: the market (the search bench's listings, every brand and city of
 * the catalogue), the people (accounts in the Auth emulator, sellers owning the listings), and the
 * photos sellers put on the listings they create.
 */
import type pg from 'pg';
import sharp from 'sharp';
import { LISTING_LOCATIONS } from '@voltmarket/domain';
import { DEMO_MODELS } from '../src/postgres/seed/demo-catalogue.js';
import { loadBenchListings } from './bench-data.js';
import type { Api } from './load-client.js';
import { type Account, MORE_MODELS, type Seller } from './load-mix.js';

/** The search bench's listings belong to 200 sellers (bench-data.ts): each becomes a bench account. */
export const SELLERS = 200;

/**
 * `count` listings: the search bench's (bench-data.ts, prices from the catalogue's models), and the
 * catalogue's brands those leave out in the same share per model, so every brand and city is on sale.
 */
export async function loadMarket(client: pg.Client, count: number): Promise<void> {
  const more = Math.round((count * MORE_MODELS.length) / (DEMO_MODELS.length + MORE_MODELS.length));
  await loadBenchListings(client, count - more);
  await client.query('select setseed(0.36)');
  await client.query(
    `with models as (
       select * from unnest($1::text[], $2::text[], $3::bigint[], $4::int[]) with ordinality as m(brand, model, base_price, range, n)
     ), picks as (
       select g, 1 + (g % $5::int) as model_n, 2019 + floor(random() * 8)::int as year, floor(random() * $6::int)::int as city, random() as r1, random() as r2
       from generate_series(1, $7::int) g
     )
     insert into listings (seller_id, status, is_verified, views, boost_tier, created_at, updated_at, approved_at, title, description,
       price, year, mileage, range, vehicle_type, brand, model, location, image_urls, battery_health, charging_type)
     select 'bench-seller-' || (p.g % ${SELLERS}), case when p.g % 20 = 0 then 'pending' else 'active' end, p.g % 20 <> 0, floor(p.r2 * 500)::int, 0,
            now() - (p.r1 * interval '720 days'), now(),
            case when p.g % 20 = 0 then null else least(now(), now() - (p.r1 * interval '720 days') + interval '6 hours') end,
            p.year || ' ' || m.brand || ' ' || m.model, p.year || ' ' || m.brand || ' ' || m.model || '. Clean title, full service history and both keys.',
            greatest(100000, round(m.base_price * power(0.88, 2026 - p.year) * (0.85 + p.r2 * 0.3) / 10000) * 10000)::int,
            p.year, ((2026 - p.year) * 9000 + floor(p.r1 * 15000))::int, m.range, 'car', m.brand, m.model, ($8::text[])[1 + p.city],
            '["/uploads/bench/car.webp"]'::jsonb, greatest(70, 100 - (2026 - p.year) * 3)::int, 'Both'
     from picks p join models m on m.n = p.model_n`,
    [MORE_MODELS.map((m) => m.brand), MORE_MODELS.map((m) => m.model), MORE_MODELS.map((m) => m.basePrice), MORE_MODELS.map((m) => m.range),
      MORE_MODELS.length, LISTING_LOCATIONS.length, more, [...LISTING_LOCATIONS]],
  );
}

/** Signs up one account in the Auth emulator (its REST API, as a phone's SDK does). */
async function signUp(emulatorHost: string, email: string, name: string): Promise<{ uid: string; token: string }> {
  const res = await fetch(`http://${emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'bench-load-pw', displayName: name, returnSecureToken: true }),
  });
  if (!res.ok) throw new Error(`sign-up ${email}: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { localId: string; idToken: string };
  return { uid: body.localId, token: body.idToken };
}

export async function inBatches<T>(count: number, size: number, work: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  for (let start = 0; start < count; start += size) {
    results.push(...(await Promise.all(Array.from({ length: Math.min(size, count - start) }, (_, k) => work(start + k)))));
  }
  return results;
}

/**
 * Buyers and sellers signed up in the emulator and registered in the database; the bench's
 * listings handed to the sellers. Each account has its own network address (X-Forwarded-For), as
 * people behind a load balancer do, so per-address limits count per person.
 */
export async function signUpPeople(client: pg.Client, emulatorHost: string, buyerCount: number): Promise<{ buyers: Account[]; sellers: Seller[] }> {
  const address = (group: number, i: number) => `10.${group}.${i >> 8}.${i & 255}`;
  const buyers = await inBatches(buyerCount, 25, async (i) => ({
    ...(await signUp(emulatorHost, `buyer${i}@bench-load.test`, `Buyer ${i}`)), address: address(1, i),
  }));
  const sellers = await inBatches(SELLERS, 25, async (i) => ({
    ...(await signUp(emulatorHost, `seller${i}@bench-load.test`, `Seller ${i}`)), address: address(2, i), photo: '', listings: [] as number[],
  }));
  await client.query(
    `insert into users (id, email, first_name, last_name, role, created_at, updated_at)
     select a.uid, a.email, split_part(a.name, ' ', 1), split_part(a.name, ' ', 2), 'user', now(), now()
     from unnest($1::text[], $2::text[], $3::text[]) as a(uid, email, name)`,
    [[...buyers, ...sellers].map((a) => a.uid),
      [...buyers.map((_, i) => `buyer${i}@bench-load.test`), ...sellers.map((_, i) => `seller${i}@bench-load.test`)],
      [...buyers.map((_, i) => `Buyer ${i}`), ...sellers.map((_, i) => `Seller ${i}`)]],
  );
  await client.query(
    `update listings l set seller_id = s.uid from unnest($1::text[]) with ordinality as s(uid, n) where l.seller_id = 'bench-seller-' || (s.n - 1)`,
    [sellers.map((s) => s.uid)],
  );
  await client.query(`delete from users where id like 'bench-seller-%'`);
  // As bench-data.ts leaves it: every page all-visible, statistics fresh.
  await client.query('vacuum (freeze, analyze) listings');
  await client.query('vacuum listings');
  await client.query('vacuum analyze users');
  return { buyers, sellers };
}

/** Every live listing with its seller (an index into `sellers`) and price; each seller's own listed on them. */
export async function liveListings(client: pg.Client, sellers: Seller[]): Promise<{ id: number; seller: number; price: number }[]> {
  const index = new Map(sellers.map((s, i) => [s.uid, i]));
  const { rows } = await client.query<{ id: number; seller_id: string; price: number }>(`select id, seller_id, price from listings where status = 'active' order by id`);
  const live = rows.map((r) => ({ id: r.id, seller: index.get(r.seller_id)!, price: r.price }));
  for (const l of live) sellers[l.seller]!.listings.push(l.id);
  return live;
}

/**
 * A seller's photo, uploaded through the API: soft blotches of random grain (drawn small, then
 * enlarged), so no two sellers' photos look alike to the reused-photo check, and each is quick to process.
 */
export async function uploadPhoto(api: Api, seller: Seller, i: number): Promise<string> {
  const grain = await sharp({ create: { width: 48, height: 32, channels: 3, background: '#708090', noise: { type: 'gaussian', mean: 110 + (i % 40), sigma: 50 } } })
    .png().toBuffer();
  const jpeg = await sharp(grain).resize(960, 640).jpeg({ quality: 80 }).toBuffer();
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), `IMG_${4000 + i}.jpg`);
  const res = await fetch(`${api.url}/api/upload/image`, {
    method: 'POST', headers: { authorization: `Bearer ${seller.token}`, 'x-forwarded-for': seller.address }, body: form,
  });
  if (res.status !== 201) throw new Error(`upload: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { imageUrl: string }).imageUrl;
}
