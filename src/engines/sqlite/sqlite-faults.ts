/**
 * Turns the SQLite failures that come from outside paperboy (another process holding the write lock, a full
 * disk) into coded errors that name the file and say what to do, so the digest engine does not mistake them
 * for a Hugging Face outage and no raw SqliteError reaches a user.
 */
import { statfsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { PaperboyError } from '../../errors';
import { readOnlyError } from './sqlite-read-only';

/** Less free space than this on the database's volume counts as "full" for an I/O error SQLite reports. */
const nearlyFullBytes = 1024 * 1024;

const sqliteCode = (error: unknown): string => {
  const code = error instanceof Error ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : '';
};

/** SQLite refused because another connection holds the lock (its busy wait, if any, ran out). */
export const isLockRefusal = (error: unknown): boolean => {
  const code = sqliteCode(error);
  return code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED');
};

/** Bytes free for unprivileged writes on the volume holding `path`, or null if the system cannot tell. */
export function freeBytesNear(path: string): number | null {
  try {
    const stats = statfsSync(dirname(resolve(path)));
    return stats.bavail * stats.bsize;
  } catch {
    return null;
  }
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export function diskFullError(path: string, cause: unknown, what = 'write to'): PaperboyError {
  const free = freeBytesNear(path);
  const room = free === null ? '' : ` (${megabytes(free)} free on ${dirname(resolve(path))})`;
  return new PaperboyError(
    'store_full',
    `Disk full: paperboy could not ${what} the database ${path}${room}. Nothing was half-saved: ` +
      'free some space on that disk.',
    { cause },
  );
}

export function busyError(path: string, cause: unknown): PaperboyError {
  return new PaperboyError(
    'store_busy',
    `The database ${path} is locked by another process's write, so nothing was saved just now.`,
    { cause },
  );
}

const isFullDisk = (code: string, path: string): boolean => {
  if (code === 'SQLITE_FULL') return true;
  // SQLite reports ENOSPC on its journal, WAL or shared-memory file as a plain I/O error.
  if (!code.startsWith('SQLITE_IOERR')) return false;
  const free = freeBytesNear(path);
  return free !== null && free < nearlyFullBytes;
};

/** What a write refused as read-only is told when the store opened writable (it was changed since). */
const notWritableNow = (path: string) => `the file ${path} or its folder is not writable (any more)`;

/**
 * The coded error for an outside fault, or the original error when it is something else. `readOnly` is
 * why the store opened read-only, if it did.
 */
export function classifySqliteError(error: unknown, path: string, readOnly: string | null = null): unknown {
  const code = sqliteCode(error);
  if (code.startsWith('SQLITE_READONLY')) return readOnlyError(path, readOnly ?? notWritableNow(path), error);
  if (isLockRefusal(error)) return busyError(path, error);
  if (isFullDisk(code, path)) return diskFullError(path, error);
  return error;
}

/** Opening failed: a full disk, a read-only file or a missing shared-memory file is not a damaged database. */
export function openFailure(error: unknown, path: string, readOnly: string | null = null): PaperboyError {
  if (error instanceof PaperboyError) return error;
  const code = sqliteCode(error);
  const detail = (error as Error).message;
  if (code.startsWith('SQLITE_READONLY')) return readOnlyError(path, readOnly ?? notWritableNow(path), error);
  if (isFullDisk(code, path) || code === 'SQLITE_IOERR_SHMSIZE') {
    return diskFullError(path, error, 'open (it needs room for its -wal and -shm files)');
  }
  if (isLockRefusal(error)) {
    return new PaperboyError(
      'store_busy',
      `The database ${path} is locked by another process (${detail}). Try again once it has finished.`,
      { cause: error },
    );
  }
  if (code.startsWith('SQLITE_IOERR_SHM') || code === 'SQLITE_CANTOPEN') {
    return new PaperboyError(
      'store_unavailable',
      `SQLite cannot create or open the files beside ${path} (${path}-wal, ${path}-shm): ${detail}. ` +
        `The database itself is not damaged: check free space and write permission on ${dirname(resolve(path))}.`,
      { cause: error },
    );
  }
  return new PaperboyError(
    'store_unavailable',
    `The database at ${path} cannot be used (${detail}). ` +
      'It is left untouched: restore it from a backup, or point DATABASE_URL at another file.',
    { cause: error },
  );
}
