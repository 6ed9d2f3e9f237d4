/**
 * Common-word lists (migrations 13 and 15): for each stem (as FTS5's porter tokenizer indexes it) in at least
 * `commonPapers` papers, its `listLength` best papers by bm25 with field weights × the popularity prior, in
 * order. A one-word search without filters reads the first `unfilteredDepth`; filters read all of a list,
 * so one that passes a few percent of papers (a date, an organization) still finds a page among them, and
 * so do several words, so a paper high in two lists but top in neither is summed from both.
 * FTS5's bm25 scores every paper containing a query's words, about a microsecond each, so a query made of
 * common words would score tens of thousands of papers; from the lists it picks its window among a few
 * hundred rows. A stem, not a word, is what costs: "performing" is in few papers but matches every
 * "performance", so the vocabulary's words are stemmed by FTS5 itself (a scratch table and fts5vocab), not
 * by a second stemmer here. The first search after papers changed rebuilds (with FTS5's own bm25, so a list
 * ranks as a full scan would) the lists whose stem's paper count moved by more than `slack` or whose newest
 * day is a week old: writes stay as fast as before and one search after a sync pays. The prior is joined
 * live, so upvote changes count at once.
 */
import type Database from 'better-sqlite3';
import { priorWeight } from '../../search/ranking';
import { stopwords } from '../../search/search-text';
import type { TextAlternative, TextClause, TextQuery } from '../../search-query/text-query';
import { listedTerms, unordered } from '../sql/listed-terms';
import { bm25Weights, clauseExpression, priorExpression } from './sqlite-search-match';
import { StatementCache } from './statement-cache';

/** Stems in at least this many papers get a list; rarer ones are cheap enough to score in full. */
export const commonPapers = 3000;
/** Papers kept per stem: enough that a filter passing 2.5% of papers leaves a page of them. */
export const listLength = 1000;
/** Papers read for one word without filters: more than any window a search asks for (the service's `minWindow`). */
const unfilteredDepth = 200;
/** A list is rebuilt when its stem's paper count has moved by more than this share. */
const slack = 0.1;
/** …or when the newest paper is this many days newer than when it was built (the prior's recency). */
const maxAgeDays = 7;

export type Scored = { rowid: number; score: number };
/** Each listed word's stem, as `listedStems` looked them up. */
export type ListedStems = Map<string, string>;
type Stem = { stem: string; papers: number; word: string };

export class SqliteSearchCommon {
  /** Paper writes through this connection; another connection's writes show in `data_version`. */
  private paperWrites = 0;
  /** Both counters when the lists were last brought up to date. */
  private checkedAt: string | null = null;
  private readonly statements;

  constructor(
    private readonly db: Database.Database,
    /** Papers a stem must be in to get a list (tests lower it to exercise the lists on a small corpus). */
    private readonly minPapers = commonPapers,
  ) {
    this.statements = new StatementCache(db);
  }

  /** Called by the paper repository after it wrote papers (not after deliveries and the like). */
  papersChanged(): void {
    this.paperWrites++;
  }

  private changedAt(): string {
    return `${this.db.pragma('data_version', { simple: true })}:${this.paperWrites}`;
  }

  /** Rebuilds the lists that papers' changes have made stale; cheap when nothing changed since last time. */
  refresh(newestDay: number): void {
    if (this.db.readonly || this.changedAt() === this.checkedAt) return;
    this.db.exec(
      `CREATE VIRTUAL TABLE IF NOT EXISTS temp.paper_search_terms USING fts5vocab(main, paper_search, row);
       CREATE VIRTUAL TABLE IF NOT EXISTS temp.stemmer USING fts5(word, tokenize = 'porter unicode61 remove_diacritics 2');
       CREATE VIRTUAL TABLE IF NOT EXISTS temp.stemmer_terms USING fts5vocab(temp, stemmer, instance);`,
    );
    this.db.transaction(() => {
      this.db.exec(`DELETE FROM temp.stemmer;
        INSERT INTO temp.stemmer (word) SELECT word FROM search_words WHERE papers > 0;
        DELETE FROM paper_search_common_words;
        INSERT INTO paper_search_common_words (word, stem, papers)
          SELECT stemmer.word, terms.term, terms.doc FROM temp.paper_search_terms AS terms
          JOIN temp.stemmer_terms AS stems ON stems.term = terms.term
          JOIN temp.stemmer ON stemmer.rowid = stems.doc
          WHERE terms.doc >= ${this.minPapers};
        -- The porter tokenizer leaves tokens under three letters as they are (fts5_porter.c), and the
        -- vocabulary has no such words: a typed "lm" is its own stem.
        INSERT OR IGNORE INTO paper_search_common_words (word, stem, papers)
          SELECT term, term, doc FROM temp.paper_search_terms WHERE doc >= ${this.minPapers} AND length(term) < 3;`);
      // One word per stem to match it by (not a stopword, which a search drops), with the stem's papers.
      const stems = this.statements
        .get(
          `SELECT stem, papers, word FROM paper_search_common_words AS words
           WHERE words.word NOT IN (SELECT value FROM json_each(@stopwords)) GROUP BY words.stem`,
        )
        .all({ stopwords: JSON.stringify([...stopwords]) }) as Stem[];
      const built = new Map(
        (
          this.statements
            .get('SELECT stem, papers, newest_day AS day FROM paper_search_common_stems')
            .all() as Array<{
            stem: string;
            papers: number;
            day: number;
          }>
        ).map((row) => [row.stem, row]),
      );
      const wanted = new Set(stems.map((row) => row.stem));
      for (const stem of built.keys()) if (!wanted.has(stem)) this.clear(stem);
      const stale = stems.filter((row) => {
        const before = built.get(row.stem);
        return !(
          before &&
          Math.abs(row.papers - before.papers) <= slack * before.papers &&
          newestDay - before.day < maxAgeDays
        );
      });
      // Many stale lists: many papers were written (a first sync, a backfill), leaving FTS5's index in
      // many segments, and every lookup seeks each one. Merged into one, the coverage check's per-paper
      // lookups are 2–5× faster; a few papers a day add small segments its automerge keeps in check.
      if (stale.length > stems.length / 4)
        this.db.exec(`INSERT INTO paper_search (paper_search) VALUES ('optimize')`);
      for (const row of stale) this.rebuild(row, newestDay);
    })();
    this.checkedAt = this.changedAt();
  }

  private clear(stem: string): void {
    this.statements.get('DELETE FROM paper_search_common WHERE stem = ?').run(stem);
    this.statements.get('DELETE FROM paper_search_common_stems WHERE stem = ?').run(stem);
  }

  private rebuild({ stem, papers, word }: Stem, newestDay: number): void {
    this.clear(stem);
    this.statements
      .get(
        `INSERT INTO paper_search_common (stem, place, rowid, score)
         SELECT @stem, row_number() OVER (ORDER BY blended DESC) - 1, rowid, score FROM (
           SELECT paper_search.rowid AS rowid, -bm25(paper_search, ${bm25Weights}) AS score,
             -bm25(paper_search, ${bm25Weights}) * (1 + @priorWeight * ${priorExpression}) AS blended
           FROM paper_search CROSS JOIN paper_search_prior AS prior ON prior.rowid = paper_search.rowid
           WHERE paper_search MATCH @match ORDER BY blended DESC LIMIT @listLength)`,
      )
      .run({
        stem,
        match: clauseExpression({ alternatives: [{ words: [word], adjacent: false }] }),
        priorWeight,
        newestDay,
        listLength,
      });
    this.statements
      .get('INSERT INTO paper_search_common_stems (stem, papers, newest_day) VALUES (?, ?, ?)')
      .run(stem, papers, newestDay);
  }

  /** The words of `clauses` (a compound's phrase aside) whose stem has a list, with that stem (one lookup). */
  listedStems(clauses: TextClause[]): ListedStems {
    const words = clauses.flatMap((clause) => unordered(clause).flatMap((alt) => alt.words));
    const rows = this.statements
      .get('SELECT word, stem FROM paper_search_common_words WHERE word IN (SELECT value FROM json_each(?))')
      .all(JSON.stringify([...new Set(words)])) as Array<{ word: string; stem: string }>;
    return new Map(rows.map((row) => [row.word, row.stem]));
  }

  /**
   * For each clause, its alternatives (a compound's phrase aside) whose words do not all have common stems,
   * or null when none of them does (the clause is rare). An empty array: the clause is all common.
   */
  static rareAlternatives(clauses: TextClause[], listed: ListedStems): Array<TextAlternative[] | null> {
    return clauses.map((clause) => {
      const rare = unordered(clause).filter((alt) => !alt.words.every((word) => listed.has(word)));
      return rare.length < unordered(clause).length ? rare : null;
    });
  }

  /**
   * The best `limit` papers passing `conditions` (on `papers`, see sqlite-search-filters.ts, or an index
   * lookup of the names filters) for clauses
   * all common, each paper's score the sum of its listed words' bm25 (as FTS5 sums a query's phrases) and
   * of its `extra` score (bm25 over the clauses' rare alternatives, an acronym's say, scored in full).
   * Null when the lists cannot vouch for the answer: a phrase to require or exclude, another prior or field
   * weighting, or fewer than `limit` listed papers passing the filters (an unlisted paper ranks below every
   * listed one).
   */
  ranked(
    query: TextQuery,
    conditions: string[],
    /** Whether `conditions` read a joined `papers` row (else only `prior` and the index). */
    joinPapers: boolean,
    params: object,
    limit: number,
    listed: ListedStems,
    extra: Scored[] = [],
  ): Scored[] | null {
    if (query.priorWeight !== priorWeight || query.fieldWeights === false) return null;
    if (query.required.length > 0 || query.excluded.length > 0) return null;
    const terms = listedTerms(query.clauses, (word) => listed.get(word), { sameStems: 'each time' });
    // A paper high in several lists but top in none (several clauses, or a group's words) is found deeper.
    const several = query.clauses.length > 1 || terms.some((term) => term.needed > 1);
    const depth = conditions.length > 0 || several ? listLength : unfilteredDepth;
    if (limit > depth) return null;
    const join = joinPapers ? 'CROSS JOIN papers ON papers.rowid = top.rowid' : '';
    const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
    const rows = this.statements
      .get(
        `SELECT top.rowid AS rowid, top.score AS score FROM (
           SELECT rowid, sum(score) AS score FROM (
             SELECT list.rowid AS rowid, sum(list.score) AS score FROM (
               SELECT value ->> '$.group' AS grp, value ->> '$.stem' AS stem, value ->> '$.needed' AS needed
               FROM json_each(@terms)) AS term
             JOIN paper_search_common AS list ON list.stem = term.stem AND list.place < @depth
             GROUP BY term.grp, list.rowid HAVING count(*) = min(term.needed)
             UNION ALL SELECT value ->> '$.rowid', value ->> '$.score' FROM json_each(@extra))
           GROUP BY rowid) AS top
         CROSS JOIN paper_search_prior AS prior ON prior.rowid = top.rowid ${join} ${where}
         ORDER BY top.score * (1 + @priorWeight * ${priorExpression}) DESC LIMIT @limit`,
      )
      .all({
        ...params,
        terms: JSON.stringify(terms),
        extra: JSON.stringify(extra),
        limit,
        depth,
        priorWeight,
      }) as Scored[];
    return rows.length === limit ? rows : null;
  }
}
