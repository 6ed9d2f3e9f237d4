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
];
