import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../src/engines/open-store';
import type { SqlClient } from '../../src/engines/postgres/pg-client';
import { migratePostgres, pgMigrations } from '../../src/engines/postgres/pg-migrations';
import { PaperCountCache } from '../../src/engines/postgres/pg-paper-repository';
import { createPgPoolClient } from '../../src/engines/postgres/pg-pool-client';
import { openPostgresStore, openPostgresStoreOn } from '../../src/engines/postgres/pg-store';
import { isPaperboyError, PaperboyError } from '../../src/errors';
import type { Store } from '../../src/store/store';
import { makePaper } from '../support/papers';
import { createPgliteClient, sharedPglite } from '../support/pglite-client';

/** A PostgreSQL to run these on: a client (and a store) on a schema of its own. */
interface Backend {
  name: string;
  client(schema: string): Promise<SqlClient>;
  openStore(schema: string): Promise<Store>;
}

const pglite: Backend = {
  name: 'pglite',
  client: async (schema) => createPgliteClient(await sharedPglite(), schema),
  openStore: async (schema) => openPostgresStoreOn(createPgliteClient(await sharedPglite(), schema)),
};

const serverUrl = process.env.TEST_DATABASE_URL;
const server = (url: string): Backend => ({
  name: 'postgres',
  client: async (schema) => createPgPoolClient(url, { schema }),
  openStore: (schema) => openPostgresStore(url, { schema }),
});

const backends = [pglite, ...(serverUrl ? [server(serverUrl)] : [])];

// PGlite takes seconds to start (more on a busy machine): started once, before the tests and their timeouts.
beforeAll(() => sharedPglite(), 90_000);

const clients: SqlClient[] = [];
afterAll(async () => {
  for (const client of clients.splice(0)) await client.close();
});

async function freshSchema(backend: Backend): Promise<{ schema: string; admin: SqlClient }> {
  const schema = `pb_test_${randomUUID().replaceAll('-', '')}`;
  const admin = await backend.client('public');
  clients.push(admin);
  await admin.query(`CREATE SCHEMA ${schema}`, []);
  return { schema, admin };
}

const versions = async (client: SqlClient, schema: string) =>
  (
    await client.query<{ version: number }>(
      `SELECT version FROM ${schema}.schema_migrations ORDER BY version`,
      [],
    )
  ).rows.map((row) => Number(row.version));

describe.each(backends)('PostgreSQL store on $name', (backend) => {
  it('reopens a migrated schema without losing data or running a migration twice', async () => {
    const { schema, admin } = await freshSchema(backend);
    const first = await backend.openStore(schema);
    await first.papers.upsertMany([makePaper('2410.00001')]);
    await first.close();
    const second = await backend.openStore(schema);
    expect((await second.papers.get('2410.00001'))?.title).toBe('Paper 2410.00001');
    expect(second.engine).toBe('postgres');
    expect(second.readOnly).toBeNull();
    await second.close();
    expect(await versions(admin, schema)).toEqual(pgMigrations.map((_, index) => index + 1));
    await admin.query(`DROP SCHEMA ${schema} CASCADE`, []);
  });

  it('applies each migration once when several instances start at the same moment', async () => {
    const { schema, admin } = await freshSchema(backend);
    const stores = await Promise.all([0, 1, 2, 3].map(() => backend.openStore(schema)));
    expect(await versions(admin, schema)).toEqual(pgMigrations.map((_, index) => index + 1));
    for (const store of stores) await store.close();
    await admin.query(`DROP SCHEMA ${schema} CASCADE`, []);
  });

  it('upgrades a console schema so its message numbers go on above every stored console id', async () => {
    const { schema, admin } = await freshSchema(backend);
    const client = await backend.client(schema);
    clients.push(client);
    await migratePostgres(client, pgMigrations.slice(0, 4));
    const now = '2024-10-25T09:00:00Z';
    await client.query(
      `INSERT INTO subscriptions (id, platform, workspace_id, channel_id, settings, created_at, updated_at)
       VALUES (1, 'console', 'local', 'terminal', '{}', $1, $1)`,
      [now],
    );
    await client.query(
      `INSERT INTO digest_runs (id, subscription_id, local_date, batch_day, header_message_id, created_at)
       VALUES (1, 1, '2024-10-25', '2024-10-25', 'm21', $1)`,
      [now],
    );
    await client.query(
      `INSERT INTO queue_items (platform, workspace_id, channel_id, paper_id, message_id, state, first_flagged_at)
       VALUES ('console', 'local', 'terminal', '2410.00002', 'm12', 'queued', $1)`,
      [now],
    );
    const store = await backend.openStore(schema);
    const terminal = { platform: 'console' as const, workspaceId: 'local', channelId: 'terminal' };
    expect(await store.deliveries.nextMessageNumber(terminal)).toBe(22);
    await store.close();
    await admin.query(`DROP SCHEMA ${schema} CASCADE`, []);
  });

  it('lets every instance claim the scheduler: they share the jobs through leases', async () => {
    const { schema, admin } = await freshSchema(backend);
    const [one, two] = await Promise.all([backend.openStore(schema), backend.openStore(schema)]);
    const holder = { pid: 1, host: 'h', startedAt: '2024-10-25T00:00:00Z' };
    const claims = [await one?.claimScheduler(holder), await two?.claimScheduler({ ...holder, pid: 2 })];
    expect(claims.map((claim) => claim?.ok)).toEqual([true, true]);
    for (const claim of claims) if (claim?.ok) await claim.release();
    await one?.close();
    await two?.close();
    await admin.query(`DROP SCHEMA ${schema} CASCADE`, []);
  });

  it('refuses a schema from a newer paperboy with a coded error', async () => {
    const { schema, admin } = await freshSchema(backend);
    await (await backend.openStore(schema)).close();
    await admin.query(`INSERT INTO ${schema}.schema_migrations (version) VALUES ($1)`, [
      pgMigrations.length + 5,
    ]);
    const error = await backend.openStore(schema).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(PaperboyError);
    expect((error as PaperboyError).code).toBe('store_unavailable');
    expect((error as Error).message).toMatch(/version \d+, newer than this paperboy/);
    await admin.query(`DROP SCHEMA ${schema} CASCADE`, []);
  });

  it('leaves a migration that fails half-way undone, and the ones before it applied', async () => {
    const { schema, admin } = await freshSchema(backend);
    const client = await backend.client(schema);
    clients.push(client);
    const broken = [
      'CREATE TABLE first (id integer)',
      'CREATE TABLE second (id integer); SELECT * FROM missing',
    ];
    await expect(migratePostgres(client, broken)).rejects.toThrow(/missing/);
    expect(await versions(admin, schema)).toEqual([1]);
    const tables = await admin.query<{ name: string }>(
      'SELECT table_name AS name FROM information_schema.tables WHERE table_schema = $1 ORDER BY table_name',
      [schema],
    );
    expect(tables.rows.map((row) => row.name)).toEqual(['first', 'schema_migrations']);
    await admin.query(`DROP SCHEMA ${schema} CASCADE`, []);
  });
});

describe('the PostgreSQL paper count cache', () => {
  it('answers from memory for a while, and asks again once stale or cleared', async () => {
    let now = 0;
    let stored = 5;
    let asked = 0;
    const cache = new PaperCountCache(10_000, () => now);
    const count = async () => {
      asked++;
      return stored;
    };
    expect(await cache.read(count)).toBe(5);
    stored = 6;
    now = 9_999;
    expect(await cache.read(count)).toBe(5);
    now = 10_000;
    expect(await cache.read(count)).toBe(6);
    stored = 7;
    cache.clear();
    expect(await cache.read(count)).toBe(7);
    expect(asked).toBe(3);
  });

  it('does not keep a count that was being read when it was cleared', async () => {
    const cache = new PaperCountCache(10_000, () => 0);
    let release: (value: number) => void = () => {};
    const slow = cache.read(() => new Promise<number>((resolve) => (release = resolve)));
    cache.clear();
    release(1);
    expect(await slow).toBe(1);
    expect(await cache.read(async () => 2)).toBe(2);
  });
});

/** A port on 127.0.0.1 where nothing listens (one the system just handed out and that was closed again). */
async function closedPort(): Promise<number> {
  const listener = createServer();
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  const address = listener.address();
  await new Promise<void>((resolve) => listener.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

describe('PostgreSQL connection failures', () => {
  it('a server that is not there is store_unavailable, naming host, port and database, never the password', async () => {
    const port = await closedPort();
    const error = await openStore(`postgres://paperboy:s3cret-pass@127.0.0.1:${port}/papers_db`).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(isPaperboyError(error)).toBe(true);
    expect((error as PaperboyError).code).toBe('store_unavailable');
    const message = (error as Error).message;
    expect(message).toContain(`127.0.0.1:${port}`);
    expect(message).toContain('papers_db');
    expect(message).toContain('DATABASE_URL');
    expect(`${message} ${(error as Error).stack} ${String((error as Error).cause)}`).not.toContain(
      's3cret-pass',
    );
  });

  it.each(serverUrl ? [serverUrl] : [])(
    'a schema that does not exist is refused, not replaced by public (%s)',
    async (url) => {
      const error = await openPostgresStore(url, { schema: 'pb_test_missing_schema' }).then(
        () => null,
        (caught: unknown) => caught,
      );
      expect((error as PaperboyError).code).toBe('store_unavailable');
      expect((error as Error).message).toContain('no schema pb_test_missing_schema');
    },
  );

  it.each(serverUrl ? [serverUrl] : [])(
    'a database that does not exist is store_unavailable (%s)',
    async (url) => {
      const missing = new URL(url);
      missing.pathname = '/paperboy_no_such_database';
      const error = await openPostgresStore(missing.toString()).then(
        () => null,
        (caught: unknown) => caught,
      );
      expect((error as PaperboyError).code).toBe('store_unavailable');
      expect((error as Error).message).toContain('paperboy_no_such_database');
    },
  );
});
