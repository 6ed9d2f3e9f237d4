/**
 * What PostgreSQL search adds to the schema (a migration after the papers and core tables): PostgreSQL's
 * own full-text search in place of SQLite's FTS5.
 *
 * - A text search configuration `paper_search`: PostgreSQL's snowball template with the original Porter
 *   stemmer (`Language = porter`, the algorithm of FTS5's porter tokenizer, so both stores join the same
 *   forms; snowball `english`, Porter2, would keep `llms` apart from `llm` and `gpus` from `gpu`), and no
 *   stopword list (the search service drops filler words itself, and a phrase such as "state of the art"
 *   must keep its words); numbers kept as written.
 * - `paper_search_text(text)`: the text folded as the search service folds queries (`foldText` in
 *   src/search/search-text.ts: NFKD, combining marks dropped, NFKC; the stemmer lower-cases), with every
 *   run of characters other than letters and digits made a space before PostgreSQL's parser reads it. The
 *   parser would otherwise read `Qwen2.5-VL` as a file name, `github.com/x` as a URL and `in-context` as one
 *   compound word as well as its parts, none of which a query word (letters and digits) can match; FTS5's
 *   unicode61 tokenizer splits the same way. No extension is needed (`unaccent` would be one more to install).
 * - `search_vector`: one generated, GIN-indexed tsvector weighted A (title), B (AI keywords and summary),
 *   C (abstract), D (authors and organization): ts_rank's four weights carry FTS5's six column weights
 *   (10, 5, 5, 2, 1, 1) exactly, as title 1.0, B 0.5, C 0.2, D 0.1.
 * - `name_vector`: authors (A) and organization (B) alone, for the `author:` and `org:` filters, which must
 *   match in those fields only.
 * - The spelling vocabulary (`search_words`, `search_word_deletions`), as in SQLite: folded by the search
 *   service's own code (pg-search-vocabulary.ts), so query words and known words compare equal.
 *
 * Everything is created in the store's own schema (the first on its search path), so stores in separate
 * schemas of one database (as the tests run them) never share or race on a search object.
 */
/**
 * What separates words: ASCII other than letters and digits, and the blocks of Unicode punctuation and
 * symbols, named rather than left to `[:alnum:]`: under a `C` LC_CTYPE PostgreSQL's regular expressions
 * call every non-ASCII letter a non-letter (`Müller` → `M ller`), while its text parser calls every
 * non-ASCII character a letter (`vision‑language` one word); listed, both agree on any database.
 */
const separators =
  '([^[:alnum:]\\u0080-\\U0010FFFF]|[\\u0080-\\u00BF\\u00D7\\u00F7\\u2000-\\u2BFF\\u2E00-\\u2E7F\\u3000-\\u303F\\uFE10-\\uFE6F\\U0001F000-\\U0001FAFF])+';

const documentText = (column: string) => `paper_search_text(${column})`;
const vector = (text: string, weight: 'A' | 'B' | 'C' | 'D') =>
  `setweight(to_tsvector('paper_search', ${documentText(text)}), '${weight}')`;
const organizationText = `coalesce((organization::jsonb) ->> 'name', '') || ' ' || coalesce((organization::jsonb) ->> 'fullname', '')`;

export const searchSchema = `
  CREATE TEXT SEARCH DICTIONARY paper_search_stem (TEMPLATE = pg_catalog.snowball, Language = porter);
  CREATE TEXT SEARCH CONFIGURATION paper_search (PARSER = pg_catalog."default");
  ALTER TEXT SEARCH CONFIGURATION paper_search ADD MAPPING FOR asciiword WITH paper_search_stem;
  ALTER TEXT SEARCH CONFIGURATION paper_search ADD MAPPING FOR word, numword WITH paper_search_stem;
  ALTER TEXT SEARCH CONFIGURATION paper_search ADD MAPPING FOR int, uint, float, sfloat, version WITH pg_catalog.simple;

  CREATE FUNCTION paper_search_text(value text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN regexp_replace(
      normalize(regexp_replace(normalize(coalesce(value, ''), NFKD), '[\u0300-\u036f]+', '', 'g'), NFKC),
      '${separators}', ' ', 'g');

  ALTER TABLE papers ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
    ${vector('title', 'A')} || ${vector('ai_keywords', 'B')} || ${vector('ai_summary', 'B')}
      || ${vector('abstract', 'C')} || ${vector('authors', 'D')} || ${vector(organizationText, 'D')}
  ) STORED;
  ALTER TABLE papers ADD COLUMN name_vector tsvector GENERATED ALWAYS AS (
    ${vector('authors', 'A')} || ${vector(organizationText, 'B')}
  ) STORED;
  -- Kept in the row (compressed) rather than moved out to TOAST: ranking reads the vector of every matching
  -- paper, and fetching each from the TOAST table made a dense word's query four times slower.
  ALTER TABLE papers ALTER COLUMN search_vector SET STORAGE MAIN;
  ALTER TABLE papers ALTER COLUMN name_vector SET STORAGE MAIN;
  CREATE INDEX papers_search_vector ON papers USING gin (search_vector);
  CREATE INDEX papers_name_vector ON papers USING gin (name_vector);
  CREATE INDEX papers_search_day ON papers ((coalesce(batch_day, substr(published_at, 1, 10))));
  CREATE INDEX papers_search_upvotes ON papers (upvotes DESC, id COLLATE "C");

  -- How many papers contain each word (unstemmed, folded), for typo correction and completion.
  CREATE TABLE search_words (
    word text COLLATE "C" PRIMARY KEY,
    papers integer NOT NULL
  );
  -- Each word of 5+ letters with one letter deleted: two words one edit apart share a row here.
  CREATE TABLE search_word_deletions (
    variant text COLLATE "C" NOT NULL,
    word text COLLATE "C" NOT NULL,
    PRIMARY KEY (variant, word)
  );
`;
