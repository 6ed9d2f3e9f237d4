/**
 * A database paperboy may read but not write: the file is read-only, or its folder is (a read-only mount,
 * a backup copy, another user's folder). Searching and reading still work; anything that must save says
 * which of the two is not writable instead of calling the database damaged.
 *
 * SQLite opens a WAL database read-only only when it can create the -wal and -shm files beside it, or
 * when they already exist. In a read-only folder without them, paperboy reads a copy of the file in memory
 * (SQLite's own deserialize, through better-sqlite3's buffer constructor): correct because no -wal holds
 * newer pages (nobody can write one there), bounded by the size of the file.
 */
import { accessSync, constants, existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { PaperboyError } from '../../errors';

/**
 * Why paperboy cannot write the database at `path`, or null when it can (or when its folder does not exist
 * yet: creating it is the opener's job, with its own message).
 */
export function whyNotWritable(path: string): string | null {
  const folder = dirname(resolve(path));
  if (!existsSync(folder)) return null;
  if (!writable(folder)) {
    return `the folder ${folder} is not writable (SQLite keeps its -wal and -shm files beside the database)`;
  }
  if (existsSync(path) && !writable(path)) return `the file ${path} is not writable`;
  return null;
}

const writable = (path: string) => {
  try {
    accessSync(path, constants.W_OK);
    return true;
  } catch {
    return false;
  }
};

/** Opens an existing database for reading only. */
export function openReadOnlyDatabase(path: string): Database.Database {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    // SQLite looks for the -shm file on the first read, not on open.
    db.prepare('SELECT count(*) FROM sqlite_master').get();
    return db;
  } catch (error) {
    db.close();
    const code = (error as { code?: string }).code;
    if (code !== 'SQLITE_CANTOPEN' || hasWalFrames(path)) throw error;
  }
  return new Database(withoutWalFlag(readFileSync(path)), { readonly: true });
}

const hasWalFrames = (path: string) => existsSync(`${path}-wal`) && statSync(`${path}-wal`).size > 0;

/**
 * Bytes 18 and 19 of the header say "WAL" (2); an in-memory copy has no -wal to go with it, and SQLite
 * refuses to open it so. 1 means the rollback journal: the same pages, read the same way.
 */
function withoutWalFlag(file: Buffer): Buffer {
  if (file.length >= 20 && file[18] === 2 && file[19] === 2) {
    file[18] = 1;
    file[19] = 1;
  }
  return file;
}

/** The schema must already be current: upgrading it is a write. */
export function checkReadOnlySchema(db: Database.Database, path: string, expected: number, reason: string) {
  const version = db.pragma('user_version', { simple: true }) as number;
  if (version === expected) return;
  const problem =
    version > expected
      ? `was written by a newer paperboy (schema ${version}, this one knows ${expected})`
      : `needs upgrading from schema ${version} to ${expected}, which writes to it`;
  throw new PaperboyError(
    'store_read_only',
    `The database ${path} ${problem}, but ${reason}. Make it writable for one start, or point DATABASE_URL at a writable copy.`,
  );
}

export function readOnlyError(path: string, reason: string, cause?: unknown): PaperboyError {
  return new PaperboyError(
    'store_read_only',
    `Nothing was saved: ${reason}, so the database ${path} can be read but not written. ` +
      'Make it writable, or point DATABASE_URL at a writable copy. The database itself is not damaged.',
    { cause },
  );
}
