import type Database from 'better-sqlite3';
import type { JobLeaseRepository } from '../../store/store';

const expiry = (now: string, ttlMs: number) => new Date(Date.parse(now) + ttlMs).toISOString();

/**
 * Job leases on SQLite. One process runs the scheduler per file (the scheduler lock), so a lease here is
 * never contested; the same contract and columns as PostgreSQL's (pg-job-lease-repository.ts) keep the
 * scheduler one piece of code. The statements stay per engine: PostgreSQL computes and compares the times
 * as timestamptz, SQLite as ISO text.
 */
export class SqliteJobLeaseRepository implements JobLeaseRepository {
  constructor(private readonly db: Database.Database) {}

  tryStart(job: string, holder: string, tickKey: string, now: string, ttlMs: number): boolean {
    // A tick further ahead than a lease reaches was started on a clock ahead of ours: ours went back (NTP,
    // a host set back). Once its lease is over, the job is ours to take, its ticks counting from our clock.
    const ahead = expiry(now, ttlMs);
    const taken = this.db
      .prepare(
        `INSERT INTO job_leases (job, holder, expires_at, tick_key, started_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (job) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at,
           tick_key = CASE WHEN job_leases.tick_key > ? THEN excluded.tick_key
             ELSE max(job_leases.tick_key, excluded.tick_key) END,
           started_at = excluded.started_at
         WHERE job_leases.holder = excluded.holder
           OR ((job_leases.expires_at IS NULL OR job_leases.expires_at <= ?)
             AND (job_leases.tick_key < excluded.tick_key OR job_leases.tick_key > ?))`,
      )
      .run(job, holder, expiry(now, ttlMs), tickKey, now, ahead, now, ahead);
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
    this.db.prepare('UPDATE job_leases SET expires_at = NULL WHERE job = ? AND holder = ?').run(job, holder);
  }
}
