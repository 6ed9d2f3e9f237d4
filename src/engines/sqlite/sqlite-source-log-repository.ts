import type Database from 'better-sqlite3';
import type { RejectedItem } from '../../records/rejected-item';
import type { DayFailure, SourceLogRepository } from '../../store/store';

interface FailureRow {
  day: string;
  failures: number;
  last_error: string;
  first_failed_at: string;
  retry_at: string;
  recovered_at: string | null;
}

const toFailure = (row: FailureRow): DayFailure => ({
  day: row.day,
  failures: row.failures,
  lastError: row.last_error,
  firstFailedAt: row.first_failed_at,
  retryAt: row.retry_at,
  recoveredAt: row.recovered_at,
});

/** What the source could not give: items it listed that failed validation, and days it failed to serve. */
export class SqliteSourceLogRepository implements SourceLogRepository {
  constructor(private readonly db: Database.Database) {}

  recordRejects(day: string, rejected: RejectedItem[], at: string): void {
    this.db.transaction(() => {
      this.db.prepare('DELETE FROM rejected_items WHERE day = ?').run(day);
      const insert = this.db.prepare(
        `INSERT OR REPLACE INTO rejected_items (day, source_id, paper_id, reason, seen_at) VALUES (?, ?, ?, ?, ?)`,
      );
      rejected.forEach((item, index) => {
        insert.run(day, item.sourceId ?? `#${index}`, item.paperId, item.reason, at);
      });
    })();
  }

  rejectsFor(id: string): Array<{ day: string; reason: string }> {
    return this.db
      .prepare('SELECT day, reason FROM rejected_items WHERE paper_id = ? OR source_id = ? ORDER BY day')
      .all(id, id) as Array<{ day: string; reason: string }>;
  }

  recordDayFailure(
    day: string,
    error: string,
    now: string,
    retryAt: (failures: number) => string,
  ): DayFailure {
    const previous = this.dayFailure(day);
    const failures = previous && !previous.recoveredAt ? previous.failures + 1 : 1;
    const firstFailedAt = previous && !previous.recoveredAt ? previous.firstFailedAt : now;
    this.db
      .prepare(
        `INSERT INTO day_fetch_failures (day, failures, last_error, first_failed_at, retry_at, recovered_at)
         VALUES (?, ?, ?, ?, ?, NULL)
         ON CONFLICT (day) DO UPDATE SET failures = excluded.failures, last_error = excluded.last_error,
           first_failed_at = excluded.first_failed_at, retry_at = excluded.retry_at, recovered_at = NULL`,
      )
      .run(day, failures, error, firstFailedAt, retryAt(failures));
    return this.dayFailure(day) as DayFailure;
  }

  markDayRecovered(day: string, now: string): void {
    this.db
      .prepare('UPDATE day_fetch_failures SET recovered_at = ? WHERE day = ? AND recovered_at IS NULL')
      .run(now, day);
  }

  dayFailure(day: string): DayFailure | null {
    const row = this.db.prepare('SELECT * FROM day_fetch_failures WHERE day = ?').get(day) as
      | FailureRow
      | undefined;
    return row ? toFailure(row) : null;
  }

  failingDays(): DayFailure[] {
    const rows = this.db
      .prepare('SELECT * FROM day_fetch_failures WHERE recovered_at IS NULL ORDER BY day')
      .all() as FailureRow[];
    return rows.map(toFailure);
  }

  recoveredSince(since: string): string[] {
    return this.db
      .prepare('SELECT day FROM day_fetch_failures WHERE recovered_at > ? ORDER BY day')
      .pluck()
      .all(since) as string[];
  }

  prune(before: string): number {
    const rejects = this.db.prepare('DELETE FROM rejected_items WHERE seen_at < ?').run(before).changes;
    const days = this.db
      .prepare('DELETE FROM day_fetch_failures WHERE recovered_at < ? OR day < substr(?, 1, 10)')
      .run(before, before).changes;
    return rejects + days;
  }
}
