/**
 * Versioned schema changes, applied in order at start-up. `PRAGMA user_version` records how many ran.
 * Never edit a released migration: append a new one.
 */
import {
  searchAcronyms,
  searchCommonLists,
  searchIndexV2,
  searchIndexV3,
  searchPrior,
  searchSpelledOut,
  searchWithoutFacets,
} from './sqlite-search-migrations';

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
  // 3: searchIndexV2, in sqlite-search-migrations.ts.
  searchIndexV2,
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
  // 5: searchIndexV3, in sqlite-search-migrations.ts.
  searchIndexV3,
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
  // 11: searchPrior, in sqlite-search-migrations.ts.
  searchPrior,
  // 12: scheduled jobs' leases (one row per job: who runs it until when, and the last tick it was started for).
  `
  CREATE TABLE job_leases (
    job TEXT PRIMARY KEY,
    holder TEXT NOT NULL,
    expires_at TEXT NOT NULL,           -- '' once finished
    last_tick TEXT NOT NULL
  );
  `,
  // 13: searchCommonLists, in sqlite-search-migrations.ts.
  searchCommonLists,
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
  // 15: searchWithoutFacets, in sqlite-search-migrations.ts.
  searchWithoutFacets,
  // 16: the console's message numbers (m1, m2, …), counted for the life of the database: they used to start
  // again at m1 with every process, so a flag after a restart could land on an earlier run's thread. The
  // count starts above every console message id already stored (posts, digest headers, queue items).
  `
  CREATE TABLE message_numbers (
    platform TEXT NOT NULL,
    workspace_id TEXT NOT NULL,
    channel_id TEXT NOT NULL,
    last_number INTEGER NOT NULL,
    PRIMARY KEY (platform, workspace_id, channel_id)
  );

  INSERT INTO message_numbers (platform, workspace_id, channel_id, last_number)
  SELECT platform, workspace_id, channel_id, max(CAST(substr(message_id, 2) AS INTEGER))
  FROM (
    SELECT s.platform, s.workspace_id, s.channel_id, d.message_id
      FROM deliveries d JOIN subscriptions s ON s.id = d.subscription_id
    UNION ALL
    SELECT s.platform, s.workspace_id, s.channel_id, r.header_message_id
      FROM digest_runs r JOIN subscriptions s ON s.id = r.subscription_id
    UNION ALL
    SELECT platform, workspace_id, channel_id, message_id FROM queue_items
    UNION ALL
    SELECT platform, workspace_id, channel_id, thread_id FROM queue_items
  )
  WHERE platform = 'console' AND message_id GLOB 'm[0-9]*' AND substr(message_id, 2) NOT GLOB '*[^0-9]*'
  GROUP BY platform, workspace_id, channel_id;
  `,
  // 17: searchAcronyms, in sqlite-search-migrations.ts.
  searchAcronyms,
  // 18: job leases in PostgreSQL's shape (pg-core-schema.ts), which the two had drifted from: the latest tick
  // started is `tick_key` (was `last_tick`), a finished lease has no expiry (NULL, was ''), the holder may be
  // unknown, and when the holder started is kept. A lease left by 17 keeps its holder, expiry and tick.
  `
  CREATE TABLE job_leases_18 (
    job TEXT PRIMARY KEY,
    holder TEXT,
    expires_at TEXT,                  -- ISO, NULL once finished
    tick_key TEXT NOT NULL,
    started_at TEXT NOT NULL
  );
  INSERT INTO job_leases_18 (job, holder, expires_at, tick_key, started_at)
  SELECT job, holder, nullif(expires_at, ''), last_tick, last_tick FROM job_leases;
  DROP TABLE job_leases;
  ALTER TABLE job_leases_18 RENAME TO job_leases;
  `,
  // 19: arXiv as a source. A paper (one row per arXiv id, whoever listed it) keeps arXiv's categories; each
  // category's mailing of a day is stored (even empty) with which papers it listed, how, and in what order.
  `
  ALTER TABLE papers ADD COLUMN primary_category TEXT;
  ALTER TABLE papers ADD COLUMN categories TEXT NOT NULL DEFAULT '[]';   -- JSON array, primary first

  CREATE TABLE arxiv_days (
    category TEXT NOT NULL,
    day TEXT NOT NULL,                -- the mailing's date (arxiv-calendar.ts)
    entry_count INTEGER NOT NULL,
    fetched_at TEXT NOT NULL,
    PRIMARY KEY (category, day)
  );

  CREATE TABLE arxiv_listings (
    category TEXT NOT NULL,
    day TEXT NOT NULL,
    paper_id TEXT NOT NULL REFERENCES papers (id),
    kind TEXT NOT NULL CHECK (kind IN ('new', 'cross', 'replacement')),
    position INTEGER NOT NULL,        -- 0-based place in the mailing
    PRIMARY KEY (category, day, paper_id),
    FOREIGN KEY (category, day) REFERENCES arxiv_days (category, day)
  );
  CREATE INDEX arxiv_listings_day ON arxiv_listings (day, category, position);
  CREATE INDEX arxiv_listings_paper ON arxiv_listings (paper_id, day);
  `,
  // 20: subscriptions and runs may post from arXiv. SQLite cannot change a CHECK in place, so both tables are
  // rebuilt with every row and id (foreign keys are off while migrations run, and checked before commit).
  `
  CREATE TABLE subscriptions_20 (
    id INTEGER PRIMARY KEY,
    platform TEXT NOT NULL,
    workspace_id TEXT NOT NULL,
    channel_id TEXT NOT NULL,
    settings TEXT NOT NULL,           -- JSON DigestSettings (an arXiv subscription's categories among them)
    active INTEGER NOT NULL DEFAULT 1,
    paused_reason TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    source TEXT NOT NULL DEFAULT 'daily' CHECK (source IN ('daily', 'trending', 'arxiv')),
    UNIQUE (platform, workspace_id, channel_id)
  );
  INSERT INTO subscriptions_20 (id, platform, workspace_id, channel_id, settings, active, paused_reason,
    created_at, updated_at, source)
  SELECT id, platform, workspace_id, channel_id, settings, active, paused_reason, created_at, updated_at, source
  FROM subscriptions;
  DROP TABLE subscriptions;
  ALTER TABLE subscriptions_20 RENAME TO subscriptions;

  CREATE TABLE digest_runs_20 (
    id INTEGER PRIMARY KEY,
    subscription_id INTEGER NOT NULL REFERENCES subscriptions (id),
    local_date TEXT NOT NULL,
    batch_day TEXT NOT NULL,
    header_state TEXT NOT NULL DEFAULT 'pending',
    header_message_id TEXT,
    completed_at TEXT,
    created_at TEXT NOT NULL,
    source TEXT NOT NULL DEFAULT 'daily' CHECK (source IN ('daily', 'trending', 'arxiv')),
    UNIQUE (subscription_id, local_date)
  );
  INSERT INTO digest_runs_20 (id, subscription_id, local_date, batch_day, header_state, header_message_id,
    completed_at, created_at, source)
  SELECT id, subscription_id, local_date, batch_day, header_state, header_message_id, completed_at, created_at,
    source
  FROM digest_runs;
  DROP TABLE digest_runs;
  ALTER TABLE digest_runs_20 RENAME TO digest_runs;
  `,
  // 21: a random id for this database, made once: it names the database in what leaves it for good (the
  // Message-ID of a mail), so a fresh database never reuses the ids an old one's mails already hold.
  `
  CREATE TABLE database_identity (
    id TEXT NOT NULL,
    created_at TEXT NOT NULL
  );
  INSERT INTO database_identity (id, created_at)
  VALUES (lower(hex(randomblob(16))), strftime('%Y-%m-%dT%H:%M:%SZ', 'now'));
  `,
  // 22: searchSpelledOut, in sqlite-search-migrations.ts.
  searchSpelledOut,
];
