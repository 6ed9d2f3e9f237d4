/**
 * Papers on PostgreSQL: the same upsert rule as SQLite's (a paper seen again refreshes its moving numbers,
 * keeps its first batch day, and fills in text fields a later fetch has). Search is `PgPaperSearch`'s:
 * it is told each change inside the upsert's transaction, so its index never disagrees with the papers.
 */
import type { Paper, PaperListing } from '../../records/paper';
import type { AcronymDefinitions, PaperFilters, TextHit, TextQuery } from '../../search-query/text-query';
import type { PaperRepository, Promised, UpsertResult } from '../../store/store';
import { named } from '../sql/named';
import { type PaperRow, paperColumns, paperFromRow, paperParams } from '../sql/paper-row';
import { toNumber } from '../sql/rows';
import type { SqlClient } from './pg-client';
import { PgPaperSearch } from './pg-paper-search';

const insertPaper = `INSERT INTO papers (id, title, abstract, authors, organization, upvotes, num_comments,
    ai_summary, ai_keywords, github_url, github_stars, project_page, thumbnail_url, published_at, batch_day,
    first_seen_at, updated_at, media_urls, submitted_by, discussion_id, comments_known, primary_category, categories)
  VALUES (@id, @title, @abstract, @authors, @organization, @upvotes, @num_comments, @ai_summary, @ai_keywords,
    @github_url, @github_stars, @project_page, @thumbnail_url, @published_at, @batch_day, @now, @now,
    @media_urls, @submitted_by, @discussion_id, @comments_known, @primary_category, @categories)
  ON CONFLICT (id) DO NOTHING RETURNING ${paperColumns()}`;

// A paper seen again keeps its first batch day; text fields fill in when a later fetch has them.
const updatePaper = `UPDATE papers SET title = @title, abstract = @abstract, authors = @authors,
    organization = coalesce(@organization, organization),
         upvotes = CASE WHEN @upvotes_known::integer = 1 THEN @upvotes ELSE upvotes END,
    num_comments = CASE WHEN @comments_known::integer = 1 THEN @num_comments ELSE num_comments END,
    comments_known = greatest(comments_known, @comments_known),
    media_urls = CASE WHEN @media_urls::text = '[]' THEN media_urls ELSE @media_urls END,
    submitted_by = coalesce(@submitted_by, submitted_by), discussion_id = coalesce(@discussion_id, discussion_id),
    ai_summary = coalesce(@ai_summary, ai_summary),
    ai_keywords = CASE WHEN @ai_keywords::text = '[]' THEN ai_keywords ELSE @ai_keywords END,
    github_url = coalesce(@github_url, github_url), github_stars = coalesce(@github_stars, github_stars),
    project_page = coalesce(@project_page, project_page), thumbnail_url = coalesce(@thumbnail_url, thumbnail_url),
    batch_day = coalesce(batch_day, @batch_day),
         primary_category = coalesce(@primary_category, primary_category),
         categories = CASE WHEN @categories::text = '[]' THEN categories ELSE @categories END, updated_at = @now
  WHERE id = @id RETURNING ${paperColumns()}`;

/**
 * The paper count, kept a few seconds: search asks on every query and counting is a scan (about 5 ms at
 * 100k papers). This instance's own inserts clear it; another instance's show within `maxAgeMs` (SQLite's
 * cache, per process, never sees another process's). Shared by the store's repositories and those of its
 * transactions, so a saved day clears it too.
 */
export class PaperCountCache {
  private value: { count: number; at: number } | null = null;
  /** Bumped by each clear, so a count read across a clear is not kept. */
  private generation = 0;

  constructor(
    private readonly maxAgeMs = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  async read(count: () => Promise<number>): Promise<number> {
    const cached = this.value;
    if (cached && this.now() - cached.at < this.maxAgeMs) return cached.count;
    const at = this.now();
    const generation = this.generation;
    const fresh = await count();
    if (generation === this.generation) this.value = { count: fresh, at };
    return fresh;
  }

  clear(): void {
    this.value = null;
    this.generation++;
  }
}

export class PgPaperRepository implements Promised<PaperRepository> {
  constructor(
    private readonly client: SqlClient,
    private readonly search: PgPaperSearch = new PgPaperSearch(client),
    private readonly counted: PaperCountCache = new PaperCountCache(),
  ) {}

  async upsertMany(papers: Paper[], listedBy: PaperListing = 'huggingface'): Promise<UpsertResult> {
    const at = new Date().toISOString();
    const result = await this.client.transaction(async (tx) => {
      const counts: UpsertResult = { inserted: 0, updated: 0 };
      const changes: Array<{ before: Paper | null; after: Paper }> = [];
      for (const paper of papers) {
        const values = { ...paperParams(paper, listedBy), now: at };
        const inserted = await tx.query<PaperRow>(...named(insertPaper, values));
        const insertedRow = inserted.rows[0];
        if (insertedRow) {
          changes.push({ before: null, after: paperFromRow(insertedRow) });
          counts.inserted++;
          continue;
        }
        // Locked before it is read, so `before` is what this update replaces even with other writers.
        const existing = await tx.query<PaperRow>(
          `SELECT ${paperColumns()} FROM papers WHERE id = $1 FOR UPDATE`,
          [paper.id],
        );
        const updated = await tx.query<PaperRow>(...named(updatePaper, values));
        const beforeRow = existing.rows[0];
        const afterRow = updated.rows[0];
        if (!beforeRow || !afterRow) throw new Error(`paper ${paper.id} vanished during its upsert`);
        changes.push({ before: paperFromRow(beforeRow), after: paperFromRow(afterRow) });
        counts.updated++;
      }
      if (changes.length > 0) await this.search.papersChanged(tx, changes);
      if (counts.inserted > 0) this.counted.clear();
      return counts;
    });
    // Again once committed: a count read meanwhile (before the commit) did not include them.
    if (result.inserted > 0) this.counted.clear();
    return result;
  }

  async get(id: string): Promise<Paper | null> {
    const { rows } = await this.client.query<PaperRow>(`SELECT ${paperColumns()} FROM papers WHERE id = $1`, [
      id,
    ]);
    return rows[0] ? paperFromRow(rows[0]) : null;
  }

  async getMany(ids: string[]): Promise<Paper[]> {
    if (ids.length === 0) return [];
    const { rows } = await this.client.query<PaperRow>(
      `SELECT ${paperColumns()} FROM papers WHERE id = ANY($1::text[])`,
      [ids],
    );
    const byId = new Map(rows.map((row) => [row.id, paperFromRow(row)]));
    return ids.map((id) => byId.get(id)).filter((paper): paper is Paper => paper !== undefined);
  }

  async listByBatchDay(day: string): Promise<Paper[]> {
    const { rows } = await this.client.query<PaperRow>(
      `SELECT ${paperColumns()} FROM batch_papers JOIN papers ON papers.id = batch_papers.paper_id
       WHERE batch_papers.day = $1 ORDER BY papers.upvotes DESC, papers.id COLLATE "C"`,
      [day],
    );
    return rows.map(paperFromRow);
  }

  count(): Promise<number> {
    return this.counted.read(async () => {
      const { rows } = await this.client.query<{ n: unknown }>('SELECT count(*) AS n FROM papers', []);
      return toNumber(rows[0]?.n ?? 0);
    });
  }

  searchText(query: TextQuery, filters: PaperFilters, limit: number): Promise<TextHit[]> {
    return this.search.searchText(query, filters, limit);
  }

  snippets(query: TextQuery, paperIds: string[]): Promise<Map<string, string>> {
    return this.search.snippets(query, paperIds);
  }

  listFiltered(filters: PaperFilters, limit: number, offset: number): Promise<Paper[]> {
    return this.search.listFiltered(filters, limit, offset);
  }

  wordCounts(words: string[]): Promise<Map<string, number>> {
    return this.search.wordCounts(words);
  }

  indexedWords(words: string[]): Promise<Set<string>> {
    return this.search.indexedWords(words);
  }

  wordsNear(word: string, edits: 1 | 2 = 1): Promise<Map<string, number>> {
    return this.search.wordsNear(word, edits);
  }

  wordsStartingWith(prefix: string, limit: number): Promise<Map<string, number>> {
    return this.search.wordsStartingWith(prefix, limit);
  }

  acronymDefinitions(words: string[], phrases: string[] = []): Promise<AcronymDefinitions> {
    return this.search.acronymDefinitions(words, phrases);
  }

  refreshSearch(): Promise<void> {
    return this.search.refreshSearch();
  }
}
