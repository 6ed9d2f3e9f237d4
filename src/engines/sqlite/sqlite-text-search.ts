/**
 * Text search on FTS5: one ranked query picks the best `limit` papers by bm25 with field weights over the
 * scored clauses (any of them may match, so a long question is never emptied), then lookups among those
 * papers say which clauses each matched, so the service can rank papers matching more of the query higher.
 * Clauses made only of common words are ranked from their stems' lists (sqlite-search-common.ts). Filters
 * on upvotes and days are checked on the narrow prior table, the channel and paper-list ones on `papers`,
 * names in the index, all inside the ranked query, so they never empty the window.
 */
import type Database from 'better-sqlite3';
import type { PaperFilters, TextAlternative, TextHit, TextQuery } from '../../search-query/text-query';
import { type PaperRow, paperFromRow } from '../sql/paper-row';
import { isLockRefusal } from './sqlite-faults';
import { SqliteSearchAcronyms } from './sqlite-search-acronyms';
import { type ListedStems, type Scored, SqliteSearchCommon } from './sqlite-search-common';
import { filterConditions, filterParams, needsPapersRow, paperDay } from './sqlite-search-filters';
import {
  bm25Weights,
  clauseExpression,
  priorExpression,
  textExpression,
  uniformWeights,
} from './sqlite-search-match';
import { StatementCache } from './statement-cache';

export class SqliteTextSearch {
  private readonly statements: StatementCache;
  private readonly byRowids;
  private readonly snippetsOf;

  private readonly newestDay;
  private readonly common;
  readonly acronyms;

  constructor(
    private readonly db: Database.Database,
    commonPapers?: number,
  ) {
    // Through the day index: the newest paper's day as a julian day, for the prior's recency.
    this.newestDay = db.prepare(`SELECT julianday((SELECT max(${paperDay}) FROM papers))`).pluck();
    this.statements = new StatementCache(db);
    this.common = new SqliteSearchCommon(db, commonPapers);
    this.acronyms = new SqliteSearchAcronyms(db);
    this.byRowids = db.prepare('SELECT * FROM papers WHERE rowid IN (SELECT value FROM json_each(?))');
    // The AI summary (column 2) when it holds a query word, else the abstract (column 3): the title is on the
    // card already. One query for the page: FTS5 seeks each listed paper (test/store/fts5-rowid.test.ts).
    this.snippetsOf = db.prepare(
      `SELECT papers.id AS id, snippet(paper_search, 3, char(2), char(3), '…', 28) AS abstract,
         snippet(paper_search, 2, char(2), char(3), '…', 28) AS summary
       FROM paper_search CROSS JOIN papers ON papers.rowid = paper_search.rowid
       WHERE paper_search MATCH @match
         AND paper_search.rowid IN (SELECT rowid FROM papers WHERE id IN (SELECT value FROM json_each(@ids)))`,
    );
  }

  search(query: TextQuery, filters: PaperFilters, limit: number): TextHit[] {
    if (textExpression(query) === null || limit <= 0) return [];
    const newestDay = this.newestJulianDay();
    // Clauses whose stems are in many papers choose no window: the lists do when every clause has such
    // words (its rare alternatives scored in full beside them), else the clauses with none do.
    const unscored = query.unscored ?? [];
    const stems = this.common.listedStems([...query.clauses, ...unscored]);
    const all = SqliteSearchCommon.rareAlternatives([...query.clauses, ...unscored], stems);
    const rareAlternatives = all.slice(0, query.clauses.length);
    const rare = query.clauses.filter((_, index) => rareAlternatives[index] === null);
    // The service leaves a dense clause unscored, as bm25 would score too many papers; all common, it
    // costs no more than a list's read, so it is ranked from its list too.
    const listed = unscored.filter((_, index) => all[query.clauses.length + index]?.length === 0);
    const fromLists = { ...query, clauses: [...query.clauses, ...listed] };
    const params = { newestDay, ...filterParams(filters) };
    const ranked =
      (rare.length === 0
        ? this.fromLists(fromLists, rareAlternatives, stems, filters, limit, params)
        : null) ??
      this.rankedByIndex(rare.length > 0 ? { ...query, clauses: rare } : query, filters, limit, params);
    return ranked.length === 0 ? [] : this.rows(query, ranked);
  }

  private fromLists(
    query: TextQuery,
    rareAlternatives: Array<TextAlternative[] | null>,
    stems: ListedStems,
    filters: PaperFilters,
    limit: number,
    params: object,
  ): Scored[] | null {
    const alternatives = rareAlternatives.flatMap((rare) => rare ?? []);
    const extra =
      alternatives.length > 0
        ? this.rankedByIndex({ ...query, clauses: [{ alternatives }] }, filters, limit, params)
        : [];
    const conditions = filterConditions(filters, 'prior', 'top.rowid');
    return this.common.ranked(
      query,
      conditions,
      needsPapersRow(filters, 'prior'),
      params,
      limit,
      stems,
      extra,
    );
  }

  /** The best `limit` papers by bm25 (× the prior) over every paper matching the expression. */
  private rankedByIndex(query: TextQuery, filters: PaperFilters, limit: number, params: object): Scored[] {
    const match = textExpression(query) ?? `""`;
    const conditions = filterConditions(filters, 'prior', 'paper_search.rowid');
    const priorWeight = query.priorWeight ?? 0;
    // The prior's narrow row is joined always: the upvotes and days filters read it too.
    const papers = needsPapersRow(filters, 'prior')
      ? 'CROSS JOIN papers ON papers.rowid = paper_search.rowid'
      : '';
    const joins = `CROSS JOIN paper_search_prior AS prior ON prior.rowid = paper_search.rowid ${papers}`;
    const order = priorWeight > 0 ? `score * (1 + @priorWeight * ${priorExpression})` : 'score';
    return this.statements
      .get(
        `SELECT paper_search.rowid AS rowid, -bm25(paper_search, ${query.fieldWeights === false ? uniformWeights : bm25Weights}) AS score FROM paper_search ${joins}
         WHERE ${['paper_search MATCH @match', ...conditions].join(' AND ')}
         ORDER BY ${order} DESC LIMIT @limit`,
      )
      .all({ ...params, match, limit, priorWeight }) as Scored[];
  }

  /** Papers were written: the next refresh brings the common-stem lists up to date. */
  papersChanged(): void {
    this.common.papersChanged();
  }

  /**
   * After a sync stored papers: mines their acronyms and rebuilds the stale common-stem lists. Both are
   * derived data, written in transactions that roll back whole: while another process holds the write
   * lock, the day stays saved, searches read the lists as they were, and the next refresh catches up.
   */
  refresh(): void {
    if (this.db.readonly) return;
    try {
      this.acronyms.mineNew();
      this.common.refresh(this.newestJulianDay());
    } catch (error) {
      if (!isLockRefusal(error)) throw error;
    }
  }

  private rows(query: TextQuery, ranked: Scored[]): TextHit[] {
    const matched = this.matchedClauses(query, ranked);
    const rows = new Map(
      (this.byRowids.all(JSON.stringify(ranked.map((row) => row.rowid))) as PaperRow[]).map((row) => [
        row.rowid,
        row,
      ]),
    );
    return ranked.flatMap(({ rowid, score }) => {
      const row = rows.get(rowid);
      return row ? [{ paper: paperFromRow(row), score, matched: matched.get(rowid) ?? [] }] : [];
    });
  }

  private newestJulianDay(): number {
    return (this.newestDay.get() as number | null) ?? 0;
  }

  /**
   * For each ranked paper, the indexes of the clauses (scored, then unscored) it contains: index lookups
   * of just those papers, with no bm25 (whose idf rescans a dense word's whole index entry). A clause's
   * phrases (a compound's halves, an acronym spelled out) cost most to look up, so they are looked up only
   * in the papers its words did not match.
   */
  private matchedClauses(query: TextQuery, ranked: Scored[]): Map<number, number[]> {
    const clauses = [...query.clauses, ...(query.unscored ?? [])];
    const matched = new Map<number, number[]>();
    const within = this.statements.get(
      'SELECT rowid FROM paper_search WHERE paper_search MATCH @match AND rowid IN (SELECT value FROM json_each(@rowids))',
    );
    clauses.forEach(({ alternatives }, index) => {
      const isPhrase = (alt: TextAlternative) => alt.adjacent && alt.words.length > 1;
      let left = ranked.map((row) => row.rowid);
      for (const part of [alternatives.filter((alt) => !isPhrase(alt)), alternatives.filter(isPhrase)]) {
        const match = clauseExpression({ alternatives: part });
        if (match === null || left.length === 0) continue;
        const found = new Set(within.pluck().all({ match, rowids: JSON.stringify(left) }) as number[]);
        for (const rowid of found) matched.set(rowid, [...(matched.get(rowid) ?? []), index]);
        left = left.filter((rowid) => !found.has(rowid));
      }
    });
    return matched;
  }

  snippets(query: TextQuery, paperIds: string[]): Map<string, string> {
    const marked = textExpression({
      clauses: [...query.clauses, ...(query.unscored ?? []), ...query.required],
      required: [],
      excluded: [],
    });
    if (marked === null || paperIds.length === 0) return new Map();
    const rows = this.snippetsOf.all({ match: marked, ids: JSON.stringify(paperIds) }) as Array<{
      id: string;
      abstract: string | null;
      summary: string | null;
    }>;
    const result = new Map<string, string>();
    for (const row of rows) {
      const best = [row.summary, row.abstract].find((text) => text?.includes('\u0002'));
      if (best) result.set(row.id, best);
    }
    return result;
  }
}
