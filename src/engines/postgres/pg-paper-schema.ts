/**
 * The `papers` table on PostgreSQL and what search needs of it (the first migration: the other tables
 * refer to papers). Same columns as SQLite's; JSON values are stored as their JSON text, as there.
 */
export const paperSchema = `
  CREATE TABLE papers (
    rowid bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    id text NOT NULL UNIQUE,
    title text NOT NULL,
    abstract text NOT NULL,
    authors text NOT NULL,
    organization text,
    upvotes integer NOT NULL DEFAULT 0,
    num_comments integer NOT NULL DEFAULT 0,
    comments_known integer NOT NULL DEFAULT 1,
    ai_summary text,
    ai_keywords text NOT NULL,
    github_url text,
    github_stars integer,
    project_page text,
    thumbnail_url text,
    published_at text NOT NULL,
    batch_day text,
    media_urls text NOT NULL DEFAULT '[]',
    submitted_by text,
    discussion_id text,
    first_seen_at text NOT NULL,
    updated_at text NOT NULL
  );
`;
