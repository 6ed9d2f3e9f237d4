/** Daily batches: which days were fetched, and exactly which papers each listed. */
import type { BatchRecord, BatchRepository, Promised } from '../../store/store';
import { toNumber } from './rows';
import type { Sql } from './sql';

interface BatchRow {
  day: string;
  paper_count: number;
  fetched_at: string;
}

const toRecord = (row: BatchRow | undefined): BatchRecord | null =>
  row ? { day: row.day, paperCount: toNumber(row.paper_count), fetchedAt: row.fetched_at } : null;

export class SqlBatchRepository implements Promised<BatchRepository> {
  constructor(private readonly sql: Sql) {}

  record(day: string, paperIds: string[], fetchedAt: string): Promise<void> {
    return this.sql.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO batches (day, paper_count, fetched_at) VALUES (@day, @paper_count, @fetched_at)
         ON CONFLICT (day) DO UPDATE SET paper_count = excluded.paper_count, fetched_at = excluded.fetched_at`,
        { day, paper_count: paperIds.length, fetched_at: fetchedAt },
      );
      // A later fetch of a day can only add papers: a paper that drops off the list keeps its place.
      // (WHERE true: SQLite reads ON CONFLICT after a bare SELECT … FROM as a join's ON.)
      await tx.query(
        `INSERT INTO batch_papers (day, paper_id) SELECT @day, listed.value FROM ${tx.dialect.jsonTexts('@ids', 'listed')}
         WHERE true ON CONFLICT DO NOTHING`,
        { day, ids: JSON.stringify(paperIds) },
      );
      await tx.query(
        'UPDATE batches SET paper_count = (SELECT count(*) FROM batch_papers WHERE day = @day) WHERE day = @day',
        { day },
      );
    });
  }

  async get(day: string): Promise<BatchRecord | null> {
    const { rows } = await this.sql.query<BatchRow>('SELECT * FROM batches WHERE day = @day', { day });
    return toRecord(rows[0]);
  }

  async latestNonEmpty(onOrBefore: string): Promise<BatchRecord | null> {
    const { rows } = await this.sql.query<BatchRow>(
      `SELECT * FROM batches WHERE day <= @day AND paper_count > 0 ORDER BY day${this.sql.dialect.bytewise} DESC LIMIT 1`,
      { day: onOrBefore },
    );
    return toRecord(rows[0]);
  }

  async nonEmptyDaysBetween(after: string, upTo: string): Promise<string[]> {
    const { rows } = await this.sql.query<{ day: string }>(
      `SELECT day FROM batches WHERE day > @after AND day <= @up_to AND paper_count > 0
       ORDER BY day${this.sql.dialect.bytewise}`,
      { after, up_to: upTo },
    );
    return rows.map((row) => row.day);
  }

  async daysListing(paperId: string): Promise<string[]> {
    const { rows } = await this.sql.query<{ day: string }>(
      `SELECT day FROM batch_papers WHERE paper_id = @paper_id ORDER BY day${this.sql.dialect.bytewise}`,
      { paper_id: paperId },
    );
    return rows.map((row) => row.day);
  }

  async lastFetchedAt(): Promise<string | null> {
    const { rows } = await this.sql.query<{ at: string | null }>('SELECT max(fetched_at) AS at FROM batches');
    return rows[0]?.at ?? null;
  }
}
