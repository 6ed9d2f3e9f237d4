/**
 * Backing up and restoring the database DATABASE_URL names, beside `openStore`: SQLite files are copied
 * by paperboy (sqlite/sqlite-backup.ts, sqlite/sqlite-restore.ts); a PostgreSQL database is the server's
 * to copy, with pg_dump and pg_restore, which are consistent while every instance runs.
 */
import { existsSync, mkdirSync, realpathSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { isPostgresUrl } from '../config/database-location';
import { PaperboyError } from '../errors';
import { copyDatabase, type DatabaseSummary } from './sqlite/sqlite-backup';
import { openReadOnlyDatabase, whyNotWritable } from './sqlite/sqlite-read-only';
import { type RestoreResult, restoreSqlite } from './sqlite/sqlite-restore';
import { busyTimeoutMs } from './sqlite/sqlite-store';

export type { DatabaseSummary, RestoreResult };

/** How long the copy may wait for a write lock of the bot's before its read begins (WAL readers rarely wait). */
const backupBusyMs = 5_000;

/** Writes a consistent, checked copy of the database to `destination`, a new file. */
export function backupDatabase(databaseUrl: string, destination: string): DatabaseSummary {
  refuseOtherEngines(databaseUrl, 'backup');
  if (!existsSync(databaseUrl)) {
    throw new PaperboyError(
      'invalid_input',
      `There is no database at ${databaseUrl} yet: nothing to back up.`,
    );
  }
  if (existsSync(destination)) {
    const same = realpathSync(destination) === realpathSync(databaseUrl);
    throw new PaperboyError(
      'invalid_input',
      same
        ? `${destination} is the database itself: give the backup a file of its own.`
        : `${destination} already exists, and paperboy backup does not overwrite a file: give a new name ` +
            '(e.g. one with the date, backups/paperboy-2026-11-27.db), or remove that one first.',
    );
  }
  mkdirSync(dirname(destination), { recursive: true });
  // A writable connection when it may be one: when it closes last, SQLite tidies away the -wal and -shm.
  const db =
    whyNotWritable(databaseUrl) === null
      ? new Database(databaseUrl, { fileMustExist: true })
      : openReadOnlyDatabase(databaseUrl);
  try {
    db.pragma(`busy_timeout = ${Math.max(busyTimeoutMs, backupBusyMs)}`);
    return copyDatabase(db, destination);
  } finally {
    db.close();
  }
}

/** Replaces the database with a copy of the backup at `source`; refused while a bot runs on it. */
export function restoreDatabase(databaseUrl: string, source: string, now: Date): RestoreResult {
  refuseOtherEngines(databaseUrl, 'restore');
  return restoreSqlite(databaseUrl, source, now);
}

function refuseOtherEngines(databaseUrl: string, command: 'backup' | 'restore'): void {
  if (databaseUrl === ':memory:') {
    throw new PaperboyError(
      'invalid_input',
      `DATABASE_URL is :memory:, which keeps nothing: nothing to ${command}.`,
    );
  }
  if (!isPostgresUrl(databaseUrl)) return;
  const how =
    command === 'backup'
      ? 'pg_dump --format=custom --file=paperboy.dump "$DATABASE_URL" (consistent while the bots run)'
      : 'stop every paperboy, then pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" paperboy.dump';
  throw new PaperboyError(
    'invalid_input',
    `DATABASE_URL is a PostgreSQL database, which paperboy ${command} does not copy: PostgreSQL's own tools do, ` +
      `e.g. ${how}. See "Back up and restore" in the README.`,
  );
}
