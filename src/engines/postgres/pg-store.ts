/**
 * The PostgreSQL store: the repositories over one `SqlClient` (a `pg` pool in production, PGlite in tests),
 * migrated at open. Any number of paperboy instances may share the database: what must happen once
 * (a digest run, a scheduled job's tick) is decided by the database, never by one process's memory.
 */
import { PaperboyError } from '../../errors';
import type { SavedDay, SchedulerClaim, Store, UpsertResult } from '../../store/store';
import { SqlArxivRepository } from '../sql/arxiv-repository';
import { recordDay } from '../sql/record-day';
import { sqlRepositories } from '../sql/sql-repositories';
import type { SqlClient } from './pg-client';
import { PgJobLeaseRepository } from './pg-job-lease-repository';
import { migratePostgres } from './pg-migrations';
import { PaperCountCache, PgPaperRepository } from './pg-paper-repository';
import { PgPaperSearch } from './pg-paper-search';
import { createPgPoolClient, describeServer, type PgPoolOptions } from './pg-pool-client';
import { pgSql } from './pg-sql';

export interface PostgresStoreOptions extends PgPoolOptions {
  /**
   * Job leases timed by the database server's clock (the running process: instances' clocks may disagree)
   * rather than by the caller's `now` (an injected clock in tests). See PgJobLeaseRepository.
   */
  leasesByServerClock?: boolean;
}

/** Connects to the server at `url` (postgres:// or postgresql://), migrates, and returns the store. */
export async function openPostgresStore(url: string, options: PostgresStoreOptions = {}): Promise<Store> {
  const client = createPgPoolClient(url, options);
  try {
    if (options.schema !== undefined) await requireSchema(client, options.schema, describeServer(url));
    return await openPostgresStoreOn(client, describeServer(url), options.leasesByServerClock);
  } catch (error) {
    await client.close().catch(() => undefined);
    throw error;
  }
}

/** A search_path naming a missing schema would put every table in `public`: refused instead. */
async function requireSchema(client: SqlClient, schema: string, where: string): Promise<void> {
  const { rows } = await client.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [schema]);
  if (rows.length === 0) {
    throw new PaperboyError('store_unavailable', `${where} has no schema ${schema}: create it first.`);
  }
}

/** The store over a client the caller made (PGlite in the tests); closing the store closes the client. */
export async function openPostgresStoreOn(
  client: SqlClient,
  where = 'PostgreSQL',
  leasesByServerClock = false,
): Promise<Store> {
  await migratePostgres(client, undefined, where);
  const sql = pgSql(client);
  const paperCount = new PaperCountCache();
  const papersOn = (on: SqlClient) => new PgPaperRepository(on, new PgPaperSearch(on), paperCount);
  return {
    engine: 'postgres',
    sharedByInstances: true,
    readOnly: null,
    papers: papersOn(client),
    jobs: new PgJobLeaseRepository(client, leasesByServerClock),
    ...sqlRepositories(sql),
    arxiv: new SqlArxivRepository(sql, (work) =>
      client
        .transaction((tx) => work(pgSql(tx), (listed) => papersOn(tx).upsertMany(listed, 'arxiv')))
        .finally(() => paperCount.clear()),
    ),
    saveDay: (day: SavedDay): Promise<UpsertResult> =>
      client
        .transaction(async (tx) => {
          const upserted = await papersOn(tx).upsertMany(day.papers);
          await recordDay(pgSql(tx), day);
          return upserted;
        })
        .then((upserted) => {
          if (upserted.inserted > 0) paperCount.clear();
          return upserted;
        }),
    // Instances share the scheduler: each job's tick is claimed through `jobs`, so none is refused here.
    claimScheduler: async (): Promise<SchedulerClaim> => ({ ok: true, release: async () => {} }),
    databaseId: async () => {
      const { rows } = await client.query<{ id: string }>('SELECT id FROM database_identity LIMIT 1', []);
      if (!rows[0]) throw new Error('the database has no identity row');
      return rows[0].id;
    },
    close: () => client.close(),
  };
}
