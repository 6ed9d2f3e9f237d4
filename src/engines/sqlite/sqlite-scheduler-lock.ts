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

import type { Database as Db } from 'better-sqlite3';
import Database from 'better-sqlite3';
import type { SchedulerClaim, SchedulerHolder } from '../../store/store';

interface HolderRow {
  pid: number;
  host: string;
  started_at: string;
}

export function claimSchedulerLock(db: Db, path: string, holder: SchedulerHolder): SchedulerClaim {
  if (path === ':memory:') return { ok: true, release: async () => {} };
  const lock = new Database(`${path}-lock`);
  try {
    lock.pragma('busy_timeout = 0');
    lock.exec('BEGIN EXCLUSIVE');
  } catch (error) {
    lock.close();
    if (!String((error as { code?: string }).code).startsWith('SQLITE_BUSY')) throw error;
    return { ok: false, holder: currentHolder(db) };
  }
  // The lock makes this process the file's only scheduler: a lease left by an earlier one (killed while a
  // job ran) is void at once, so a restart resumes the job now (even within the same minute) rather than
  // after the lease would expire.
  db.prepare(`UPDATE job_leases SET expires_at = '', last_tick = ''`).run();
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

function currentHolder(db: Db): SchedulerHolder | null {
  const row = db.prepare('SELECT pid, host, started_at FROM scheduler_holder WHERE id = 1').get() as
    | HolderRow
    | undefined;
  return row ? { pid: row.pid, host: row.host, startedAt: row.started_at } : null;
}
