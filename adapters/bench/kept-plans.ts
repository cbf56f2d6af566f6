/**
 * `BENCH_DATABASE_URL=<address keep-listings printed> npm run bench:kept-plans`: whether the plans
 * Postgres keeps for prepared pages (see SqlStatement.name: pages read by id) are as good as plans
 * made for each page's values. Every page the API would prepare among the bench's searches (the
 * realistic mix, its later pages by offset and by cursor, every sort unfiltered down to the 50,000th,
 * the bench's deep and typo searches) runs three times unprepared, planned for its values as it was
 * before pages were prepared, and three times with the kept (generic) plan, which Postgres chooses
 * after five runs; the best of each is compared. A kept plan more than twice as slow (and 2 ms
 * slower) is listed, and the script exits with 1.
 */
import { createReadPool } from '../src/postgres/read-pool.js';
import { queryOf } from '../src/postgres/search/sql-statement.js';

process.env.BENCH_NO_MAIN = '1';
const { apiStatements, asScrolled, criteriaOf, realisticMix } = await import('./search.bench.js');

const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error('Set BENCH_DATABASE_URL to a database of bench listings (npm run bench:keep-listings prints it).');

const SORTS = ['newest', 'oldest', 'price_asc', 'price_desc', 'mileage_asc', 'mileage_desc', 'year_asc', 'year_desc'];
const unfiltered = ['', ...SORTS].flatMap((sort) => [0, 24, 480, 5_000, 9_976, 50_000].map((offset) =>
  new URLSearchParams({ ...(sort ? { sort } : {}), ...(offset ? { offset: String(offset) } : {}) }).toString()));
const named = ['brand=Tesla&search=model%203', 'search=hyundia%20ioniq', 'search=teslamodl', 'location=Kano&search=teslamodl', 'search=tesla&offset=9900',
  'brand=Tesla&sort=price_asc&offset=9900', 'location=Lagos&sort=price_desc&offset=9940', 'search=dolphin&minPrice=5000000&maxPrice=20000000&offset=1752'];
const searches = [...new Set([...unfiltered, ...named, ...realisticMix(3_000)])];

const pool = createReadPool(url, 4);
// A connection of the read pool's kind (its settings), set apart for the comparison and closed after it.
const client = await pool.connect();
const best = async (run: () => Promise<unknown>) => {
  let fastest = Infinity;
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    await run();
    fastest = Math.min(fastest, performance.now() - started);
  }
  return fastest;
};

let pages = 0;
let planned = 0;
let kept = 0;
const slower: string[] = [];
for (const search of searches) {
  const criteria = criteriaOf(search);
  for (const asked of criteria.offset > 0 ? [criteria, (await asScrolled(pool, search)).criteria] : [criteria]) {
    const { page } = await apiStatements(pool, asked);
    if (!page.name) continue;
    pages++;
    await client.query('set plan_cache_mode = force_custom_plan');
    const forValues = await best(() => client.query(page.sql, page.params));
    await client.query('set plan_cache_mode = force_generic_plan');
    // A name of its own: a statement prepared under the page's name would keep the plan it was first given.
    const generic = await best(() => client.query({ ...queryOf(page), name: `kept_${pages}` }));
    planned += forValues;
    kept += generic;
    if (generic > Math.max(2 * forValues, forValues + 2)) {
      slower.push(`${search}${asked.cursor ? ' (by cursor)' : ''}: ${forValues.toFixed(1)} ms planned for its values, ${generic.toFixed(1)} ms kept`);
    }
  }
}
client.release(true);
await pool.end();
process.stdout.write(`${pages} prepared pages of ${searches.length} searches: ${planned.toFixed(0)} ms in all planned for their values, ${kept.toFixed(0)} ms with kept plans; `
  + `${slower.length} slower kept\n${slower.map((s) => `  ${s}\n`).join('')}`);
process.exit(slower.length > 0 ? 1 : 0);
