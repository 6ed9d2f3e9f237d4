import type Database from 'better-sqlite3';
import type { Paper } from '../../papers/paper';
import { vocabularyWords } from '../../search/search-text';
import type { FtsHit, PaperFilters, PaperRepository, TextHit, TextQuery, UpsertResult } from '../store';
import { bm25Weights, facetExpressions, nameExpressions, textExpression } from './sqlite-search-match';
import { SqliteSearchVocabulary, wordChanges } from './sqlite-search-vocabulary';

interface PaperRow {
  rowid: number;
  id: string;
  title: string;
  abstract: string;
  authors: string;
  organization: string | null;
  upvotes: number;
  num_comments: number;
  ai_summary: string | null;
  ai_keywords: string;
  github_url: string | null;
  github_stars: number | null;
  project_page: string | null;
  thumbnail_url: string | null;
  published_at: string;
  batch_day: string | null;
}

export const paperFromRow = (row: PaperRow): Paper => ({
  id: row.id,
  title: row.title,
  abstract: row.abstract,
  authors: JSON.parse(row.authors) as string[],
  organization: row.organization ? (JSON.parse(row.organization) as Paper['organization']) : null,
  upvotes: row.upvotes,
  numComments: row.num_comments,
  aiSummary: row.ai_summary,
  aiKeywords: JSON.parse(row.ai_keywords) as string[],
  githubUrl: row.github_url,
  githubStars: row.github_stars,
  projectPage: row.project_page,
  thumbnailUrl: row.thumbnail_url,
  publishedAt: row.published_at,
  batchDay: row.batch_day,
});

const paperParams = (paper: Paper) => ({
  id: paper.id,
  title: paper.title,
  abstract: paper.abstract,
  authors: JSON.stringify(paper.authors),
  organization: paper.organization ? JSON.stringify(paper.organization) : null,
  upvotes: paper.upvotes,
  num_comments: paper.numComments,
  ai_summary: paper.aiSummary,
  ai_keywords: JSON.stringify(paper.aiKeywords),
  github_url: paper.githubUrl,
  github_stars: paper.githubStars,
  project_page: paper.projectPage,
  thumbnail_url: paper.thumbnailUrl,
  published_at: paper.publishedAt,
  batch_day: paper.batchDay,
});

/** The day a paper counts as, for `since` filters: its batch day, or its publication day if never listed. */
const paperDay = `coalesce(papers.batch_day, substr(papers.published_at, 1, 10))`;

/** How many of the most recently stored matches a text search ranks, which bounds its cost at any size. */
export const scanLimit = 3000;

/** The search row of a paper: text fields, then facet tokens for day, month, year and upvote thresholds. */
const searchRow = `
  SELECT rowid, title,
    (SELECT group_concat(value, ' ; ') FROM json_each(ai_keywords)),
    ai_summary, abstract,
    (SELECT group_concat(value, ' ; ') FROM json_each(authors)),
    CASE WHEN organization IS NULL THEN NULL
      ELSE concat_ws(' ', json_extract(organization, '$.name'), json_extract(organization, '$.fullname')) END,
    'd' || replace(${paperDay}, '-', '') || ' m' || substr(replace(${paperDay}, '-', ''), 1, 6)
      || ' y' || substr(${paperDay}, 1, 4)
      || CASE WHEN upvotes >= 1 THEN ' u1' ELSE '' END || CASE WHEN upvotes >= 2 THEN ' u2' ELSE '' END
      || CASE WHEN upvotes >= 5 THEN ' u5' ELSE '' END || CASE WHEN upvotes >= 10 THEN ' u10' ELSE '' END
      || CASE WHEN upvotes >= 20 THEN ' u20' ELSE '' END || CASE WHEN upvotes >= 50 THEN ' u50' ELSE '' END
      || CASE WHEN upvotes >= 100 THEN ' u100' ELSE '' END || CASE WHEN upvotes >= 200 THEN ' u200' ELSE '' END
      || CASE WHEN upvotes >= 500 THEN ' u500' ELSE '' END || CASE WHEN upvotes >= 1000 THEN ' u1000' ELSE '' END
  FROM papers WHERE rowid = ?`;

/** A paper's words for the spelling vocabulary: every field the index searches. */
const paperWords = (paper: Paper) =>
  vocabularyWords([
    paper.title,
    paper.aiKeywords.join(' '),
    paper.aiSummary,
    paper.abstract,
    paper.authors.join(' '),
    paper.organization?.name,
    paper.organization?.fullname,
  ]);

/** SQL conditions on `papers` for the filters that the index cannot check exactly. */
function filterConditions(filters: PaperFilters): string[] {
  const conditions: string[] = [];
  if (filters.minUpvotes !== undefined) conditions.push('papers.upvotes >= @minUpvotes');
  if (filters.sinceDay !== undefined) conditions.push(`${paperDay} >= @sinceDay`);
  if (filters.postedIn) {
    conditions.push(`papers.id IN (
      SELECT deliveries.paper_id FROM deliveries JOIN subscriptions ON subscriptions.id = deliveries.subscription_id
      WHERE subscriptions.platform = @platform AND subscriptions.workspace_id = @workspaceId
        AND subscriptions.channel_id = @channelId AND deliveries.state = 'sent')`);
  }
  if (filters.paperIds) conditions.push('papers.id IN (SELECT value FROM json_each(@paperIds))');
  return conditions;
}

const filterParams = (filters: PaperFilters) => ({
  minUpvotes: filters.minUpvotes ?? 0,
  sinceDay: filters.sinceDay ?? '',
  platform: filters.postedIn?.platform ?? '',
  workspaceId: filters.postedIn?.workspaceId ?? '',
  channelId: filters.postedIn?.channelId ?? '',
  paperIds: JSON.stringify(filters.paperIds ?? []),
});

export class SqlitePaperRepository implements PaperRepository {
  private readonly insert;
  private readonly update;
  private readonly findRow;
  private readonly deleteSearchRow;
  private readonly insertSearchRow;
  private readonly latestDay;
  private readonly anyMatch;
  private readonly vocabulary: SqliteSearchVocabulary;
  private readonly statements = new Map<string, Database.Statement>();

  constructor(private readonly db: Database.Database) {
    this.insert = db.prepare(
      `INSERT INTO papers (id, title, abstract, authors, organization, upvotes, num_comments, ai_summary, ai_keywords,
         github_url, github_stars, project_page, thumbnail_url, published_at, batch_day, first_seen_at, updated_at)
       VALUES (@id, @title, @abstract, @authors, @organization, @upvotes, @num_comments, @ai_summary, @ai_keywords,
         @github_url, @github_stars, @project_page, @thumbnail_url, @published_at, @batch_day, @now, @now)`,
    );
    // A paper seen again keeps its first batch day; text fields fill in when a later fetch has them.
    this.update = db.prepare(
      `UPDATE papers SET title = @title, abstract = @abstract, authors = @authors,
         organization = coalesce(@organization, organization), upvotes = @upvotes, num_comments = @num_comments,
         ai_summary = coalesce(@ai_summary, ai_summary),
         ai_keywords = CASE WHEN @ai_keywords = '[]' THEN ai_keywords ELSE @ai_keywords END,
         github_url = coalesce(@github_url, github_url), github_stars = coalesce(@github_stars, github_stars),
         project_page = coalesce(@project_page, project_page), thumbnail_url = coalesce(@thumbnail_url, thumbnail_url),
         batch_day = coalesce(batch_day, @batch_day), updated_at = @now
       WHERE rowid = @rowid`,
    );
    this.findRow = db.prepare('SELECT * FROM papers WHERE id = ?');
    this.deleteSearchRow = db.prepare('DELETE FROM paper_search WHERE rowid = ?');
    this.insertSearchRow = db.prepare(
      `INSERT INTO paper_search (rowid, title, ai_keywords, ai_summary, abstract, authors, organization, facets) ${searchRow}`,
    );
    this.anyMatch = db.prepare('SELECT 1 FROM paper_search WHERE paper_search MATCH ? LIMIT 1').pluck();
    this.latestDay = db.prepare(`SELECT max(${paperDay}) FROM papers`).pluck();
    this.vocabulary = new SqliteSearchVocabulary(db);
  }

  upsertMany(papers: Paper[]): UpsertResult {
    const now = new Date().toISOString();
    const result: UpsertResult = { inserted: 0, updated: 0 };
    const changes = new Map<string, number>();
    this.db.transaction(() => {
      for (const paper of papers) {
        const params = { ...paperParams(paper), now };
        const existing = this.findRow.get(paper.id) as PaperRow | undefined;
        let rowid: number;
        if (existing === undefined) {
          rowid = Number(this.insert.run(params).lastInsertRowid);
          wordChanges(changes, new Set(), paperWords(paper));
          result.inserted++;
        } else {
          rowid = existing.rowid;
          this.update.run({ ...params, rowid });
          this.deleteSearchRow.run(rowid);
          const updated = this.findRow.get(paper.id) as PaperRow;
          wordChanges(changes, paperWords(paperFromRow(existing)), paperWords(paperFromRow(updated)));
          result.updated++;
        }
        this.insertSearchRow.run(rowid);
      }
      this.vocabulary.apply(changes);
    })();
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
    return this.db.prepare('SELECT count(*) FROM papers').pluck().get() as number;
  }

  searchFts(match: string, filters: PaperFilters, limit: number): FtsHit[] {
    const conditions = ['paper_search MATCH @match', ...filterConditions(filters)];
    const rows = this.statement(
      `SELECT papers.*, bm25(paper_search, ${bm25Weights}) AS score
       FROM paper_search CROSS JOIN papers ON papers.rowid = paper_search.rowid
       WHERE ${conditions.join(' AND ')} ORDER BY score LIMIT @limit`,
    ).all({ match, limit, ...filterParams(filters) }) as Array<PaperRow & { score: number }>;
    return rows.map((row) => ({ paper: paperFromRow(row), rank: row.score }));
  }

  searchText(query: TextQuery, filters: PaperFilters, limit: number): TextHit[] {
    const text = textExpression(query);
    if (text === null || limit <= 0) return [];
    const facets = facetExpressions(filters, () => this.latestDay.get() as string | null);
    const match = [text, ...nameExpressions(filters), ...facets].join(' AND ');
    const conditions = filterConditions(filters);
    const join = conditions.length > 0 ? 'CROSS JOIN papers ON papers.rowid = paper_search.rowid' : '';
    // Newest first, at most scanLimit of them, then by relevance: a query matching half the store costs
    // the same as one matching a few thousand papers.
    const rows = this.statement(
      `SELECT papers.*, ranked.score AS score FROM (
         SELECT paper_search.rowid AS rowid, -bm25(paper_search, ${bm25Weights}) AS score
         FROM paper_search ${join}
         WHERE ${['paper_search MATCH @match', ...conditions].join(' AND ')}
         ORDER BY paper_search.rowid DESC LIMIT ${scanLimit}
       ) AS ranked JOIN papers ON papers.rowid = ranked.rowid
       ORDER BY ranked.score DESC, papers.rowid DESC LIMIT @limit`,
    ).all({ match, limit, ...filterParams(filters) }) as Array<PaperRow & { score: number }>;
    return rows.map((row) => ({ paper: paperFromRow(row), score: row.score }));
  }

  listFiltered(filters: PaperFilters, limit: number, offset: number): Paper[] {
    const named = nameExpressions(filters);
    const conditions = filterConditions(filters);
    const params = { limit, offset, ...filterParams(filters), match: named.join(' AND ') };
    const from =
      named.length > 0 ? 'paper_search CROSS JOIN papers ON papers.rowid = paper_search.rowid' : 'papers';
    if (named.length > 0) conditions.unshift('paper_search MATCH @match');
    const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
    const rows = this.statement(
      `SELECT papers.* FROM ${from} ${where} ORDER BY papers.upvotes DESC, papers.id LIMIT @limit OFFSET @offset`,
    ).all(params) as PaperRow[];
    return rows.map(paperFromRow);
  }

  wordCounts(words: string[]): Map<string, number> {
    return this.vocabulary.wordCounts(words);
  }

  indexedWords(words: string[]): Set<string> {
    const found = new Set<string>();
    for (const word of new Set(words)) {
      const match = textExpression({
        clauses: [{ alternatives: [{ words: [word], adjacent: false }] }],
        minClauses: 1,
      });
      if (match && this.anyMatch.get(match) !== undefined) found.add(word);
    }
    return found;
  }

  wordsNear(word: string): Map<string, number> {
    return this.vocabulary.wordsNear(word);
  }

  wordsStartingWith(prefix: string, limit: number): Map<string, number> {
    return this.vocabulary.wordsStartingWith(prefix, limit);
  }

  /** Prepared once per distinct SQL text: filters combine into a handful of shapes. */
  private statement(sql: string): Database.Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }
}
