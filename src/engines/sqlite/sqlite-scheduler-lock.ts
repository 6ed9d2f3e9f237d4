/**
 * One scheduler per SQLite file. The lock is an exclusive transaction held open on a small side file
 * (`<database>-lock`), so it is the operating system's own file lock (fcntl, the one SQLite itself relies
 * on): the kernel drops it the moment the holder exits, even on SIGKILL or OOM, so a crash never leaves the
 * database locked and a restart needs no waiting. A lease row refreshed by the holder would need a write
 * every few seconds — exactly what fails while the disk is full or another process holds the write lock —
 * and a stale-lease timeout after every crash. WAL already requires every process on one host, where
 * these locks are reliable. Who holds the lock (pid, host, since) is written to the main database, for
 * the message the second process prints.
 */

import { accessSync, constants, existsSync } from 'node:fs';
import type { Database as Db } from 'better-sqlite3';
import Database from 'better-sqlite3';
import { PaperboyError } from '../../errors';
import type { SchedulerClaim, SchedulerHolder } from '../../store/store';

interface HolderRow {
  pid: number;
  host: string;
  started_at: string;
}

/** The side file whose OS lock says a bot runs on the database at `path`. */
export const lockFileOf = (path: string) => `${path}-lock`;

/**
 * Holds the lock of the database at `path`: the open lock file (close it to release), or null when a
 * running bot holds it. Also what `paperboy restore` takes, so no bot starts while the file is replaced.
 */
export function holdLockFile(path: string): Db | null {
  let lock: Db | undefined;
  try {
    // SQLite opens a read-only file read-only without a word, and its exclusive lock then excludes no one:
    // two bots would both "hold" it and post every digest twice.
    if (existsSync(lockFileOf(path))) accessSync(lockFileOf(path), constants.W_OK);
    lock = new Database(lockFileOf(path));
    lock.pragma('busy_timeout = 0');
    lock.exec('BEGIN EXCLUSIVE');
    return lock;
  } catch (error) {
    lock?.close();
    if (String((error as { code?: string }).code).startsWith('SQLITE_BUSY')) return null;
    throw lockFileError(path, error);
  }
}

const reason = (error: unknown) =>
  (error as { code?: string }).code === 'EACCES' ? 'it is not writable' : (error as Error).message;

/** The lock file, not the database, is what blocks: say so, and that it may simply be removed. */
function lockFileError(path: string, cause: unknown): PaperboyError {
  const file = lockFileOf(path);
  return new PaperboyError(
    'store_read_only',
    `paperboy cannot take its lock file ${file} (${reason(cause)}), which says that a bot runs on ` +
      `the database ${path}. Make it writable, or delete it while no paperboy is running (it holds no data). ` +
      'The database itself is not damaged.',
    { cause },
  );
}

export function claimSchedulerLock(db: Db, path: string, holder: SchedulerHolder): SchedulerClaim {
  if (path === ':memory:') return { ok: true, release: async () => {} };
  const lock = holdLockFile(path);
  if (!lock) return { ok: false, holder: currentHolder(db) };
  // The lock makes this process the file's only scheduler: a lease left by an earlier one (killed while a
  // job ran) is void at once, so a restart resumes the job now (even within the same minute) rather than
  // after the lease would expire.
  db.prepare(`UPDATE job_leases SET expires_at = NULL, tick_key = ''`).run();
  try {
    db.prepare(
      `INSERT INTO scheduler_holder (id, pid, host, started_at) VALUES (1, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET pid = excluded.pid, host = excluded.host, started_at = excluded.started_at`,
    ).run(holder.pid, holder.host, holder.startedAt);
  } catch {
    // Only the refusal message of a second process reads this; holding the lock is what matters.
  }
  return {
    ok: true,
    release: async () => {
      try {
        db.prepare('DELETE FROM scheduler_holder WHERE id = 1 AND pid = ? AND host = ?').run(
          holder.pid,
          holder.host,
        );
      } catch {
        // The lock goes with the file handle below either way.
      }
      lock.close();
    },
  };
}

/** Who holds the lock, as the holder wrote it into the database. */
export function currentHolder(db: Db): SchedulerHolder | null {
  const row = db.prepare('SELECT pid, host, started_at FROM scheduler_holder WHERE id = 1').get() as
    | HolderRow
    | undefined;
  return row ? { pid: row.pid, host: row.host, startedAt: row.started_at } : null;
}
