/**
 * arXiv's mailings, once for both engines: which papers each category's mailing of a day listed, how
 * (new, cross-list, replacement) and in what order. The papers themselves go through the engine's paper
 * repository (its search index follows them), handed in as `inTransaction`, so a day lands all at once.
 */
import type {
  ArxivDayEntry,
  ArxivListing,
  ArxivListingKind,
  ArxivListingPlace,
  ArxivStoredDay,
} from '../../records/arxiv-listing';
import type { Paper } from '../../records/paper';
import type { ArxivRepository, Promised, UpsertResult } from '../../store/store';
import { type PaperRow, paperColumns, paperFromRow } from './paper-row';
import { toNumber } from './rows';
import type { Sql } from './sql';

/** Runs `work` in one transaction, with the engine's paper upsert (as arXiv lists papers) on it. */
export type PapersInTransaction = <T>(
  work: (tx: Sql, upsertPapers: (papers: Paper[]) => Promise<UpsertResult>) => Promise<T>,
) => Promise<T>;

interface ListingRow {
  category: string;
  day: string;
  kind: ArxivListingKind;
  position: number | string;
}

interface DayRow {
  category: string;
  day: string;
  entry_count: number | string;
  fetched_at: string;
}

const place = (row: ListingRow): ArxivListingPlace => ({
  category: row.category,
  day: row.day,
  kind: row.kind,
  position: toNumber(row.position),
});

/** new before cross before replacement: the one listing a paper keeps when several categories list it. */
const kindOrder = `CASE listing.kind WHEN 'new' THEN 0 WHEN 'cross' THEN 1 ELSE 2 END`;

/**
 * The paper as an arXiv listing stores it: with its filing, and no Daily Papers day (that stays the day
 * Hugging Face listed it, if it ever does; the mailing day is the listing's).
 */
const asListed = (entry: ArxivDayEntry): Paper => ({
  ...entry.paper,
  batchDay: null,
  arxiv: { primaryCategory: entry.primaryCategory, categories: entry.categories },
});

export class SqlArxivRepository implements Promised<ArxivRepository> {
  constructor(
    private readonly sql: Sql,
    private readonly inTransaction: PapersInTransaction,
  ) {}

  saveDay(category: string, day: string, entries: ArxivDayEntry[], fetchedAt: string): Promise<UpsertResult> {
    // A paper listed twice in one mailing keeps its first place.
    const firstById = new Map<string, ArxivDayEntry & { position: number }>();
    entries.forEach((entry, position) => {
      if (!firstById.has(entry.paper.id)) firstById.set(entry.paper.id, { ...entry, position });
    });
    const listed = [...firstById.values()];
    return this.inTransaction(async (tx, upsertPapers) => {
      const upserted = await upsertPapers(listed.map(asListed));
      await tx.query(
        `INSERT INTO arxiv_days (category, day, entry_count, fetched_at)
         VALUES (@category, @day, @entry_count, @fetched_at)
         ON CONFLICT (category, day) DO UPDATE SET
           entry_count = excluded.entry_count, fetched_at = excluded.fetched_at`,
        { category, day, entry_count: listed.length, fetched_at: fetchedAt },
      );
      // A mailing fetched again is what arXiv lists now: its rows are replaced, never added to.
      await tx.query('DELETE FROM arxiv_listings WHERE category = @category AND day = @day', {
        category,
        day,
      });
      if (listed.length > 0) {
        const items = listed.map((entry) => ({
          paper_id: entry.paper.id,
          kind: entry.kind,
          position: String(entry.position),
        }));
        await tx.query(
          `INSERT INTO arxiv_listings (category, day, paper_id, kind, position)
           SELECT @category, @day, item.paper_id, item.kind, CAST(item.position AS INTEGER)
           FROM ${tx.dialect.jsonRecords('@items', 'item', ['paper_id', 'kind', 'position'])}`,
          { category, day, items: JSON.stringify(items) },
        );
      }
      return upserted;
    });
  }

  async listingsFor(categories: string[], day: string): Promise<ArxivListing[]> {
    if (categories.length === 0) return [];
    const { rows } = await this.sql.query<PaperRow & ListingRow & { listed_category: string }>(
      `SELECT ${paperColumns()}, listing.category AS listed_category, listing.day, listing.kind, listing.position
       FROM arxiv_listings listing JOIN papers ON papers.id = listing.paper_id
       WHERE listing.day = @day
         AND listing.category IN (SELECT wanted.value FROM ${this.sql.dialect.jsonTexts('@categories', 'wanted')})
       ORDER BY ${kindOrder}, listing.position, listing.category${this.sql.dialect.bytewise},
         listing.paper_id${this.sql.dialect.bytewise}`,
      { day, categories: JSON.stringify(categories) },
    );
    const seen = new Set<string>();
    const listings: ArxivListing[] = [];
    for (const row of rows) {
      if (seen.has(row.id)) continue;
      seen.add(row.id);
      listings.push({ paper: paperFromRow(row), ...place({ ...row, category: row.listed_category }) });
    }
    return listings;
  }

  async storedDays(category: string): Promise<string[]> {
    const { rows } = await this.sql.query<{ day: string }>(
      `SELECT day FROM arxiv_days WHERE category = @category ORDER BY day${this.sql.dialect.bytewise}`,
      { category },
    );
    return rows.map((row) => row.day);
  }

  async storedDay(category: string, day: string): Promise<ArxivStoredDay | null> {
    const { rows } = await this.sql.query<DayRow>(
      'SELECT * FROM arxiv_days WHERE category = @category AND day = @day',
      { category, day },
    );
    const row = rows[0];
    return row
      ? {
          category: row.category,
          day: row.day,
          entryCount: toNumber(row.entry_count),
          fetchedAt: row.fetched_at,
        }
      : null;
  }

  async listingsOf(paperId: string): Promise<ArxivListingPlace[]> {
    const { rows } = await this.sql.query<ListingRow>(
      `SELECT category, day, kind, position FROM arxiv_listings WHERE paper_id = @paper_id
       ORDER BY day${this.sql.dialect.bytewise}, category${this.sql.dialect.bytewise}`,
      { paper_id: paperId },
    );
    return rows.map(place);
  }
}
