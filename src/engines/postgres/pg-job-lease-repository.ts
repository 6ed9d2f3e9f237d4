/**
 * Job leases on PostgreSQL: each call is one statement the server runs atomically (an INSERT … ON CONFLICT
 * whose update is conditional, or a conditional UPDATE), so two instances deciding at once never both win:
 * the second waits on the row lock and then sees the first one's lease.
 */
import type { JobLeaseRepository, Promised } from '../../store/store';
import type { SqlClient } from './pg-client';

export class PgJobLeaseRepository implements Promised<JobLeaseRepository> {
  /**
   * `serverClock`: a lease's expiry is set and judged by the database server's clock (`clock_timestamp()`),
   * not by the caller's `now`: instances whose clocks disagree (NTP, suspend, a host set ahead) can then
   * never see a live holder's lease as over and take its job while it still posts. The caller's `now` still
   * names ticks. Off, the caller's clock times leases too (an injected clock that lets time pass in tests).
   */
  constructor(
    private readonly client: SqlClient,
    private readonly serverClock = false,
  ) {}

  /** The SQL moment a lease is timed from: the server's clock, or the caller's `now` (parameter `param`). */
  private moment(param: string): string {
    return this.serverClock ? 'clock_timestamp()' : `${param}::timestamptz`;
  }

  async tryStart(job: string, holder: string, tickKey: string, now: string, ttlMs: number): Promise<boolean> {
    // A tick further ahead than a lease reaches ($6) was started on a clock ahead of ours: ours went back
    // (NTP, a host set back). Once its lease is over, the job is ours to take, its ticks counting from ours.
    const ahead = new Date(Date.parse(now) + ttlMs).toISOString();
    const result = await this.client.query(
      `INSERT INTO job_leases (job, holder, expires_at, tick_key, started_at)
       VALUES ($1, $2, ${this.moment('$4')} + $5::double precision * interval '1 millisecond', $3, $4::timestamptz)
       ON CONFLICT (job) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at,
         tick_key = CASE WHEN job_leases.tick_key COLLATE "C" > $6 THEN excluded.tick_key
           ELSE greatest(job_leases.tick_key COLLATE "C", excluded.tick_key) END,
         started_at = excluded.started_at
       WHERE job_leases.holder = excluded.holder
         OR ((job_leases.tick_key COLLATE "C" < excluded.tick_key OR job_leases.tick_key COLLATE "C" > $6)
           AND (job_leases.expires_at IS NULL OR job_leases.expires_at <= ${this.moment('$4')}))
       RETURNING job`,
      [job, holder, tickKey, now, ttlMs, ahead],
    );
    return result.rows.length > 0;
  }

  async renew(job: string, holder: string, now: string, ttlMs: number): Promise<boolean> {
    const result = await this.client.query(
      `UPDATE job_leases SET expires_at = ${this.moment('$4')} + $3::double precision * interval '1 millisecond'
       WHERE job = $1 AND holder = $2 RETURNING job`,
      // By the server's clock, `now` is not a parameter (an unused one has no type PostgreSQL can infer).
      this.serverClock ? [job, holder, ttlMs] : [job, holder, ttlMs, now],
    );
    return result.rows.length > 0;
  }

  async finish(job: string, holder: string): Promise<void> {
    await this.client.query('UPDATE job_leases SET expires_at = NULL WHERE job = $1 AND holder = $2', [
      job,
      holder,
    ]);
  }
}
