import type Database from 'better-sqlite3';
import type { BatchRecord, BatchRepository } from '../../store/store';

interface BatchRow {
  day: string;
  paper_count: number;
  fetched_at: string;
}

const toRecord = (row: BatchRow | undefined): BatchRecord | null =>
  row ? { day: row.day, paperCount: row.paper_count, fetchedAt: row.fetched_at } : null;

export class SqliteBatchRepository implements BatchRepository {
  constructor(private readonly db: Database.Database) {}

  record(day: string, paperIds: string[], fetchedAt: string): void {
    this.db.transaction(() => {
      this.db
        .prepare(
          `INSERT INTO batches (day, paper_count, fetched_at) VALUES (?, ?, ?)
           ON CONFLICT (day) DO UPDATE SET paper_count = excluded.paper_count, fetched_at = excluded.fetched_at`,
        )
        .run(day, paperIds.length, fetchedAt);
      // A later fetch of a day can only add papers: a paper that drops off the list keeps its place.
      const insert = this.db.prepare('INSERT OR IGNORE INTO batch_papers (day, paper_id) VALUES (?, ?)');
      for (const id of paperIds) insert.run(day, id);
      this.db
        .prepare(
          'UPDATE batches SET paper_count = (SELECT count(*) FROM batch_papers WHERE day = ?) WHERE day = ?',
        )
        .run(day, day);
    })();
  }

  get(day: string): BatchRecord | null {
    return toRecord(this.db.prepare('SELECT * FROM batches WHERE day = ?').get(day) as BatchRow | undefined);
  }

  nonEmptyDaysBetween(after: string, upTo: string): string[] {
    return this.db
      .prepare('SELECT day FROM batches WHERE day > ? AND day <= ? AND paper_count > 0 ORDER BY day')
      .pluck()
      .all(after, upTo) as string[];
  }

  daysListing(paperId: string): string[] {
    return this.db
      .prepare('SELECT day FROM batch_papers WHERE paper_id = ? ORDER BY day')
      .pluck()
      .all(paperId) as string[];
  }

  lastFetchedAt(): string | null {
    return (this.db.prepare('SELECT max(fetched_at) FROM batches').pluck().get() as string | null) ?? null;
  }

  latestNonEmpty(onOrBefore: string): BatchRecord | null {
    const row = this.db
      .prepare('SELECT * FROM batches WHERE day <= ? AND paper_count > 0 ORDER BY day DESC LIMIT 1')
      .get(onOrBefore) as BatchRow | undefined;
    return toRecord(row);
  }
}
