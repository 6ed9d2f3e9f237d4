/** A `papers` row and its mapping to and from `Paper`: one shape on SQLite and PostgreSQL. */
import type { Paper, PaperListing } from '../../records/paper';

export interface PaperRow {
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
  media_urls: string;
  submitted_by: string | null;
  discussion_id: string | null;
  comments_known: number;
  primary_category: string | null;
  categories: string;
}

/**
 * The columns of a `papers` row, for statements that read papers whole: PostgreSQL's row also holds the
 * search's tsvectors (pg-search-schema.ts), which `*` would send and no caller reads (a ranked window of 60
 * papers read them as text, about 3 KB each).
 */
export const paperColumnNames = [
  'rowid',
  'id',
  'title',
  'abstract',
  'authors',
  'organization',
  'upvotes',
  'num_comments',
  'ai_summary',
  'ai_keywords',
  'github_url',
  'github_stars',
  'project_page',
  'thumbnail_url',
  'published_at',
  'batch_day',
  'media_urls',
  'submitted_by',
  'discussion_id',
  'comments_known',
  'primary_category',
  'categories',
] as const satisfies ReadonlyArray<keyof PaperRow>;

/** `papers.rowid, papers.id, …` (or another alias's), in place of `papers.*`. */
export const paperColumns = (table = 'papers') =>
  paperColumnNames.map((name) => `${table}.${name}`).join(', ');

export const paperFromRow = (row: PaperRow): Paper => ({
  id: row.id,
  title: row.title,
  abstract: row.abstract,
  authors: JSON.parse(row.authors) as string[],
  organization: row.organization ? (JSON.parse(row.organization) as Paper['organization']) : null,
  upvotes: row.upvotes,
  numComments: row.comments_known ? row.num_comments : null,
  aiSummary: row.ai_summary,
  aiKeywords: JSON.parse(row.ai_keywords) as string[],
  githubUrl: row.github_url,
  githubStars: row.github_stars,
  projectPage: row.project_page,
  thumbnailUrl: row.thumbnail_url,
  publishedAt: row.published_at,
  batchDay: row.batch_day,
  mediaUrls: JSON.parse(row.media_urls) as string[],
  submittedBy: row.submitted_by,
  discussionId: row.discussion_id,
  // Only papers arXiv listed have a filing: a Hugging Face paper reads back exactly as it was given.
  ...(row.primary_category
    ? {
        arxiv: {
          primaryCategory: row.primary_category,
          categories: JSON.parse(row.categories) as string[],
        },
      }
    : {}),
});

/** The statement values of a paper; `listedBy` says whether its upvotes are known (see PaperListing). */
export const paperParams = (paper: Paper, listedBy: PaperListing = 'huggingface') => ({
  id: paper.id,
  title: paper.title,
  abstract: paper.abstract,
  authors: JSON.stringify(paper.authors),
  organization: paper.organization ? JSON.stringify(paper.organization) : null,
  upvotes: paper.upvotes,
  num_comments: paper.numComments ?? 0,
  comments_known: paper.numComments === null ? 0 : 1,
  ai_summary: paper.aiSummary,
  ai_keywords: JSON.stringify(paper.aiKeywords),
  github_url: paper.githubUrl,
  github_stars: paper.githubStars,
  project_page: paper.projectPage,
  thumbnail_url: paper.thumbnailUrl,
  published_at: paper.publishedAt,
  batch_day: paper.batchDay,
  media_urls: JSON.stringify(paper.mediaUrls),
  submitted_by: paper.submittedBy,
  discussion_id: paper.discussionId,
  upvotes_known: listedBy === 'arxiv' ? 0 : 1,
  primary_category: paper.arxiv?.primaryCategory ?? null,
  categories: JSON.stringify(paper.arxiv?.categories ?? []),
});
