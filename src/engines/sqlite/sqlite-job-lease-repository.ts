import type Database from 'better-sqlite3';
import type { JobLeaseRepository } from '../../store/store';

const expiry = (now: string, ttlMs: number) => new Date(Date.parse(now) + ttlMs).toISOString();

/**
 * Job leases on SQLite. One process runs the scheduler per file (the scheduler lock), so a lease here is
 * never contested; the same contract as PostgreSQL's keeps the scheduler one piece of code.
 */
export class SqliteJobLeaseRepository implements JobLeaseRepository {
  constructor(private readonly db: Database.Database) {}

  tryStart(job: string, holder: string, tickKey: string, now: string, ttlMs: number): boolean {
    // A tick further ahead than a lease reaches was started on a clock ahead of ours: ours went back (NTP,
    // a host set back), and the job is ours to take at once, its tick starting again from ours.
    const ahead = expiry(now, ttlMs);
    const taken = this.db
      .prepare(
        `INSERT INTO job_leases (job, holder, expires_at, last_tick) VALUES (?, ?, ?, ?)
         ON CONFLICT (job) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at,
           last_tick = CASE WHEN job_leases.last_tick > ? THEN excluded.last_tick
             ELSE max(job_leases.last_tick, excluded.last_tick) END
         WHERE job_leases.holder = excluded.holder
           OR (job_leases.expires_at <= ? AND job_leases.last_tick < excluded.last_tick)
           OR job_leases.last_tick > ?`,
      )
      .run(job, holder, expiry(now, ttlMs), tickKey, ahead, now, ahead);
    return taken.changes === 1;
  }

  renew(job: string, holder: string, now: string, ttlMs: number): boolean {
    return (
      this.db
        .prepare('UPDATE job_leases SET expires_at = ? WHERE job = ? AND holder = ?')
        .run(expiry(now, ttlMs), job, holder).changes === 1
    );
  }

  finish(job: string, holder: string): void {
    this.db.prepare(`UPDATE job_leases SET expires_at = '' WHERE job = ? AND holder = ?`).run(job, holder);
  }
}
