/**
 * Versioned schema changes on PostgreSQL, applied in order at start-up; `schema_migrations` records which
 * ran. Several instances may start at once: each migration runs in its own transaction holding a
 * transaction-scoped advisory lock (per schema), so exactly one applies it and the others see it done.
 * Never edit a released migration: append a new one.
 */
import { newerSchemaError } from '../newer-schema';
import type { SqlClient } from './pg-client';
import { coreSchema } from './pg-core-schema';
import { installationSchema } from './pg-installation-schema';
import { paperSchema } from './pg-paper-schema';
import { acronymSchema, spelledOutSchema } from './pg-search-acronyms';
import { commonSchema } from './pg-search-common';
import { searchSchema } from './pg-search-schema';

/**
 * Migration 5: SQLite's migration 16, the console's message numbers counted for the life of the database,
 * starting above every console message id already stored.
 */
const messageNumbers = `
  CREATE TABLE message_numbers (
    platform text NOT NULL,
    workspace_id text NOT NULL,
    channel_id text NOT NULL,
    last_number bigint NOT NULL,
    PRIMARY KEY (platform, workspace_id, channel_id)
  );

  INSERT INTO message_numbers (platform, workspace_id, channel_id, last_number)
  SELECT platform, workspace_id, channel_id, max(substr(message_id, 2)::bigint)
  FROM (
    SELECT s.platform, s.workspace_id, s.channel_id, d.message_id
      FROM deliveries d JOIN subscriptions s ON s.id = d.subscription_id
    UNION ALL
    SELECT s.platform, s.workspace_id, s.channel_id, r.header_message_id
      FROM digest_runs r JOIN subscriptions s ON s.id = r.subscription_id
    UNION ALL
    SELECT platform, workspace_id, channel_id, message_id FROM queue_items
    UNION ALL
    SELECT platform, workspace_id, channel_id, thread_id FROM queue_items
  ) AS stored
  WHERE platform = 'console' AND message_id ~ '^m[0-9]{1,18}$'
  GROUP BY platform, workspace_id, channel_id;
`;

/**
 * Migration 8: SQLite's 19, arXiv as a source: a paper keeps arXiv's categories, and each category's
 * mailing of a day is stored (even empty) with which papers it listed, how, and in what order.
 */
const arxivListings = `
  ALTER TABLE papers ADD COLUMN primary_category text;
  ALTER TABLE papers ADD COLUMN categories text NOT NULL DEFAULT '[]';

  CREATE TABLE arxiv_days (
    category text NOT NULL,
    day text NOT NULL,
    entry_count integer NOT NULL,
    fetched_at text NOT NULL,
    PRIMARY KEY (category, day)
  );

  CREATE TABLE arxiv_listings (
    category text NOT NULL,
    day text NOT NULL,
    paper_id text NOT NULL REFERENCES papers (id),
    kind text NOT NULL CHECK (kind IN ('new', 'cross', 'replacement')),
    position integer NOT NULL,
    PRIMARY KEY (category, day, paper_id),
    FOREIGN KEY (category, day) REFERENCES arxiv_days (category, day)
  );
  CREATE INDEX arxiv_listings_day ON arxiv_listings (day, category, position);
  CREATE INDEX arxiv_listings_paper ON arxiv_listings (paper_id, day);
`;

/** Migration 9: SQLite's 20, subscriptions and runs may post from arXiv (PostgreSQL changes the CHECK in place). */
const arxivSources = `
  ALTER TABLE subscriptions DROP CONSTRAINT subscriptions_source_check;
  ALTER TABLE subscriptions ADD CONSTRAINT subscriptions_source_check
    CHECK (source IN ('daily', 'trending', 'arxiv'));
  ALTER TABLE digest_runs DROP CONSTRAINT digest_runs_source_check;
  ALTER TABLE digest_runs ADD CONSTRAINT digest_runs_source_check
    CHECK (source IN ('daily', 'trending', 'arxiv'));
`;

/** Migration 10: SQLite's migration 21, a random id for this database, made once. */
const databaseIdentity = `
  CREATE TABLE database_identity (
    id text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  );
  INSERT INTO database_identity (id) VALUES (md5(random()::text || clock_timestamp()::text));
`;

export const pgMigrations: string[] = [
  paperSchema,
  coreSchema,
  searchSchema,
  installationSchema,
  messageNumbers,
  acronymSchema,
  commonSchema,
  arxivListings,
  arxivSources,
  databaseIdentity,
  spelledOutSchema,
];

const lockKey = `hashtext('paperboy schema migrations in ' || current_schema())`;

/** Applies every pending migration; refuses a schema newer than this code. Returns the version reached. */
export async function migratePostgres(
  client: SqlClient,
  migrations: readonly string[] = pgMigrations,
  where = 'PostgreSQL',
): Promise<number> {
  for (;;) {
    const applied = await client.transaction(async (tx) => {
      await tx.query(`SELECT pg_advisory_xact_lock(${lockKey})`, []);
      await tx.query(
        `CREATE TABLE IF NOT EXISTS schema_migrations (
           version integer PRIMARY KEY,
           applied_at timestamptz NOT NULL DEFAULT now()
         )`,
        [],
      );
      const { rows } = await tx.query<{ version: number | null }>(
        'SELECT max(version) AS version FROM schema_migrations',
        [],
      );
      const current = Number(rows[0]?.version ?? 0);
      if (current > migrations.length) {
        throw newerSchemaError(
          `on ${where}`,
          current,
          migrations.length,
          'restore the pg_dump made before the upgrade into an empty database (pg_restore)',
        );
      }
      if (current === migrations.length) return false;
      await tx.query(migrations[current] ?? '');
      await tx.query('INSERT INTO schema_migrations (version) VALUES ($1)', [current + 1]);
      return true;
    });
    if (!applied) return migrations.length;
  }
}
