import pg from 'pg';
import { buildPublicSearchSql } from './src/postgres/listing-search.ts';
const c = new pg.Client('postgres://postgres@127.0.0.1:55555/b'); await c.connect();
await c.query('set pg_trgm.word_similarity_threshold = 0.5');
const numbered = (sql: string) => { let i = 0; return sql.replace(/\?/g, () => `$${++i}`); };
for (const crit of [{ brand: 'Tesla', search: 'model 3' }, { search: 'hyundia ioniq' }, { minPrice: 5000000, maxPrice: 20000000, sort: 'price_asc' }, { vehicleType: 'car', location: 'Lagos' }, {offset: 5000}]) {
  const { page, count } = buildPublicSearchSql({ sort: 'default', limit: 24, offset: 0, ...crit } as any);
  for (const st of [page, count]) {
    const r = await c.query('explain (analyze) ' + numbered(st.sql), st.params);
    const lines = r.rows.map((x: any) => x['QUERY PLAN']);
    console.log(JSON.stringify(crit), st === page ? 'PAGE' : 'COUNT', lines.filter((l: string) => /Scan|Execution|Sort Method/.test(l)).map((l: string) => l.trim().slice(0, 110)).join(' | '));
  }
}
await c.end();
