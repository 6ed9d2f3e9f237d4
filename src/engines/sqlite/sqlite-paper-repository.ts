import type Database from 'better-sqlite3';
import type { Paper, PaperListing } from '../../records/paper';
import type { AcronymDefinitions, PaperFilters, TextHit, TextQuery } from '../../search-query/text-query';
import type { PaperRepository, UpsertResult } from '../../store/store';
import { paperWords } from '../spelling-variants';
import { type PaperRow, paperFromRow, paperParams } from '../sql/paper-row';
import { filterConditions, filterParams } from './sqlite-search-filters';
import { clauseExpression, nameExpressions } from './sqlite-search-match';
import { SqliteSearchVocabulary, wordChanges } from './sqlite-search-vocabulary';
import { SqliteTextSearch } from './sqlite-text-search';
import { StatementCache } from './statement-cache';

/** The index's columns, read from the view migration 15 defines (the one place that says what each holds). */
const searchColumns = 'title, ai_keywords, ai_summary, abstract, authors, organization';

export class SqlitePaperRepository implements PaperRepository {
  private readonly insert;
  private readonly update;
  private readonly findRow;
  private readonly deleteSearchRow;
  private readonly insertSearchRow;
  private readonly anyMatch;
  private paperCount: number | null = null;
  private readonly textSearch: SqliteTextSearch;
  private readonly vocabulary: SqliteSearchVocabulary;
  private readonly statements: StatementCache;

  constructor(private readonly db: Database.Database) {
    this.statements = new StatementCache(db);
    this.insert = db.prepare(
      `INSERT INTO papers (id, title, abstract, authors, organization, upvotes, num_comments, ai_summary, ai_keywords,
         github_url, github_stars, project_page, thumbnail_url, published_at, batch_day, first_seen_at, updated_at,
         media_urls, submitted_by, discussion_id, comments_known, primary_category, categories)
       VALUES (@id, @title, @abstract, @authors, @organization, @upvotes, @num_comments, @ai_summary, @ai_keywords,
         @github_url, @github_stars, @project_page, @thumbnail_url, @published_at, @batch_day, @now, @now,
         @media_urls, @submitted_by, @discussion_id, @comments_known, @primary_category, @categories)`,
    );
    // A paper seen again keeps its first batch day; text fields fill in when a later fetch has them.
    this.update = db.prepare(
      `UPDATE papers SET title = @title, abstract = @abstract, authors = @authors,
         organization = coalesce(@organization, organization),
         upvotes = CASE WHEN @upvotes_known = 1 THEN @upvotes ELSE upvotes END,
         num_comments = CASE WHEN @comments_known THEN @num_comments ELSE num_comments END,
         comments_known = max(comments_known, @comments_known),
         media_urls = CASE WHEN @media_urls = '[]' THEN media_urls ELSE @media_urls END,
         submitted_by = coalesce(@submitted_by, submitted_by), discussion_id = coalesce(@discussion_id, discussion_id),
         ai_summary = coalesce(@ai_summary, ai_summary),
         ai_keywords = CASE WHEN @ai_keywords = '[]' THEN ai_keywords ELSE @ai_keywords END,
         github_url = coalesce(@github_url, github_url), github_stars = coalesce(@github_stars, github_stars),
         project_page = coalesce(@project_page, project_page), thumbnail_url = coalesce(@thumbnail_url, thumbnail_url),
         batch_day = coalesce(batch_day, @batch_day),
         primary_category = coalesce(@primary_category, primary_category),
         categories = CASE WHEN @categories = '[]' THEN categories ELSE @categories END, updated_at = @now
       WHERE rowid = @rowid`,
    );
    this.findRow = db.prepare('SELECT * FROM papers WHERE id = ?');
    // External content: FTS5 forgets a row by being given the values it indexed, so this runs before the
    // paper's row changes.
    this.deleteSearchRow = db.prepare(
      `INSERT INTO paper_search (paper_search, rowid, ${searchColumns})
       SELECT 'delete', rowid, ${searchColumns} FROM paper_search_source WHERE rowid = ?`,
    );
    this.insertSearchRow = db.prepare(
      `INSERT INTO paper_search (rowid, ${searchColumns}) SELECT rowid, ${searchColumns} FROM paper_search_source WHERE rowid = ?`,
    );
    this.anyMatch = db.prepare('SELECT 1 FROM paper_search WHERE paper_search MATCH ? LIMIT 1').pluck();
    this.textSearch = new SqliteTextSearch(db);
    this.vocabulary = new SqliteSearchVocabulary(db);
  }

  upsertMany(papers: Paper[], listedBy: PaperListing = 'huggingface'): UpsertResult {
    const now = new Date().toISOString();
    const result: UpsertResult = { inserted: 0, updated: 0 };
    const changes = new Map<string, number>();
    this.db.transaction(() => {
      for (const paper of papers) {
        const params = { ...paperParams(paper, listedBy), now };
        const existing = this.findRow.get(paper.id) as PaperRow | undefined;
        let rowid: number;
        if (existing === undefined) {
          rowid = Number(this.insert.run(params).lastInsertRowid);
          wordChanges(changes, new Set(), paperWords(paper));
          result.inserted++;
        } else {
          rowid = existing.rowid;
          this.deleteSearchRow.run(rowid);
          this.update.run({ ...params, rowid });
          const updated = this.findRow.get(paper.id) as PaperRow;
          wordChanges(changes, paperWords(paperFromRow(existing)), paperWords(paperFromRow(updated)));
          result.updated++;
        }
        this.insertSearchRow.run(rowid);
      }
      this.vocabulary.apply(changes);
    })();
    if (result.inserted > 0) this.paperCount = null;
    if (papers.length > 0) this.textSearch.papersChanged();
    return result;
  }

  get(id: string): Paper | null {
    const row = this.findRow.get(id) as PaperRow | undefined;
    return row ? paperFromRow(row) : null;
  }

  getMany(ids: string[]): Paper[] {
    if (ids.length === 0) return [];
    const rows = this.db
      .prepare('SELECT * FROM papers WHERE id IN (SELECT value FROM json_each(?))')
      .all(JSON.stringify(ids)) as PaperRow[];
    const byId = new Map(rows.map((row) => [row.id, paperFromRow(row)]));
    return ids.map((id) => byId.get(id)).filter((paper): paper is Paper => paper !== undefined);
  }

  listByBatchDay(day: string): Paper[] {
    const rows = this.db
      .prepare(
        `SELECT papers.* FROM batch_papers JOIN papers ON papers.id = batch_papers.paper_id
         WHERE batch_papers.day = ? ORDER BY papers.upvotes DESC, papers.id`,
      )
      .all(day) as PaperRow[];
    return rows.map(paperFromRow);
  }

  count(): number {
    // Cached: search asks on every query, and counting a large table is a full scan.
    this.paperCount ??= this.db.prepare('SELECT count(*) FROM papers').pluck().get() as number;
    return this.paperCount;
  }

  searchText(query: TextQuery, filters: PaperFilters, limit: number): TextHit[] {
    return this.textSearch.search(query, filters, limit);
  }

  snippets(query: TextQuery, paperIds: string[]): Map<string, string> {
    return this.textSearch.snippets(query, paperIds);
  }

  listFiltered(filters: PaperFilters, limit: number, offset: number): Paper[] {
    const named = nameExpressions(filters);
    const conditions = filterConditions(filters, 'papers');
    const params = { limit, offset, ...filterParams(filters), match: named.join(' AND ') };
    const from =
      named.length > 0 ? 'paper_search CROSS JOIN papers ON papers.rowid = paper_search.rowid' : 'papers';
    if (named.length > 0) conditions.unshift('paper_search MATCH @match');
    const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
    const rows = this.statements
      .get(
        `SELECT papers.* FROM ${from} ${where} ORDER BY papers.upvotes DESC, papers.id LIMIT @limit OFFSET @offset`,
      )
      .all(params) as PaperRow[];
    return rows.map(paperFromRow);
  }

  wordCounts(words: string[]): Map<string, number> {
    return this.vocabulary.wordCounts(words);
  }

  indexedWords(words: string[]): Set<string> {
    const found = new Set<string>();
    for (const word of new Set(words)) {
      const match = clauseExpression({ alternatives: [{ words: [word], adjacent: false }] });
      if (match && this.anyMatch.get(match) !== undefined) found.add(word);
    }
    return found;
  }

  wordsNear(word: string, edits: 1 | 2 = 1): Map<string, number> {
    return this.vocabulary.wordsNear(word, edits);
  }

  wordsStartingWith(prefix: string, limit: number): Map<string, number> {
    return this.vocabulary.wordsStartingWith(prefix, limit);
  }

  acronymDefinitions(words: string[], phrases: string[] = []): AcronymDefinitions {
    return this.textSearch.acronyms.definitions(words, phrases);
  }

  refreshSearch(): void {
    this.textSearch.refresh();
  }
}
