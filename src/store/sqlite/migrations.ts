/**
 * Versioned schema changes, applied in order at start-up. `PRAGMA user_version` records how many ran.
 * Never edit a released migration: append a new one.
 */
export const migrations: string[] = [
  `
  CREATE TABLE papers (
    rowid INTEGER PRIMARY KEY,
    id TEXT NOT NULL UNIQUE,
    title TEXT NOT NULL,
    abstract TEXT NOT NULL,
    authors TEXT NOT NULL,            -- JSON array of names
    organization TEXT,                -- JSON object or NULL
    upvotes INTEGER NOT NULL DEFAULT 0,
    num_comments INTEGER NOT NULL DEFAULT 0,
    ai_summary TEXT,
    ai_keywords TEXT NOT NULL,        -- JSON array
    github_url TEXT,
    github_stars INTEGER,
    project_page TEXT,
    thumbnail_url TEXT,
    published_at TEXT NOT NULL,
    batch_day TEXT,
    first_seen_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );

  CREATE VIRTUAL TABLE papers_fts USING fts5(
    title, ai_keywords, ai_summary, abstract, authors,
    tokenize = 'porter unicode61 remove_diacritics 2'
  );

  CREATE TABLE batches (
    day TEXT PRIMARY KEY,
    paper_count INTEGER NOT NULL,
    fetched_at TEXT NOT NULL
  );

  -- Which papers the source listed for a day: the digest reads a batch from here.
  CREATE TABLE batch_papers (
    day TEXT NOT NULL REFERENCES batches (day),
    paper_id TEXT NOT NULL REFERENCES papers (id),
    PRIMARY KEY (day, paper_id)
  );

  CREATE TABLE subscriptions (
    id INTEGER PRIMARY KEY,
    platform TEXT NOT NULL,
    workspace_id TEXT NOT NULL,
    channel_id TEXT NOT NULL,
    settings TEXT NOT NULL,           -- JSON DigestSettings
    active INTEGER NOT NULL DEFAULT 1,
    paused_reason TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    UNIQUE (platform, workspace_id, channel_id)
  );

  CREATE TABLE digest_runs (
    id INTEGER PRIMARY KEY,
    subscription_id INTEGER NOT NULL REFERENCES subscriptions (id),
    local_date TEXT NOT NULL,
    batch_day TEXT NOT NULL,
    header_state TEXT NOT NULL DEFAULT 'pending',
    header_message_id TEXT,
    completed_at TEXT,
    created_at TEXT NOT NULL,
    UNIQUE (subscription_id, local_date)
  );

  CREATE TABLE deliveries (
    id INTEGER PRIMARY KEY,
    subscription_id INTEGER NOT NULL REFERENCES subscriptions (id),
    paper_id TEXT NOT NULL,
    run_id INTEGER NOT NULL REFERENCES digest_runs (id),
    state TEXT NOT NULL CHECK (state IN ('pending', 'sending', 'sent', 'failed', 'skipped')),
    reason TEXT,
    detail TEXT,
    rank INTEGER,
    message_id TEXT,
    message_url TEXT,
    attempts INTEGER NOT NULL DEFAULT 0,
    retryable INTEGER NOT NULL DEFAULT 1,
    updated_at TEXT NOT NULL,
    UNIQUE (subscription_id, paper_id)
  );
  CREATE INDEX deliveries_run ON deliveries (run_id, state);
  CREATE INDEX deliveries_message ON deliveries (message_id);
  `,
  // 2: the discussion queue — per-channel settings, flagged papers, who flagged them, agendas, replayed events.
  `
  CREATE TABLE channel_settings (
    platform TEXT NOT NULL,
    workspace_id TEXT NOT NULL,
    channel_id TEXT NOT NULL,
    settings TEXT NOT NULL,           -- JSON ChannelSettings
    updated_at TEXT NOT NULL,
    PRIMARY KEY (platform, workspace_id, channel_id)
  );

  CREATE TABLE queue_items (
    id INTEGER PRIMARY KEY,
    platform TEXT NOT NULL,
    workspace_id TEXT NOT NULL,
    channel_id TEXT NOT NULL,
    paper_id TEXT NOT NULL,
    message_id TEXT NOT NULL,         -- the message whose reactions flag it
    thread_id TEXT,
    thread_url TEXT,
    state TEXT NOT NULL CHECK (state IN ('queued', 'discussed')),
    first_flagged_at TEXT NOT NULL,
    discussed_at TEXT,
    discussed_by TEXT,
    UNIQUE (platform, workspace_id, channel_id, paper_id)
  );
  CREATE INDEX queue_items_message ON queue_items (platform, workspace_id, channel_id, message_id);

  CREATE TABLE flags (
    item_id INTEGER NOT NULL REFERENCES queue_items (id) ON DELETE CASCADE,
    user_id TEXT NOT NULL,
    user_name TEXT NOT NULL,
    flagged_at TEXT NOT NULL,
    PRIMARY KEY (item_id, user_id)
  );

  CREATE TABLE agenda_runs (
    platform TEXT NOT NULL,
    workspace_id TEXT NOT NULL,
    channel_id TEXT NOT NULL,
    local_date TEXT NOT NULL,
    posted_at TEXT NOT NULL,
    PRIMARY KEY (platform, workspace_id, channel_id, local_date)
  );

  CREATE TABLE processed_events (
    event_key TEXT PRIMARY KEY,
    seen_at TEXT NOT NULL
  );
  `,
  // 3: search v2. A richer contentless index (organization; facet tokens so filters narrow the index
  // itself), a spelling vocabulary with one-deletion variants for typo tolerance, and indexes for
  // filter-only searches. Every existing paper is indexed again; the vocabulary is counted from a temporary
  // unstemmed index.
  `
  DROP TABLE papers_fts;

  -- Contentless: papers holds the text (snippets are built from it), so the index is about half the size.
  CREATE VIRTUAL TABLE paper_search USING fts5(
    title, ai_keywords, ai_summary, abstract, authors, organization, facets,
    content = '', contentless_delete = 1,
    tokenize = 'porter unicode61 remove_diacritics 2'
  );

  INSERT INTO paper_search (rowid, title, ai_keywords, ai_summary, abstract, authors, organization, facets)
  SELECT rowid, title,
    (SELECT group_concat(value, ' ; ') FROM json_each(ai_keywords)),
    ai_summary, abstract,
    (SELECT group_concat(value, ' ; ') FROM json_each(authors)),
    CASE WHEN organization IS NULL THEN NULL
      ELSE concat_ws(' ', json_extract(organization, '$.name'), json_extract(organization, '$.fullname')) END,
    'd' || replace(coalesce(batch_day, substr(published_at, 1, 10)), '-', '')
      || ' m' || substr(replace(coalesce(batch_day, substr(published_at, 1, 10)), '-', ''), 1, 6)
      || ' y' || substr(coalesce(batch_day, substr(published_at, 1, 10)), 1, 4)
      || CASE WHEN upvotes >= 1 THEN ' u1' ELSE '' END || CASE WHEN upvotes >= 2 THEN ' u2' ELSE '' END
      || CASE WHEN upvotes >= 5 THEN ' u5' ELSE '' END || CASE WHEN upvotes >= 10 THEN ' u10' ELSE '' END
      || CASE WHEN upvotes >= 20 THEN ' u20' ELSE '' END || CASE WHEN upvotes >= 50 THEN ' u50' ELSE '' END
      || CASE WHEN upvotes >= 100 THEN ' u100' ELSE '' END || CASE WHEN upvotes >= 200 THEN ' u200' ELSE '' END
      || CASE WHEN upvotes >= 500 THEN ' u500' ELSE '' END || CASE WHEN upvotes >= 1000 THEN ' u1000' ELSE '' END
  FROM papers;

  CREATE INDEX papers_day ON papers (coalesce(batch_day, substr(published_at, 1, 10)));
  CREATE INDEX papers_upvotes ON papers (upvotes);

  -- How many papers contain each word (unstemmed, folded), for typo correction and completion.
  CREATE TABLE search_words (
    word TEXT PRIMARY KEY,
    papers INTEGER NOT NULL
  ) WITHOUT ROWID;

  -- Each word of 5+ letters with one letter deleted: two words one edit apart share a row here.
  CREATE TABLE search_word_deletions (
    variant TEXT NOT NULL,
    word TEXT NOT NULL,
    PRIMARY KEY (variant, word)
  ) WITHOUT ROWID;

  CREATE VIRTUAL TABLE temp.vocabulary_source USING fts5(text, tokenize = 'unicode61 remove_diacritics 2', detail = none);
  INSERT INTO temp.vocabulary_source (rowid, text)
  SELECT rowid, concat_ws(' ', title,
    (SELECT group_concat(value, ' ; ') FROM json_each(ai_keywords)), ai_summary, abstract,
    (SELECT group_concat(value, ' ; ') FROM json_each(authors)),
    json_extract(organization, '$.name'), json_extract(organization, '$.fullname'))
  FROM papers;
  CREATE VIRTUAL TABLE temp.vocabulary_counts USING fts5vocab(temp, vocabulary_source, row);
  INSERT INTO search_words (word, papers)
  SELECT term, doc FROM temp.vocabulary_counts WHERE length(term) BETWEEN 3 AND 32 AND term GLOB '*[^0-9]*';
  DROP TABLE temp.vocabulary_counts;
  DROP TABLE temp.vocabulary_source;

  WITH RECURSIVE position (i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM position WHERE i < 32)
  INSERT OR IGNORE INTO search_word_deletions (variant, word)
  SELECT substr(word, 1, i - 1) || substr(word, i + 1), word
  FROM search_words JOIN position ON position.i <= length(search_words.word)
  WHERE length(word) >= 5;
  `,
  // 4: each discussion is kept, with who had flagged the paper: a paper back on the queue keeps its history.
  `
  CREATE TABLE discussions (
    id INTEGER PRIMARY KEY,
    item_id INTEGER NOT NULL REFERENCES queue_items (id) ON DELETE CASCADE,
    discussed_at TEXT NOT NULL,
    discussed_by TEXT,
    flagged_by TEXT NOT NULL          -- JSON array of the names whose flags this discussion closed
  );
  CREATE INDEX discussions_item ON discussions (item_id, discussed_at);

  INSERT INTO discussions (item_id, discussed_at, discussed_by, flagged_by)
  SELECT id, discussed_at, discussed_by,
    (SELECT json_group_array(user_name) FROM
      (SELECT user_name FROM flags WHERE flags.item_id = queue_items.id ORDER BY flagged_at, user_id))
  FROM queue_items WHERE state = 'discussed' AND discussed_at IS NOT NULL;
  DELETE FROM flags WHERE item_id IN (SELECT id FROM queue_items WHERE state = 'discussed');
  `,
  // 5: search v3. The index becomes external-content over a view of `papers`, so FTS5's own snippet() and
  // highlight() can read the text (the contentless index could not), and stems with FTS5's porter tokenizer
  // only. The view is the one definition of what each column holds; every paper is indexed again.
  `
  DROP TABLE paper_search;

  -- Keywords and authors are indexed as their JSON arrays: the tokenizer skips the brackets and quotes, and
  -- FTS5 cannot read a view that calls a table-valued function such as json_each.
  CREATE VIEW paper_search_source AS
  SELECT rowid AS rowid, title, ai_keywords, ai_summary, abstract, authors,
    CASE WHEN organization IS NULL THEN NULL
      ELSE concat_ws(' ', json_extract(organization, '$.name'), json_extract(organization, '$.fullname')) END
      AS organization,
    'd' || replace(coalesce(batch_day, substr(published_at, 1, 10)), '-', '')
      || ' m' || substr(replace(coalesce(batch_day, substr(published_at, 1, 10)), '-', ''), 1, 6)
      || ' y' || substr(coalesce(batch_day, substr(published_at, 1, 10)), 1, 4)
      || CASE WHEN upvotes >= 1 THEN ' u1' ELSE '' END || CASE WHEN upvotes >= 2 THEN ' u2' ELSE '' END
      || CASE WHEN upvotes >= 5 THEN ' u5' ELSE '' END || CASE WHEN upvotes >= 10 THEN ' u10' ELSE '' END
      || CASE WHEN upvotes >= 20 THEN ' u20' ELSE '' END || CASE WHEN upvotes >= 50 THEN ' u50' ELSE '' END
      || CASE WHEN upvotes >= 100 THEN ' u100' ELSE '' END || CASE WHEN upvotes >= 200 THEN ' u200' ELSE '' END
      || CASE WHEN upvotes >= 500 THEN ' u500' ELSE '' END || CASE WHEN upvotes >= 1000 THEN ' u1000' ELSE '' END
      AS facets
  FROM papers;

  CREATE VIRTUAL TABLE paper_search USING fts5(
    title, ai_keywords, ai_summary, abstract, authors, organization, facets,
    content = 'paper_search_source', content_rowid = 'rowid',
    tokenize = 'porter unicode61 remove_diacritics 2'
  );
  INSERT INTO paper_search (paper_search) VALUES ('rebuild');
  `,
  // 6: what Hugging Face lists and the card showed nothing of; whether the comment count is known at all.
  `
  ALTER TABLE papers ADD COLUMN media_urls TEXT NOT NULL DEFAULT '[]';   -- JSON array
  ALTER TABLE papers ADD COLUMN submitted_by TEXT;
  ALTER TABLE papers ADD COLUMN discussion_id TEXT;
  ALTER TABLE papers ADD COLUMN comments_known INTEGER NOT NULL DEFAULT 1;
  `,
  // 7: who runs the digest scheduler on this file (the lock itself is an OS file lock on `<db>-lock`).
  `
  CREATE TABLE scheduler_holder (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    pid INTEGER NOT NULL,
    host TEXT NOT NULL,
    started_at TEXT NOT NULL
  );
  `,
  // 8: what the source could not give: items refused at the edge (for /papers why), and days it failed to serve.
  `
  CREATE TABLE rejected_items (
    day TEXT NOT NULL,
    source_id TEXT NOT NULL,          -- the id as the source sent it: shown quoted, never used in a link
    paper_id TEXT,                    -- the canonical arXiv id, when the id itself was valid
    reason TEXT NOT NULL,
    seen_at TEXT NOT NULL,
    PRIMARY KEY (day, source_id)
  );
  CREATE INDEX rejected_items_paper ON rejected_items (paper_id);

  CREATE TABLE day_fetch_failures (
    day TEXT PRIMARY KEY,
    failures INTEGER NOT NULL,
    last_error TEXT NOT NULL,
    first_failed_at TEXT NOT NULL,
    retry_at TEXT NOT NULL,
    recovered_at TEXT                 -- set when the day was fetched again: the next digests include it
  );
  `,
  // 9: the team ranking. A channel's learned model, explicit 👎 on papers, and the reason a digest card
  // gives for its place (so the post, a retry after a crash and `/papers why` all say the same).
  `
  CREATE TABLE ranking_models (
    platform TEXT NOT NULL,
    workspace_id TEXT NOT NULL,
    channel_id TEXT NOT NULL,
    fingerprint TEXT NOT NULL,        -- which signals it was trained on
    trained_at TEXT NOT NULL,
    model TEXT NOT NULL,              -- JSON, see src/ranking/model-codec.ts
    PRIMARY KEY (platform, workspace_id, channel_id)
  );

  CREATE TABLE paper_dislikes (
    platform TEXT NOT NULL,
    workspace_id TEXT NOT NULL,
    channel_id TEXT NOT NULL,
    paper_id TEXT NOT NULL,
    user_id TEXT NOT NULL,
    disliked_at TEXT NOT NULL,
    PRIMARY KEY (platform, workspace_id, channel_id, paper_id, user_id)
  );

  ALTER TABLE deliveries ADD COLUMN ranking_note TEXT;
  CREATE INDEX deliveries_sent ON deliveries (subscription_id, state, updated_at);
  `,
  // 10: what a subscription posts (the day's batch, or Hugging Face's trending list) and what each run
  // posted, so a run keeps its kind when the channel switches and a daily run never follows a trending one.
  `
  ALTER TABLE subscriptions ADD COLUMN source TEXT NOT NULL DEFAULT 'daily'
    CHECK (source IN ('daily', 'trending'));
  ALTER TABLE digest_runs ADD COLUMN source TEXT NOT NULL DEFAULT 'daily'
    CHECK (source IN ('daily', 'trending'));
  `,
  // 11: what search's popularity prior reads, in a narrow table kept in step by triggers: choosing the
  // ranked window by bm25 × prior joins it for every matching paper, and a `papers` row is far wider.
  `
  CREATE TABLE paper_search_prior (
    rowid INTEGER PRIMARY KEY,
    upvotes INTEGER NOT NULL,
    julian_day REAL NOT NULL          -- the paper's day (batch day, else publication day) as a julian day
  );
  INSERT INTO paper_search_prior (rowid, upvotes, julian_day)
    SELECT rowid, upvotes, julianday(coalesce(batch_day, substr(published_at, 1, 10))) FROM papers;
  CREATE TRIGGER paper_search_prior_insert AFTER INSERT ON papers BEGIN
    INSERT OR REPLACE INTO paper_search_prior (rowid, upvotes, julian_day)
      VALUES (new.rowid, new.upvotes, julianday(coalesce(new.batch_day, substr(new.published_at, 1, 10))));
  END;
  CREATE TRIGGER paper_search_prior_update AFTER UPDATE OF upvotes, batch_day, published_at ON papers BEGIN
    UPDATE paper_search_prior
      SET upvotes = new.upvotes, julian_day = julianday(coalesce(new.batch_day, substr(new.published_at, 1, 10)))
      WHERE rowid = new.rowid;
  END;
  CREATE TRIGGER paper_search_prior_delete AFTER DELETE ON papers BEGIN
    DELETE FROM paper_search_prior WHERE rowid = old.rowid;
  END;
  `,
  // 12: scheduled jobs' leases (one row per job: who runs it until when, and the last tick it was started for).
  `
  CREATE TABLE job_leases (
    job TEXT PRIMARY KEY,
    holder TEXT NOT NULL,
    expires_at TEXT NOT NULL,           -- '' once finished
    last_tick TEXT NOT NULL
  );
  `,
  // 13: search's common-word lists: for each stem in many papers (as FTS5's porter tokenizer indexes it),
  // its best papers by bm25 × prior, so a query made only of such words picks its window here instead of
  // scoring every paper containing them; and which vocabulary words have such a stem. Rebuilt by the store
  // when a stem's paper count or the newest day has moved (sqlite-search-common.ts).
  `
  CREATE TABLE paper_search_common (
    stem TEXT NOT NULL,
    rowid INTEGER NOT NULL,
    score REAL NOT NULL,              -- -bm25 with field weights when the list was built
    PRIMARY KEY (stem, rowid)
  ) WITHOUT ROWID;
  CREATE TABLE paper_search_common_stems (
    stem TEXT PRIMARY KEY,
    papers INTEGER NOT NULL,          -- papers containing the stem when the list was built
    newest_day REAL NOT NULL          -- the newest paper's julian day then (the prior's recency)
  ) WITHOUT ROWID;
  CREATE TABLE paper_search_common_words (
    word TEXT PRIMARY KEY,
    stem TEXT NOT NULL,
    papers INTEGER NOT NULL           -- papers containing the stem
  ) WITHOUT ROWID;
  `,
  // 14: apps installed in many workspaces (Slack's OAuth flow): one row per platform and workspace, the
  // token sealed by the adapter (never in clear), and JSON the adapter wants back (bot ids, team name).
  `
  CREATE TABLE installations (
    platform TEXT NOT NULL,
    workspace_id TEXT NOT NULL,
    secret TEXT NOT NULL,
    metadata TEXT NOT NULL,           -- JSON object
    installed_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    PRIMARY KEY (platform, workspace_id)
  );
  `,
  // 15: the index loses its facet tokens (days, months, years, upvote thresholds): filters check the narrow
  // prior table instead, and the tokens counted in every paper's bm25 length (a paper's upvotes moved its
  // text score) and cost a scan of a dense token's whole entry per filtered search. Every paper is indexed
  // again. The common-word lists hold each paper's place, best first, so a search reads the first 200 of
  // a list, or all of it when filters pass only some of its papers. Emptied: the next search rebuilds them.
  `
  DROP TABLE paper_search;
  DROP VIEW paper_search_source;
  CREATE VIEW paper_search_source AS
  SELECT rowid AS rowid, title, ai_keywords, ai_summary, abstract, authors,
    CASE WHEN organization IS NULL THEN NULL
      ELSE concat_ws(' ', json_extract(organization, '$.name'), json_extract(organization, '$.fullname')) END
      AS organization
  FROM papers;
  CREATE VIRTUAL TABLE paper_search USING fts5(
    title, ai_keywords, ai_summary, abstract, authors, organization,
    content = 'paper_search_source', content_rowid = 'rowid',
    tokenize = 'porter unicode61 remove_diacritics 2'
  );
  INSERT INTO paper_search (paper_search) VALUES ('rebuild');

  DROP TABLE paper_search_common;
  CREATE TABLE paper_search_common (
    stem TEXT NOT NULL,
    place INTEGER NOT NULL,           -- 0 for the best paper (by bm25 with field weights × the prior)
    rowid INTEGER NOT NULL,
    score REAL NOT NULL,              -- -bm25 with field weights when the list was built
    PRIMARY KEY (stem, place)
  ) WITHOUT ROWID;
  DELETE FROM paper_search_common_stems;
  `,
];
