/** Daily batches on PostgreSQL: which days were fetched, and exactly which papers each listed. */
import type { BatchRecord, BatchRepository, Promised } from '../../store/store';
import type { SqlClient } from './pg-client';
import { toNumber } from './pg-rows';

interface BatchRow {
  day: string;
  paper_count: number;
  fetched_at: string;
}

const toRecord = (row: BatchRow | undefined): BatchRecord | null =>
  row ? { day: row.day, paperCount: toNumber(row.paper_count), fetchedAt: row.fetched_at } : null;

export class PgBatchRepository implements Promised<BatchRepository> {
  constructor(private readonly client: SqlClient) {}

  record(day: string, paperIds: string[], fetchedAt: string): Promise<void> {
    return this.client.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO batches (day, paper_count, fetched_at) VALUES ($1, $2, $3)
         ON CONFLICT (day) DO UPDATE SET paper_count = excluded.paper_count, fetched_at = excluded.fetched_at`,
        [day, paperIds.length, fetchedAt],
      );
      // A later fetch of a day can only add papers: a paper that drops off the list keeps its place.
      await tx.query(
        `INSERT INTO batch_papers (day, paper_id) SELECT $1, id FROM unnest($2::text[]) AS listed (id)
         ON CONFLICT DO NOTHING`,
        [day, paperIds],
      );
      await tx.query(
        'UPDATE batches SET paper_count = (SELECT count(*) FROM batch_papers WHERE day = $1) WHERE day = $1',
        [day],
      );
    });
  }

  async get(day: string): Promise<BatchRecord | null> {
    const { rows } = await this.client.query<BatchRow>('SELECT * FROM batches WHERE day = $1', [day]);
    return toRecord(rows[0]);
  }

  async latestNonEmpty(onOrBefore: string): Promise<BatchRecord | null> {
    const { rows } = await this.client.query<BatchRow>(
      'SELECT * FROM batches WHERE day <= $1 AND paper_count > 0 ORDER BY day COLLATE "C" DESC LIMIT 1',
      [onOrBefore],
    );
    return toRecord(rows[0]);
  }

  async nonEmptyDaysBetween(after: string, upTo: string): Promise<string[]> {
    const { rows } = await this.client.query<{ day: string }>(
      'SELECT day FROM batches WHERE day > $1 AND day <= $2 AND paper_count > 0 ORDER BY day COLLATE "C"',
      [after, upTo],
    );
    return rows.map((row) => row.day);
  }

  async daysListing(paperId: string): Promise<string[]> {
    const { rows } = await this.client.query<{ day: string }>(
      'SELECT day FROM batch_papers WHERE paper_id = $1 ORDER BY day COLLATE "C"',
      [paperId],
    );
    return rows.map((row) => row.day);
  }

  async lastFetchedAt(): Promise<string | null> {
    const { rows } = await this.client.query<{ at: string | null }>(
      'SELECT max(fetched_at) AS at FROM batches',
      [],
    );
    return rows[0]?.at ?? null;
  }
}
