/**
 * A database paperboy may read but not write: the file is read-only, or its folder is (a read-only mount,
 * a backup copy, another user's folder). Searching and reading still work; anything that must save says
 * which of the two is not writable instead of calling the database damaged.
 *
 * SQLite opens a WAL database read-only only when it can create the -wal and -shm files beside it, or
 * when they already exist. Without them paperboy reads a copy of the file in memory (SQLite's own
 * deserialize, through better-sqlite3's buffer constructor): correct because no -wal holds newer pages,
 * bounded by the size of the file.
 */
import { accessSync, chmodSync, constants, existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { PaperboyError } from '../../errors';

/**
 * Why paperboy cannot write the database at `path`, or null when it can (or when its folder does not exist
 * yet: creating it is the opener's job, with its own message). Names the one file that blocks: the folder,
 * the database, or a -wal or -shm file left read-only beside it (an older paperboy let SQLite create them
 * with the mode of a read-only database), which would refuse every write after the database is fixed.
 */
export function whyNotWritable(path: string): string | null {
  const folder = dirname(resolve(path));
  if (!existsSync(folder)) return null;
  if (!writable(folder)) {
    return `the folder ${folder} is not writable (SQLite keeps its -wal and -shm files beside the database)`;
  }
  if (existsSync(path) && !writable(path)) return `the file ${path} is not writable`;
  const stuck = [`${path}-wal`, `${path}-shm`].filter((side) => existsSync(side) && !writable(side));
  if (stuck.length > 0) {
    const [files, them, are] = stuck.length === 1 ? ['file', 'it', 'is'] : ['files', 'them', 'are'];
    return `the ${files} ${stuck.join(' and ')} beside it ${are} not writable (SQLite's own files: make ${them} writable, chmod u+w ${stuck.join(' ')})`;
  }
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

/**
 * Opens an existing database for reading only, creating nothing beside it that a person could not fix.
 * SQLite reads a WAL database through its -wal and -shm files, creating them when they are missing with
 * the mode of the database: for a read-only database, read-only files that keep refusing writes after the
 * database is made writable again. So: both there, SQLite reads through them; no -wal frames to read,
 * an in-memory copy of the file (all there is); frames but no -shm (a writer was killed), SQLite rebuilds
 * the -shm (with the database's read-only mode, whatever exists: it sets the mode of an empty file), which
 * is then made writable for its owner.
 */
export function openReadOnlyDatabase(path: string): Database.Database {
  const [wal, shm] = [`${path}-wal`, `${path}-shm`];
  if (existsSync(wal) && existsSync(shm)) {
    const db = new Database(path, { readonly: true, fileMustExist: true });
    try {
      // SQLite reads the -shm file on the first read, not on open.
      db.prepare('SELECT count(*) FROM sqlite_master').get();
      return db;
    } catch (error) {
      db.close();
      if (hasWalFrames(path)) throw error;
    }
  }
  if (!hasWalFrames(path)) return new Database(withoutWalFlag(readFileSync(path)), { readonly: true });
  const shmExisted = existsSync(shm);
  const db = new Database(path, { readonly: true, fileMustExist: true });
  db.prepare('SELECT count(*) FROM sqlite_master').get();
  if (!shmExisted && existsSync(shm)) {
    try {
      chmodSync(shm, statSync(shm).mode | 0o200);
    } catch {
      // Not this process's file after all: whyNotWritable names it if it ever blocks a write.
    }
  }
  return db;
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
