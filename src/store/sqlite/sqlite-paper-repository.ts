import type Database from 'better-sqlite3';
import type { Paper } from '../../papers/paper';
import type { FtsHit, PaperFilters, PaperRepository, UpsertResult } from '../store';

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

const filterClause = `papers.upvotes >= @minUpvotes AND coalesce(papers.batch_day, substr(papers.published_at, 1, 10)) >= @sinceDay`;

const filterParams = (filters: PaperFilters) => ({
  minUpvotes: filters.minUpvotes ?? 0,
  sinceDay: filters.sinceDay ?? '',
});

export class SqlitePaperRepository implements PaperRepository {
  private readonly insert;
  private readonly update;
  private readonly findRowid;
  private readonly deleteFts;
  private readonly insertFts;

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
    this.findRowid = db.prepare('SELECT rowid FROM papers WHERE id = ?').pluck();
    this.deleteFts = db.prepare('DELETE FROM papers_fts WHERE rowid = ?');
    this.insertFts = db.prepare(
      `INSERT INTO papers_fts (rowid, title, ai_keywords, ai_summary, abstract, authors)
       SELECT rowid, title, (SELECT group_concat(value, ' ; ') FROM json_each(ai_keywords)), ai_summary, abstract,
         (SELECT group_concat(value, ' ; ') FROM json_each(authors))
       FROM papers WHERE rowid = ?`,
    );
  }

  upsertMany(papers: Paper[]): UpsertResult {
    const now = new Date().toISOString();
    const result: UpsertResult = { inserted: 0, updated: 0 };
    this.db.transaction(() => {
      for (const paper of papers) {
        const params = { ...paperParams(paper), now };
        const existing = this.findRowid.get(paper.id) as number | undefined;
        let rowid: number;
        if (existing === undefined) {
          rowid = Number(this.insert.run(params).lastInsertRowid);
          result.inserted++;
        } else {
          this.update.run({ ...params, rowid: existing });
          this.deleteFts.run(existing);
          rowid = existing;
          result.updated++;
        }
        this.insertFts.run(rowid);
      }
    })();
    return result;
  }

  get(id: string): Paper | null {
    const row = this.db.prepare('SELECT * FROM papers WHERE id = ?').get(id) as PaperRow | undefined;
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
    const rows = this.db
      .prepare(
        `SELECT papers.*, bm25(papers_fts, 10.0, 5.0, 4.0, 1.0, 2.0) AS score
         FROM papers_fts JOIN papers ON papers.rowid = papers_fts.rowid
         WHERE papers_fts MATCH @match AND ${filterClause} ORDER BY score LIMIT @limit`,
      )
      .all({ match, limit, ...filterParams(filters) }) as Array<PaperRow & { score: number }>;
    return rows.map((row) => ({ paper: paperFromRow(row), rank: row.score }));
  }

  listFiltered(filters: PaperFilters, limit: number, offset: number): Paper[] {
    const rows = this.db
      .prepare(
        `SELECT * FROM papers WHERE ${filterClause} ORDER BY upvotes DESC, id LIMIT @limit OFFSET @offset`,
      )
      .all({ limit, offset, ...filterParams(filters) }) as PaperRow[];
    return rows.map(paperFromRow);
  }
}
