/** What the source could not give: items it listed that failed validation, and days it failed to serve. */
import type { RejectedItem } from '../../records/rejected-item';
import type { DayFailure, Promised, SourceLogRepository } from '../../store/store';
import { toNumber } from './rows';
import type { Sql } from './sql';

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
  failures: toNumber(row.failures),
  lastError: row.last_error,
  firstFailedAt: row.first_failed_at,
  retryAt: row.retry_at,
  recoveredAt: row.recovered_at,
});

export class SqlSourceLogRepository implements Promised<SourceLogRepository> {
  constructor(private readonly sql: Sql) {}

  recordRejects(day: string, rejected: RejectedItem[], at: string): Promise<void> {
    // The same source id twice keeps the last one (its place in the list: the first one's).
    const byId = new Map<string, RejectedItem>();
    rejected.forEach((item, index) => {
      const id = item.sourceId ?? `#${index}`;
      byId.delete(id);
      byId.set(id, item);
    });
    const items = [...byId].map(([id, item]) => ({
      source_id: id,
      paper_id: item.paperId,
      reason: item.reason,
    }));
    return this.sql.transaction(async (tx) => {
      await tx.query('DELETE FROM rejected_items WHERE day = @day', { day });
      if (items.length === 0) return;
      await tx.query(
        `INSERT INTO rejected_items (day, source_id, paper_id, reason, seen_at)
         SELECT @day, item.source_id, item.paper_id, item.reason, @at
         FROM ${tx.dialect.jsonRecords('@items', 'item', ['source_id', 'paper_id', 'reason'])}`,
        { day, at, items: JSON.stringify(items) },
      );
    });
  }

  async rejectsFor(id: string): Promise<Array<{ day: string; reason: string }>> {
    const { rows } = await this.sql.query<{ day: string; reason: string }>(
      `SELECT day, reason FROM rejected_items WHERE paper_id = @id OR source_id = @id
       ORDER BY day${this.sql.dialect.bytewise}`,
      { id },
    );
    return rows;
  }

  recordDayFailure(
    day: string,
    error: string,
    now: string,
    retryAt: (failures: number) => string,
  ): Promise<DayFailure> {
    return this.sql.transaction(async (tx) => {
      // Counted by the upsert itself, so two instances failing the same day at once count two failures.
      const counted = await tx.query<{ failures: number }>(
        `INSERT INTO day_fetch_failures (day, failures, last_error, first_failed_at, retry_at, recovered_at)
         VALUES (@day, 1, @error, @now, @now, NULL)
         ON CONFLICT (day) DO UPDATE SET
           failures = CASE WHEN day_fetch_failures.recovered_at IS NULL THEN day_fetch_failures.failures + 1 ELSE 1 END,
           first_failed_at = CASE WHEN day_fetch_failures.recovered_at IS NULL
             THEN day_fetch_failures.first_failed_at ELSE excluded.first_failed_at END,
           last_error = excluded.last_error, recovered_at = NULL
         RETURNING failures`,
        { day, error, now },
      );
      const failures = toNumber(counted.rows[0]?.failures ?? 1);
      const written = await tx.query<FailureRow>(
        'UPDATE day_fetch_failures SET retry_at = @retry_at WHERE day = @day RETURNING *',
        { day, retry_at: retryAt(failures) },
      );
      const row = written.rows[0];
      if (!row) throw new Error(`the failure of ${day} vanished right after being written`);
      return toFailure(row);
    });
  }

  async markDayRecovered(day: string, now: string): Promise<void> {
    await this.sql.query(
      'UPDATE day_fetch_failures SET recovered_at = @now WHERE day = @day AND recovered_at IS NULL',
      { now, day },
    );
  }

  async dayFailure(day: string): Promise<DayFailure | null> {
    const { rows } = await this.sql.query<FailureRow>('SELECT * FROM day_fetch_failures WHERE day = @day', {
      day,
    });
    return rows[0] ? toFailure(rows[0]) : null;
  }

  async failingDays(): Promise<DayFailure[]> {
    const { rows } = await this.sql.query<FailureRow>(
      `SELECT * FROM day_fetch_failures WHERE recovered_at IS NULL ORDER BY day${this.sql.dialect.bytewise}`,
    );
    return rows.map(toFailure);
  }

  async recoveredSince(since: string): Promise<string[]> {
    const { rows } = await this.sql.query<{ day: string }>(
      `SELECT day FROM day_fetch_failures WHERE recovered_at > @since ORDER BY day${this.sql.dialect.bytewise}`,
      { since },
    );
    return rows.map((row) => row.day);
  }

  prune(before: string): Promise<number> {
    return this.sql.transaction(async (tx) => {
      const rejects = await tx.query('DELETE FROM rejected_items WHERE seen_at < @before', { before });
      const days = await tx.query(
        'DELETE FROM day_fetch_failures WHERE recovered_at < @before OR day < substr(@before, 1, 10)',
        { before },
      );
      return rejects.rowCount + days.rowCount;
    });
  }
}
