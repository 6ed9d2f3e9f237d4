/**
 * Which store a benchmark runs on (`--store sqlite|postgres|pglite`): SQLite (a file in a temp folder, the
 * default), a PostgreSQL server (TEST_DATABASE_URL, else the local server at 127.0.0.1:5432, database
 * `test`), in a schema of its own that is dropped when the store closes, or the embedded PGlite.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { openPostgresStore, openPostgresStoreOn } from '../src/engines/postgres/pg-store';
import { openSqliteStore } from '../src/engines/sqlite/sqlite-store';
import type { Store } from '../src/store/store';
import { localServerUrl, onServer } from '../test/support/pg-server';
import { createPgliteClient, sharedPglite } from '../test/support/pglite-client';

export const storeKinds = ['sqlite', 'postgres', 'pglite'] as const;
export type StoreKind = (typeof storeKinds)[number];

export const serverUrl = () => process.env.TEST_DATABASE_URL ?? localServerUrl;

export function storeKind(value: string | undefined): StoreKind {
  const kind = storeKinds.find((name) => name === (value ?? 'sqlite'));
  if (!kind) throw new Error(`--store must be one of ${storeKinds.join(', ')}, not "${value}"`);
  return kind;
}

export interface BenchStore {
  store: Store;
  /** What the benchmark ran on, for its heading. */
  label: string;
  /** The SQLite file, when the store is SQLite on a file (the baselines read it). */
  file: string | null;
  /** The PostgreSQL schema the store lives in (null for SQLite). */
  schema: string | null;
  /** The PGlite instance, when the store is on one. */
  pglite: PGlite | null;
  /** Closes the store, keeping what it made (the baselines read the SQLite file after); once only. */
  closeStore(): Promise<void>;
  /** Closes the store if still open and removes what it made (the temp folder, the schema). */
  close(): Promise<void>;
}

/** `close` at most once, however often asked. */
const once = (close: () => Promise<void>) => {
  let closing: Promise<void> | null = null;
  return () => {
    closing ??= close();
    return closing;
  };
};

/**
 * A fresh, empty store of `kind`; `file: false` keeps SQLite in memory, and `keep` opens (or creates) that
 * SQLite file, or that PostgreSQL schema, and leaves it in place, so a large corpus is built once and
 * benchmarked again.
 */
export async function openBenchStore(
  kind: StoreKind,
  { file = true, keep }: { file?: boolean; keep?: string } = {},
): Promise<BenchStore> {
  if (kind === 'postgres' && keep !== undefined) return await keptSchema(keep);
  if (kind === 'sqlite') {
    const folder = file && keep === undefined ? mkdtempSync(join(tmpdir(), 'paperboy-bench-')) : null;
    const path = keep ?? (folder ? join(folder, 'bench.db') : ':memory:');
    const store = await openSqliteStore(path);
    const closeStore = once(() => store.close());
    return {
      store,
      label: 'SQLite (FTS5)',
      file: path === ':memory:' ? null : path,
      schema: null,
      pglite: null,
      closeStore,
      close: async () => {
        await closeStore();
        if (folder) rmSync(folder, { recursive: true, force: true });
      },
    };
  }
  const schema = `pb_bench_${randomUUID().replaceAll('-', '')}`;
  if (kind === 'pglite') {
    const db = await sharedPglite();
    await db.exec(`CREATE SCHEMA ${schema}`);
    const store = await openPostgresStoreOn(createPgliteClient(db, schema), 'PGlite');
    const closeStore = once(() => store.close());
    return {
      store,
      label: 'PGlite (tsvector)',
      file: null,
      schema,
      pglite: db,
      closeStore,
      close: async () => {
        await closeStore();
        await db.exec(`DROP SCHEMA ${schema} CASCADE`);
      },
    };
  }
  const url = serverUrl();
  await onServer(url, `CREATE SCHEMA ${schema}`);
  const store = await openPostgresStore(url, { schema });
  const closeStore = once(() => store.close());
  return {
    store,
    label: 'PostgreSQL (tsvector)',
    file: null,
    schema,
    pglite: null,
    closeStore,
    close: async () => {
      await closeStore();
      await onServer(url, `DROP SCHEMA ${schema} CASCADE`);
    },
  };
}

/** `--db NAME` on PostgreSQL: the schema NAME, created when missing and kept when the store closes. */
async function keptSchema(schema: string): Promise<BenchStore> {
  if (!/^[a-z_][a-z0-9_]*$/.test(schema))
    throw new Error(`--db on PostgreSQL is a schema name (lower-case letters, digits, _), not "${schema}"`);
  const url = serverUrl();
  await onServer(url, `CREATE SCHEMA IF NOT EXISTS ${schema}`);
  const store = await openPostgresStore(url, { schema });
  const closeStore = once(() => store.close());
  return {
    store,
    label: 'PostgreSQL (tsvector)',
    file: null,
    schema,
    pglite: null,
    closeStore,
    close: closeStore,
  };
}

/**
 * Vacuums and analyses the PostgreSQL tables after the bulk load, as autovacuum soon would: the planner
 * plans a table it has never analysed as if it were tiny, and the visibility map lets counts skip the heap.
 * SQLite needs nothing.
 */
export async function settleBenchStore(opened: BenchStore): Promise<void> {
  if (opened.schema === null) return;
  for (const table of ['papers', 'search_words', 'search_word_deletions']) {
    const statement = `VACUUM ANALYZE ${opened.schema}.${table}`;
    if (opened.pglite) await opened.pglite.exec(statement);
    else await onServer(serverUrl(), statement);
  }
}
