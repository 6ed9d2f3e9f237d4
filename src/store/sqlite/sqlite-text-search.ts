/**
 * Text search on FTS5: one ranked query picks the best `limit` papers by bm25 with field weights over the
 * scored clauses (any of them may match, so a long question is never emptied), then one lookup per clause
 * among those papers says which clauses each matched, so the service can rank papers matching more of the
 * query higher. Filters the index cannot check exactly (posted here, the queue, an upvote count between
 * facet buckets, a long `since` span) join `papers` inside the ranked query, so they never empty the window.
 */
import type Database from 'better-sqlite3';
import type { PaperFilters, TextAlternative, TextHit, TextQuery } from '../store';
import { type PaperRow, paperFromRow } from './sqlite-paper-row';
import { type Scored, SqliteSearchCommon } from './sqlite-search-common';
import { filterConditions, filterParams, paperDay } from './sqlite-search-filters';
import {
  bm25Weights,
  clauseExpression,
  facetMatch,
  nameExpressions,
  priorExpression,
  textExpression,
  uniformWeights,
} from './sqlite-search-match';
import { StatementCache } from './statement-cache';

export class SqliteTextSearch {
  private readonly statements: StatementCache;
  private readonly daySpan;
  private readonly byRowids;
  private readonly snippetsOf;

  private readonly newestDay;
  private readonly common;

  constructor(db: Database.Database, commonPapers?: number) {
    // Through the day index, as daySpan: the newest paper's day as a julian day, for the prior's recency.
    this.newestDay = db.prepare(`SELECT julianday((SELECT max(${paperDay}) FROM papers))`).pluck();
    this.statements = new StatementCache(db);
    this.common = new SqliteSearchCommon(db, commonPapers);
    // Two subqueries, so each reads one end of the day index instead of scanning the table.
    this.daySpan = db.prepare(
      `SELECT (SELECT min(${paperDay}) FROM papers) AS first, (SELECT max(${paperDay}) FROM papers) AS last`,
    );
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
    this.common.refresh(newestDay);
    // Clauses whose stems are in many papers choose no window: the lists do when every clause has such
    // words (its rare alternatives scored in full beside them), else the clauses with none do.
    const rareAlternatives = this.common.rareAlternatives(query.clauses);
    const rare = query.clauses.filter((_, index) => rareAlternatives[index] === null);
    const params = { newestDay, ...filterParams(filters) };
    // Names are matched in the index, so only the filters on `papers` can narrow a common-word list.
    const listable = rare.length === 0 && filters.authors === undefined && filters.organization === undefined;
    const ranked =
      (listable ? this.fromLists(query, rareAlternatives, filters, limit, params) : null) ??
      this.rankedByIndex(rare.length > 0 ? { ...query, clauses: rare } : query, filters, limit, params);
    return ranked.length === 0 ? [] : this.rows(query, ranked);
  }

  private fromLists(
    query: TextQuery,
    rareAlternatives: Array<TextAlternative[] | null>,
    filters: PaperFilters,
    limit: number,
    params: object,
  ): Scored[] | null {
    const alternatives = rareAlternatives.flatMap((rare) => rare ?? []);
    const extra =
      alternatives.length > 0
        ? this.rankedByIndex({ ...query, clauses: [{ alternatives }] }, filters, limit, params)
        : [];
    return this.common.ranked(query, filterConditions(filters), params, limit, extra);
  }

  /** The best `limit` papers by bm25 (× the prior) over every paper matching the expression. */
  private rankedByIndex(query: TextQuery, filters: PaperFilters, limit: number, params: object): Scored[] {
    const facets = facetMatch(filters, () => this.daySpan.get() as { first: string; last: string } | null);
    const match = [textExpression(query), ...nameExpressions(filters), ...facets.parts].join(' AND ');
    const conditions = filterConditions(filters, { upvotes: facets.checkUpvotes, since: facets.checkSince });
    const priorWeight = query.priorWeight ?? 0;
    const joins = [
      ...(conditions.length > 0 ? ['CROSS JOIN papers ON papers.rowid = paper_search.rowid'] : []),
      ...(priorWeight > 0
        ? ['CROSS JOIN paper_search_prior AS prior ON prior.rowid = paper_search.rowid']
        : []),
    ].join(' ');
    const order = priorWeight > 0 ? `score * (1 + @priorWeight * ${priorExpression})` : 'score';
    return this.statements
      .get(
        `SELECT paper_search.rowid AS rowid, -bm25(paper_search, ${query.fieldWeights === false ? uniformWeights : bm25Weights}) AS score FROM paper_search ${joins}
         WHERE ${['paper_search MATCH @match', ...conditions].join(' AND ')}
         ORDER BY ${order} DESC LIMIT @limit`,
      )
      .all({ ...params, match, limit, priorWeight }) as Scored[];
  }

  /** Papers were written: the next search brings the common-stem lists up to date. */
  papersChanged(): void {
    this.common.papersChanged();
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
   * For each ranked paper, the indexes of the clauses (scored, then unscored) it contains: one query per
   * clause over just those papers, with no bm25 (whose idf rescans a dense word's whole index entry).
   */
  private matchedClauses(query: TextQuery, ranked: Scored[]): Map<number, number[]> {
    const clauses = [...query.clauses, ...(query.unscored ?? [])];
    const matched = new Map<number, number[]>();
    const rowids = JSON.stringify(ranked.map((row) => row.rowid));
    const within = this.statements.get(
      'SELECT rowid FROM paper_search WHERE paper_search MATCH @match AND rowid IN (SELECT value FROM json_each(@rowids))',
    );
    clauses.forEach((clause, index) => {
      const match = clauseExpression(clause);
      if (match === null) return;
      for (const rowid of within.pluck().all({ match, rowids }) as number[])
        matched.set(rowid, [...(matched.get(rowid) ?? []), index]);
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
