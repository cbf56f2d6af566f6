import type pg from 'pg';
import { LISTING_LOCATIONS } from '@voltmarket/domain';
import { DEMO_MODELS } from '../src/postgres/seed/demo-catalogue.js';

/** Filler for the benchmark's descriptions, kept word for word so that search timings stay comparable across runs. */
const BENCH_PHRASES = [
  'Clean title, full service history and both keys.',
  'Home charger included; battery warranty still running.',
  'Foreign used, cleared at Apapa with complete customs papers.',
  'Nigerian used by one careful owner; never in an accident.',
  'Fresh tyres and a new 12 V battery; ready to drive away.',
  'Inspection welcome at our Lekki showroom on weekdays.',
  'Perfect for daily runs around the city with no fuel queues.',
  'Fleet maintained with logged charging sessions.',
];

/**
 * Fills a migrated database with `count` listings spread over the demo catalogue, all cities,
 * years 2015-2026, realistic prices; 5% pending; 1% with a boost running (a third of them at each tier,
 * ending over the next 30 days) and 0.1% whose boost ended within the last hour (the clearing job has
 * not run yet). Done in SQL so
 * 100,000 rows take seconds.
 */
export async function loadBenchListings(client: pg.Client, count: number): Promise<void> {
  await client.query(`insert into users (id, email, first_name, last_name, role)
    select 'bench-seller-' || g, 'seller' || g || '@bench.test', 'Seller', 'No ' || g, 'user' from generate_series(0, 199) g`);
  await client.query('select setseed(0.2026)');
  await client.query(
    `with catalogue as (
       select * from unnest($1::text[], $2::text[], $3::text[], $4::bigint[], $5::int[], $6::text[])
         with ordinality as c(brand, model, vehicle_type, base_price, range, charging, n)
     ), picks as (
       select g,
              (select count(*) from catalogue) as models,
              1 + floor(random() * (select count(*) from catalogue))::int as model_n,
              2015 + floor(random() * 12)::int as year,
              floor(random() * $7::int)::int as city,
              random() as r1, random() as r2, random() as r3
       from generate_series(1, $8::int) g
     )
     insert into listings (seller_id, status, is_verified, views, boost_tier, boosted_until, created_at, updated_at, approved_at, title, description,
       price, year, mileage, range, vehicle_type, brand, model, location, image_urls, battery_health, charging_type)
     select 'bench-seller-' || (p.g % 200),
            case when p.g % 20 = 0 then 'pending' else 'active' end,
            p.g % 20 <> 0,
            floor(p.r3 * 500)::int,
            case when p.g % 100 = 7 or p.g % 1000 = 8 then 1 + (p.g / 100) % 3 else 0 end,
            case when p.g % 100 = 7 then now() + (p.r2 * interval '30 days') when p.g % 1000 = 8 then now() - (p.r2 * interval '1 hour') end,
            now() - (p.r1 * interval '720 days'),
            now(),
            case when p.g % 20 = 0 then null else least(now(), now() - (p.r1 * interval '720 days') + interval '6 hours') end,
            p.year || ' ' || c.brand || ' ' || c.model,
            p.year || ' ' || c.brand || ' ' || c.model || '. ' || ($9::text[])[1 + (p.g % array_length($9::text[], 1))],
            greatest(100000, round(c.base_price * power(0.88, 2026 - p.year) * (0.85 + p.r2 * 0.3) / 10000) * 10000)::int,
            p.year,
            ((2026 - p.year) * 9000 + floor(p.r1 * 15000))::int,
            c.range,
            c.vehicle_type, c.brand, c.model,
            ($10::text[])[1 + p.city],
            '["/uploads/bench/car.webp"]'::jsonb,
            greatest(70, 100 - (2026 - p.year) * 3)::int,
            c.charging
     from picks p join catalogue c on c.n = p.model_n`,
    [
      DEMO_MODELS.map((m) => m.brand),
      DEMO_MODELS.map((m) => m.model),
      DEMO_MODELS.map((m) => m.type),
      DEMO_MODELS.map((m) => m.basePrice),
      DEMO_MODELS.map((m) => m.range),
      DEMO_MODELS.map((m) => m.charging),
      LISTING_LOCATIONS.length,
      count,
      BENCH_PHRASES,
      [...LISTING_LOCATIONS],
    ],
  );
  // FREEZE marks every page all-visible, as autovacuum would on a settled table, so index-only scans apply.
  await client.query('vacuum (freeze, analyze) listings');
  // Measured: the first VACUUM after the bulk insert leaves relallvisible at 0; a second one sets it.
  await client.query('vacuum listings');
  await client.query('vacuum analyze users');
}
