import { existsSync, mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { PaperboyError } from '../../errors';
import type { SavedDay, Store } from '../../store/store';
import { newerSchemaError } from '../newer-schema';
import { SqlArxivRepository } from '../sql/arxiv-repository';
import { recordDay } from '../sql/record-day';
import { sqlRepositories } from '../sql/sql-repositories';
import { migrations } from './migrations';
import { openFailure } from './sqlite-faults';
import { SqliteJobLeaseRepository } from './sqlite-job-lease-repository';
import { SqlitePaperRepository } from './sqlite-paper-repository';
import { checkReadOnlySchema, openReadOnlyDatabase, whyNotWritable } from './sqlite-read-only';
import { claimSchedulerLock } from './sqlite-scheduler-lock';
import { createSqliteSql, promisedInTurn } from './sqlite-sql';

/** `./data/paperboy.db`, `file:///abs/path.db` or `:memory:` → a path better-sqlite3 opens. */
export const sqlitePathFromUrl = (url: string) =>
  url.startsWith('file://') ? url.slice('file://'.length) : url;

/**
 * How long one write waits for another process's write lock. better-sqlite3 is synchronous, so SQLite's
 * busy handler sleeps on the event loop: every waiting write would hold up every chat acknowledgement,
 * every gateway heartbeat and every timer for that long (20 commands waiting 200 ms each froze the loop
 * for 4 s). A few milliseconds let a write slip in after another process's short transaction; callers
 * retry a refused write after an asynchronous pause instead (commands for 10 s, digests on the next
 * tick), and readers never wait at all (WAL).
 */
export const busyTimeoutMs = 5;

export interface SqliteStoreOptions {
  /** Hands the opened connection to a test (e.g. to cap `max_page_count` and produce SQLITE_FULL). */
  onOpen?: (db: Database.Database) => void;
}

/**
 * Opens (creating if needed) the database, sets WAL and applies pending migrations. A database paperboy
 * cannot write (read-only file or folder) opens for reading: `readOnly` says why, and writes fail with
 * `store_read_only`.
 */
export function openSqliteStore(url: string, options: SqliteStoreOptions = {}): Store {
  const path = sqlitePathFromUrl(url);
  const readOnly = path === ':memory:' ? null : whyNotWritable(path);
  const db = readOnly ? openReadOnly(path, readOnly) : openDatabase(path);
  try {
    db.pragma(`busy_timeout = ${busyTimeoutMs}`);
    if (readOnly) {
      checkReadOnlySchema(db, path, migrations.length, readOnly);
    } else {
      db.pragma('journal_mode = WAL');
      db.pragma('synchronous = NORMAL');
      db.pragma('foreign_keys = ON');
      migrate(db, path);
    }
  } catch (error) {
    db.close();
    throw openFailure(error, path, readOnly);
  }
  options.onOpen?.(db);
  const sql = createSqliteSql(db, path, readOnly);
  const lift = <T extends object>(repository: T) => promisedInTurn(repository, sql);
  const papers = new SqlitePaperRepository(db);
  return {
    engine: 'sqlite',
    sharedByInstances: false,
    readOnly,
    papers: lift(papers),
    jobs: lift(new SqliteJobLeaseRepository(db)),
    ...sqlRepositories(sql),
    arxiv: new SqlArxivRepository(sql, (work) =>
      sql.transaction((tx) => work(tx, async (listed) => papers.upsertMany(listed, 'arxiv'))),
    ),
    saveDay: (day: SavedDay) =>
      sql.transaction(async (tx) => {
        const upserted = papers.upsertMany(day.papers);
        await recordDay(tx, day);
        return upserted;
      }),
    claimScheduler: async (holder) => {
      try {
        return claimSchedulerLock(db, path, holder);
      } catch (error) {
        // The lock file's own failures come coded (naming it); anything else is the database's.
        throw openFailure(error, path);
      }
    },
    databaseId: async () => {
      const row = db.prepare('SELECT id FROM database_identity LIMIT 1').get() as { id: string } | undefined;
      if (!row) throw new Error('the database has no identity row');
      return row.id;
    },
    close: async () => {
      db.close();
    },
  };
}

function openReadOnly(path: string, reason: string): Database.Database {
  if (!existsSync(path)) {
    throw new PaperboyError(
      'store_unavailable',
      `Cannot create the database ${path}: ${reason}. Point DATABASE_URL at a writable folder.`,
    );
  }
  try {
    return openReadOnlyDatabase(path);
  } catch (error) {
    throw openFailure(error, path, reason);
  }
}

function openDatabase(path: string): Database.Database {
  try {
    if (path !== ':memory:') mkdirSync(dirname(resolve(path)), { recursive: true });
    return new Database(path);
  } catch (error) {
    if ((error as { code?: string }).code === 'SQLITE_FULL') throw openFailure(error, path);
    throw new PaperboyError(
      'store_unavailable',
      `Cannot open the database at ${path} (${(error as Error).message}). Check DATABASE_URL and the folder's permissions.`,
      { cause: error },
    );
  }
}

function migrate(db: Database.Database, path: string): void {
  // Reading the schema first makes a corrupt or non-database file fail here, before anything is written.
  db.prepare('SELECT count(*) FROM sqlite_master').get();
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > migrations.length) {
    throw newerSchemaError(
      path,
      current,
      migrations.length,
      'restore the backup made before the upgrade (paperboy restore <file>)',
    );
  }
  if (current === migrations.length) return;
  // A migration may rebuild a table others refer to (SQLite's way to change a constraint): foreign keys are
  // off meanwhile, as SQLite's ALTER TABLE page prescribes, and each migration commits only if none broke.
  db.pragma('foreign_keys = OFF');
  try {
    for (let version = current; version < migrations.length; version++) {
      db.transaction(() => {
        db.exec(migrations[version] ?? '');
        const broken = db.pragma('foreign_key_check') as unknown[];
        if (broken.length > 0)
          throw new Error(`migration ${version + 1} left ${broken.length} row(s) referring to nothing`);
        db.pragma(`user_version = ${version + 1}`);
      })();
    }
  } finally {
    db.pragma('foreign_keys = ON');
  }
}
