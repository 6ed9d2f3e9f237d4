/**
 * The tables both engines keep have the same columns, nullable alike (in any order: rows are read by name): the shared SQL
 * layer (src/engines/sql) writes one statement for both, and the job leases had drifted apart before.
 * Column types differ by engine only where the database compares the values itself (lease times).
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import { migratePostgres } from '../../src/engines/postgres/pg-migrations';
import { migrations } from '../../src/engines/sqlite/migrations';
import { openSqliteStore } from '../../src/engines/sqlite/sqlite-store';
import { createPgliteClient, sharedPglite } from '../support/pglite-client';

type Columns = Record<string, string[]>;

/** PostgreSQL's search index lives in generated columns of `papers`; SQLite's in FTS5 tables of its own. */
const searchOnly: Record<string, string[]> = { papers: ['search_vector', 'name_vector'] };

beforeAll(() => sharedPglite(), 90_000);

async function sqliteColumns(): Promise<Columns> {
  const file = join(mkdtempSync(join(tmpdir(), 'paperboy-schema-')), 'schema.db');
  await openSqliteStore(file).close();
  const db = new Database(file, { readonly: true });
  const tables = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    .pluck()
    .all() as string[];
  const columns: Columns = {};
  for (const table of tables) {
    const info = db.prepare(`PRAGMA table_info(${table})`).all() as Array<{
      name: string;
      notnull: number;
      pk: number;
    }>;
    columns[table] = info.map((column) => `${column.name}${column.notnull || column.pk ? ' not null' : ''}`);
  }
  db.close();
  return columns;
}

async function postgresColumns(): Promise<Columns> {
  const db = await sharedPglite();
  const schema = `pb_schema_${randomUUID().replaceAll('-', '')}`;
  await createPgliteClient(db).query(`CREATE SCHEMA ${schema}`, []);
  const client = createPgliteClient(db, schema);
  await migratePostgres(client);
  const { rows } = await client.query<{ table_name: string; column_name: string; is_nullable: string }>(
    `SELECT table_name, column_name, is_nullable FROM information_schema.columns
     WHERE table_schema = $1 ORDER BY table_name, ordinal_position`,
    [schema],
  );
  await createPgliteClient(db).query(`DROP SCHEMA ${schema} CASCADE`, []);
  const columns: Columns = {};
  for (const row of rows) {
    columns[row.table_name] ??= [];
    columns[row.table_name]?.push(`${row.column_name}${row.is_nullable === 'NO' ? ' not null' : ''}`);
  }
  return columns;
}

describe('the schemas of SQLite and PostgreSQL', () => {
  let sqlite: Columns;
  let postgres: Columns;
  beforeAll(async () => {
    sqlite = await sqliteColumns();
    postgres = await postgresColumns();
  }, 90_000);

  it('keep job leases in the same columns', () => {
    expect(sqlite.job_leases).toEqual([
      'job not null',
      'holder',
      'expires_at',
      'tick_key not null',
      'started_at not null',
    ]);
    expect(postgres.job_leases).toEqual(sqlite.job_leases);
  });

  it('keep every table the plain repositories share in the same columns', () => {
    const shared = Object.keys(sqlite).filter((table) => table in postgres);
    expect(shared.length).toBeGreaterThan(15);
    const sorted = (table: string, columns: string[] | undefined) =>
      (columns ?? []).filter((column) => !searchOnly[table]?.includes(column)).sort();
    const differing = shared.filter(
      (table) => sorted(table, postgres[table]).join() !== sorted(table, sqlite[table]).join(),
    );
    expect(differing.map((table) => ({ table, sqlite: sqlite[table], postgres: postgres[table] }))).toEqual(
      [],
    );
  });
});

describe('upgrading a SQLite database to the aligned job leases', () => {
  it('keeps a live lease live and a finished one finished', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'paperboy-leases-')), 'leases.db');
    const db = new Database(file);
    db.exec(migrations.slice(0, 16).join(';'));
    db.pragma('user_version = 16');
    const lease = db.prepare(
      'INSERT INTO job_leases (job, holder, expires_at, last_tick) VALUES (?, ?, ?, ?)',
    );
    lease.run('digests', 'a', '2024-10-25T09:01:00.000Z', '2024-10-25T09:00');
    lease.run('refresh', 'a', '', '2024-10-25T09:00');
    db.close();
    const store = openSqliteStore(file);
    try {
      // b at 09:00:30 for the next tick: digests is still a's, refresh was finished.
      expect(
        await store.jobs.tryStart('digests', 'b', '2024-10-25T09:01', '2024-10-25T09:00:30.000Z', 60_000),
      ).toBe(false);
      expect(
        await store.jobs.tryStart('refresh', 'b', '2024-10-25T09:01', '2024-10-25T09:00:30.000Z', 60_000),
      ).toBe(true);
      // a's own tick is not started again by anyone else once it is over, and a may renew its lease.
      expect(await store.jobs.renew('digests', 'a', '2024-10-25T09:00:40.000Z', 60_000)).toBe(true);
    } finally {
      await store.close();
    }
  });
});
