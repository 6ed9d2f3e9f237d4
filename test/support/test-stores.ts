/**
 * The stores the contract suite runs against: SQLite (a file in a temp folder), PostgreSQL embedded
 * (PGlite: one instance per test file, a fresh schema per store) and, when TEST_DATABASE_URL is set, a
 * real PostgreSQL server (a fresh schema per store, dropped when its last store closes).
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPostgresStore, openPostgresStoreOn } from '../../src/engines/postgres/pg-store';
import { openSqliteStore } from '../../src/engines/sqlite/sqlite-store';
import type { Store } from '../../src/store/store';
import { onServer } from './pg-server';
import { createPgliteClient, sharedPglite } from './pglite-client';

export interface TestStore {
  name: 'sqlite' | 'pglite' | 'postgres';
  /** A store on a database of its own, empty and migrated. */
  open(): Promise<Store>;
  /** `count` stores on one fresh database, as that many instances sharing it. */
  openShared(count: number): Promise<Store[]>;
}

const freshSchema = () => `pb_test_${randomUUID().replaceAll('-', '')}`;

/** Runs `cleanup` once every one of `stores` is closed (each close is wrapped to count). */
function afterLastClose(stores: Store[], cleanup: () => Promise<void>): Store[] {
  let open = stores.length;
  return stores.map((store) => {
    let closed = false;
    return {
      ...store,
      close: async () => {
        if (closed) return;
        closed = true;
        await store.close();
        open--;
        if (open === 0) await cleanup();
      },
    };
  });
}

let sqliteFolder: string | null = null;
const sqliteStore: TestStore = {
  name: 'sqlite',
  open: async () => (await sqliteStore.openShared(1))[0] as Store,
  openShared: async (count) => {
    sqliteFolder ??= mkdtempSync(join(tmpdir(), 'paperboy-contract-'));
    const file = join(sqliteFolder, `${randomUUID()}.db`);
    const stores: Store[] = [];
    for (let index = 0; index < count; index++) stores.push(openSqliteStore(file));
    return stores;
  },
};

const pgliteStore: TestStore = {
  name: 'pglite',
  open: async () => (await pgliteStore.openShared(1))[0] as Store,
  openShared: async (count) => {
    const db = await sharedPglite();
    const schema = freshSchema();
    const admin = createPgliteClient(db);
    await admin.query(`CREATE SCHEMA ${schema}`, []);
    const stores: Store[] = [];
    for (let index = 0; index < count; index++) {
      stores.push(await openPostgresStoreOn(createPgliteClient(db, schema)));
    }
    return afterLastClose(stores, async () => {
      await admin.query(`DROP SCHEMA ${schema} CASCADE`, []);
    });
  },
};

const serverStore = (url: string): TestStore => ({
  name: 'postgres',
  open: async () => (await serverStore(url).openShared(1))[0] as Store,
  openShared: async (count) => {
    const schema = freshSchema();
    await onServer(url, `CREATE SCHEMA ${schema}`);
    const stores: Store[] = [];
    for (let index = 0; index < count; index++) {
      stores.push(await openPostgresStore(url, { schema, maxConnections: 4 }));
    }
    return afterLastClose(stores, () => onServer(url, `DROP SCHEMA ${schema} CASCADE`));
  },
});

const serverUrl = process.env.TEST_DATABASE_URL;

export const testStores: TestStore[] = [
  sqliteStore,
  pgliteStore,
  ...(serverUrl ? [serverStore(serverUrl)] : []),
];
