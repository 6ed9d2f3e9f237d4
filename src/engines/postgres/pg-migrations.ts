/**
 * Versioned schema changes on PostgreSQL, applied in order at start-up; `schema_migrations` records which
 * ran. Several instances may start at once: each migration runs in its own transaction holding a
 * transaction-scoped advisory lock (per schema), so exactly one applies it and the others see it done.
 * Never edit a released migration: append a new one.
 */
import { PaperboyError } from '../../errors';
import type { SqlClient } from './pg-client';
import { coreSchema } from './pg-core-schema';
import { installationSchema } from './pg-installation-schema';
import { paperSchema } from './pg-paper-schema';
import { searchSchema } from './pg-search-schema';

export const pgMigrations: string[] = [paperSchema, coreSchema, searchSchema, installationSchema];

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
        throw new PaperboyError(
          'store_unavailable',
          `The schema in ${where} is at version ${current}, newer than this paperboy (${migrations.length}): ` +
            'a newer paperboy migrated it. Upgrade this one, or point DATABASE_URL at another database.',
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
