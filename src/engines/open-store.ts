/**
 * Opens the store DATABASE_URL names: `postgres://` or `postgresql://` is a PostgreSQL server, anything
 * else a SQLite file (an absolute path once the configuration has resolved it, or `:memory:`).
 */
import { isPostgresUrl } from '../config/database-location';
import type { Store } from '../store/store';
import { openPostgresStore, type PostgresStoreOptions } from './postgres/pg-store';
import { openSqliteStore, type SqliteStoreOptions } from './sqlite/sqlite-store';

export interface OpenStoreOptions {
  sqlite?: SqliteStoreOptions;
  postgres?: PostgresStoreOptions;
}

export async function openStore(databaseUrl: string, options: OpenStoreOptions = {}): Promise<Store> {
  if (isPostgresUrl(databaseUrl)) return openPostgresStore(databaseUrl, options.postgres);
  return openSqliteStore(databaseUrl, options.sqlite);
}
