import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { PaperboyError } from '../../errors';
import type { Store } from '../store';
import { migrations } from './migrations';
import { SqliteBatchRepository } from './sqlite-batch-repository';
import { SqliteDeliveryRepository } from './sqlite-delivery-repository';
import { SqliteDiscussionRepository } from './sqlite-discussion-repository';
import { SqlitePaperRepository } from './sqlite-paper-repository';
import { SqliteSubscriptionRepository } from './sqlite-subscription-repository';

/** `./data/paperboy.db`, `file:///abs/path.db` or `:memory:` → a path better-sqlite3 opens. */
export const sqlitePathFromUrl = (url: string) =>
  url.startsWith('file://') ? url.slice('file://'.length) : url;

/** Opens (creating if needed) the database, sets WAL and applies pending migrations. */
export function openSqliteStore(url: string): Store {
  const path = sqlitePathFromUrl(url);
  const db = openDatabase(path);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    migrate(db);
  } catch (error) {
    db.close();
    throw new PaperboyError(
      'store_unavailable',
      `The database at ${path} cannot be used (${(error as Error).message}). ` +
        'It is left untouched: restore it from a backup, or point DATABASE_URL at another file.',
      { cause: error },
    );
  }
  return {
    papers: new SqlitePaperRepository(db),
    batches: new SqliteBatchRepository(db),
    subscriptions: new SqliteSubscriptionRepository(db),
    deliveries: new SqliteDeliveryRepository(db),
    discussion: new SqliteDiscussionRepository(db),
    transaction: (work) => db.transaction(work)(),
    close: () => db.close(),
  };
}

function openDatabase(path: string): Database.Database {
  try {
    if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
    return new Database(path);
  } catch (error) {
    throw new PaperboyError(
      'store_unavailable',
      `Cannot open the database at ${path} (${(error as Error).message}). Check DATABASE_URL and the folder's permissions.`,
      { cause: error },
    );
  }
}

function migrate(db: Database.Database): void {
  // Reading the schema first makes a corrupt or non-database file fail here, before anything is written.
  db.prepare('SELECT count(*) FROM sqlite_master').get();
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > migrations.length) {
    throw new Error(`schema version ${current} is newer than this paperboy (${migrations.length})`);
  }
  for (let version = current; version < migrations.length; version++) {
    db.transaction(() => {
      db.exec(migrations[version] ?? '');
      db.pragma(`user_version = ${version + 1}`);
    })();
  }
}
