import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { MIGRATIONS } from './migrations/index.js';
import { createOrm } from './orm.js';

/**
 * A logical backup of the application's schema, in Node: pg_dump must be at least the server's
 * version, and the machines that run Voltmarket have an older one than the embedded Postgres
 * (decision 0024). Every table of `public` is copied with COPY in one read-only snapshot; the
 * schema itself is not copied but rebuilt by the build's own migrations, whose names the backup
 * records. pg-boss's schema is left out: its jobs carry no work of ours (the outboxes are tables of
 * `public`) and it rebuilds itself and its schedules on start.
 */
const SCHEMA = 'public';
const MIGRATIONS_TABLE = 'mikro_orm_migrations';

export class BackupRefusedError extends Error {}

export interface TableShape {
  name: string;
  /** Stored columns in table order (generated columns are computed again on load). */
  columns: string[];
}

export interface SequenceState {
  name: string;
  lastValue: string;
  isCalled: boolean;
}

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;
const qualified = (name: string) => `${ident(SCHEMA)}.${ident(name)}`;
const columnList = (columns: string[]) => columns.map(ident).join(', ');

async function connect(url: string, applicationName: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, application_name: applicationName });
  try {
    await client.connect();
  } catch (err) {
    throw new BackupRefusedError(`Cannot connect to the database (${err instanceof Error ? err.message : String(err)})`);
  }
  // A connection lost between two statements would otherwise be an unheard 'error' event that ends the process with a stack trace; the next statement fails instead, with its message.
  client.on('error', () => undefined);
  return client;
}

async function tableShapes(client: pg.Client): Promise<TableShape[]> {
  const { rows } = await client.query<TableShape>(
    `select c.relname::text as name,
            array(select a.attname::text from pg_attribute a
                  where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
                  order by a.attnum) as columns
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = $1 and c.relkind = 'r' and c.relname <> $2
        and not exists (select 1 from pg_depend d where d.objid = c.oid and d.deptype = 'e')
      order by c.relname`, [SCHEMA, MIGRATIONS_TABLE]);
  return rows;
}

/** One consistent, read-only view of the database, held until close(). */
export class DatabaseSnapshot {
  private constructor(
    private readonly client: pg.Client,
    readonly serverVersion: string,
    readonly migrations: string[],
    readonly tables: TableShape[],
    readonly sequences: SequenceState[],
  ) {}

  static async open(url: string): Promise<DatabaseSnapshot> {
    const client = await connect(url, 'voltmarket-backup');
    try {
      await client.query('begin isolation level repeatable read, read only');
      // A large table may take a while to copy; the server's limits for the API do not apply here.
      await client.query(`set local statement_timeout = 0; set local idle_in_transaction_session_timeout = 0`);
      const version = (await client.query<{ v: string }>("select current_setting('server_version') as v")).rows[0]!.v;
      const hasMigrations = (await client.query(`select to_regclass($1) as t`, [`${SCHEMA}.${MIGRATIONS_TABLE}`])).rows[0].t !== null;
      if (!hasMigrations) throw new BackupRefusedError('The database has no Voltmarket schema (no migrations recorded): nothing to back up');
      const migrations = (await client.query<{ name: string }>(`select name from ${qualified(MIGRATIONS_TABLE)} order by id`)).rows.map((r) => r.name);
      const tables = await tableShapes(client);
      const names = (await client.query<{ name: string }>(
        `select c.relname::text as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = $1 and c.relkind = 'S' order by 1`, [SCHEMA])).rows;
      const sequences: SequenceState[] = [];
      for (const { name } of names) {
        // Not transactional: the value now, at least every value the snapshot's rows hold.
        const row = (await client.query<{ last_value: string; is_called: boolean }>(`select last_value::text, is_called from ${qualified(name)}`)).rows[0]!;
        sequences.push({ name, lastValue: row.last_value, isCalled: row.is_called });
      }
      return new DatabaseSnapshot(client, version, migrations, tables, sequences);
    } catch (err) {
      await client.end().catch(() => undefined);
      throw err;
    }
  }

  /** The table's rows in COPY's text format, streamed; `rowCount` is set once the stream ended. */
  copy(table: TableShape): Readable & { rowCount: number } {
    return this.client.query(copyTo(`copy ${qualified(table.name)} (${columnList(table.columns)}) to stdout`));
  }

  async close(): Promise<void> {
    await this.client.query('rollback').catch(() => undefined);
    await this.client.end();
  }
}

/** Refuses a database that holds any table, then migrates it to the backup's migrations (not beyond). */
export async function prepareEmptyDatabase(url: string, backupMigrations: string[]): Promise<void> {
  const known = MIGRATIONS.map((m) => m.name);
  const unknown = backupMigrations.filter((name) => !known.includes(name));
  if (unknown.length > 0) {
    throw new BackupRefusedError(`The backup has ${unknown.length} migration(s) this build does not know (${unknown.slice(0, 3).join(', ')}${unknown.length > 3 ? ', …' : ''}): restore it with the version of Voltmarket that took it, or a newer one`);
  }
  const client = await connect(url, 'voltmarket-restore');
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind in ('r', 'p', 'v', 'm') and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%'`);
    if (rows[0]!.n > 0) throw new BackupRefusedError('The target database is not empty: restore into a new, empty database');
  } finally {
    await client.end();
  }
  const last = known.filter((name) => backupMigrations.includes(name)).at(-1);
  if (!last) return;
  const orm = await createOrm({ clientUrl: url, poolMax: 1 });
  try {
    await orm.getMigrator().up({ to: last });
  } finally {
    await orm.close();
  }
}

/** Applies the migrations the build has beyond the backup's; returns their names. */
export async function migrateRest(url: string): Promise<string[]> {
  const orm = await createOrm({ clientUrl: url, poolMax: 1 });
  try {
    return (await orm.getMigrator().up()).map((m) => m.name);
  } finally {
    await orm.close();
  }
}

/**
 * Loads tables in one transaction with foreign keys and triggers off (session_replication_role =
 * replica): the snapshot was consistent, and its tables come in name order, not dependency order.
 */
export class DatabaseLoader {
  private constructor(private readonly client: pg.Client, private readonly shapes: Map<string, TableShape>) {}

  static async open(url: string): Promise<DatabaseLoader> {
    const client = await connect(url, 'voltmarket-restore');
    try {
      await client.query('begin');
      try {
        await client.query('set local session_replication_role = replica');
      } catch (err) {
        throw new BackupRefusedError(`The restore needs a role that may set session_replication_role (a superuser, or GRANT SET ON PARAMETER session_replication_role): ${err instanceof Error ? err.message : String(err)}`);
      }
      await client.query('set local statement_timeout = 0');
      const shapes = await tableShapes(client);
      // Rows the migrations wrote themselves make way for the backup's.
      if (shapes.length > 0) await client.query(`truncate ${shapes.map((t) => qualified(t.name)).join(', ')}`);
      return new DatabaseLoader(client, new Map(shapes.map((t) => [t.name, t])));
    } catch (err) {
      await client.end().catch(() => undefined);
      throw err;
    }
  }

  async table(table: TableShape, rows: AsyncIterable<Uint8Array>): Promise<void> {
    const target = this.shapes.get(table.name);
    const missing = target ? table.columns.filter((c) => !target.columns.includes(c)) : [];
    if (!target || missing.length > 0) {
      throw new BackupRefusedError(`The backup's table ${table.name}${missing.length ? ` (columns ${missing.join(', ')})` : ''} does not exist in the schema its migrations built here`);
    }
    await pipeline(Readable.from(rows), this.client.query(copyFrom(`copy ${qualified(table.name)} (${columnList(table.columns)}) from stdin`)));
  }

  /**
   * Checks every table's row count against the backup's, sets every sequence past the values in use
   * (the one recorded, or the largest its column holds, whichever is higher), and commits.
   */
  async finish(expected: Record<string, number>, sequences: SequenceState[]): Promise<Record<string, number>> {
    const found: Record<string, number> = {};
    for (const name of Object.keys(expected)) {
      const { rows } = await this.client.query<{ n: string }>(`select count(*) as n from ${qualified(name)}`);
      found[name] = Number(rows[0]!.n);
    }
    const wrong = Object.keys(expected).filter((name) => found[name] !== expected[name]);
    if (wrong.length > 0) {
      throw new BackupRefusedError(`Row counts differ from the backup's manifest: ${wrong.map((n) => `${n} ${found[n]} of ${expected[n]}`).join(', ')}`);
    }
    const owners = (await this.client.query<{ seq: string; tbl: string; col: string }>(
      `select s.relname::text as seq, t.relname::text as tbl, a.attname::text as col
         from pg_class s
         join pg_namespace n on n.oid = s.relnamespace
         join pg_depend d on d.objid = s.oid and d.classid = 'pg_class'::regclass and d.refclassid = 'pg_class'::regclass and d.deptype in ('a', 'i')
         join pg_class t on t.oid = d.refobjid
         join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
        where s.relkind = 'S' and n.nspname = $1`, [SCHEMA])).rows;
    const present = new Set((await this.client.query<{ name: string }>(
      `select c.relname::text as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = $1 and c.relkind = 'S'`, [SCHEMA])).rows.map((r) => r.name));
    for (const seq of sequences) {
      if (!present.has(seq.name)) continue;
      const owner = owners.find((o) => o.seq === seq.name);
      const max = owner ? (await this.client.query<{ m: string | null }>(`select max(${ident(owner.col)})::text as m from ${qualified(owner.tbl)}`)).rows[0]!.m : null;
      const recorded = seq.isCalled ? BigInt(seq.lastValue) : null;
      const highest = [recorded, max === null ? null : BigInt(max)].filter((v): v is bigint => v !== null).sort((a, b) => (a < b ? 1 : -1))[0];
      if (highest !== undefined) await this.client.query('select setval($1::regclass, $2::bigint, true)', [qualified(seq.name), highest.toString()]);
      else await this.client.query('select setval($1::regclass, $2::bigint, false)', [qualified(seq.name), seq.lastValue]);
    }
    await this.client.query('commit');
    await this.client.end();
    return found;
  }

  async abort(): Promise<void> {
    await this.client.query('rollback').catch(() => undefined);
    await this.client.end().catch(() => undefined);
  }
}
