/**
 * The search index's SQLite migrations (the FTS5 table, its vocabulary, the popularity prior and the
 * common-word lists), kept beside each other; `migrations.ts` lists them in their place in the order.
 * Never edit a released migration: append a new one there.
 */
/**
 * 3: search v2. A richer contentless index (organization; facet tokens so filters narrow the index
 * itself), a spelling vocabulary with one-deletion variants for typo tolerance, and indexes for
 * filter-only searches. Every existing paper is indexed again; the vocabulary is counted from a temporary
 * unstemmed index.
 */
export const searchIndexV2 = `
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
  `;

/**
 * 5: search v3. The index becomes external-content over a view of `papers`, so FTS5's own snippet() and
 * highlight() can read the text (the contentless index could not), and stems with FTS5's porter tokenizer
 * only. The view is the one definition of what each column holds; every paper is indexed again.
 */
export const searchIndexV3 = `
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
  `;

/**
 * 11: what search's popularity prior reads, in a narrow table kept in step by triggers: choosing the
 * ranked window by bm25 × prior joins it for every matching paper, and a `papers` row is far wider.
 */
export const searchPrior = `
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
  `;

/**
 * 13: search's common-word lists: for each stem in many papers (as FTS5's porter tokenizer indexes it),
 * its best papers by bm25 × prior, so a query made only of such words picks its window here instead of
 * scoring every paper containing them; and which vocabulary words have such a stem. Rebuilt by the store
 * when a stem's paper count or the newest day has moved (sqlite-search-common.ts).
 */
export const searchCommonLists = `
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
  `;

/**
 * 15: the index loses its facet tokens (days, months, years, upvote thresholds): filters check the narrow
 * prior table instead, and the tokens counted in every paper's bm25 length (a paper's upvotes moved its
 * text score) and cost a scan of a dense token's whole entry per filtered search. Every paper is indexed
 * again. The common-word lists hold each paper's place, best first, so a search reads the first 200 of
 * a list, or all of it when filters pass only some of its papers. Emptied: the next search rebuilds them.
 */
export const searchWithoutFacets = `
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
  `;

/**
 * 17: the acronyms the papers define ("long form (SHORT)"), mined by the sync job (sqlite-search-acronyms.ts):
 * one row per acronym and long form with how many papers define it, looked up by acronym and by the long
 * form's first word; and how far (by rowid) the papers have been mined.
 */
export const searchAcronyms = `
  CREATE TABLE search_acronyms (
    acronym TEXT NOT NULL,
    long_form TEXT NOT NULL,          -- folded words, one space apart
    first_word TEXT NOT NULL,
    papers INTEGER NOT NULL,
    PRIMARY KEY (acronym, long_form)
  ) WITHOUT ROWID;
  CREATE INDEX search_acronyms_first_word ON search_acronyms (first_word);
  CREATE TABLE search_acronyms_mined (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    mined_rowid INTEGER NOT NULL
  );
  `;

/**
 * 22: the acronyms the papers spell out without defining (src/search/initialism-mining.ts): one row per
 * candidate acronym and run of words with how many papers spell it, looked up by acronym and by the whole
 * run. The defined acronyms are emptied with their mark, so the next refresh mines every paper for both.
 */
export const searchSpelledOut = `
  CREATE TABLE search_spelled_out (
    acronym TEXT NOT NULL,
    long_form TEXT NOT NULL,          -- folded words, one space apart
    papers INTEGER NOT NULL,
    PRIMARY KEY (acronym, long_form)
  ) WITHOUT ROWID;
  CREATE INDEX search_spelled_out_long_form ON search_spelled_out (long_form);
  DELETE FROM search_acronyms;
  DELETE FROM search_acronyms_mined;
  `;
