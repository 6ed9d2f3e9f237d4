/**
 * Text search in two steps, because FTS5's bm25() reads the whole index entry of every word it scores
 * (to count the papers containing it), which is slow for words in most papers:
 *   1. match: the newest `scanLimit` papers matching everything (words, names, facets, filters), unranked,
 *      which stops early however common the words are;
 *   2. score: bm25 with field weights over the words worth scoring only, within those papers' rowid range.
 * Matches the words do not score (all too common) come after scored ones, newest first. Upvote filters
 * match a facet bucket at or below the asked number, so the few papers between are dropped afterwards.
 */
import type Database from 'better-sqlite3';
import type { PaperFilters, TextClause, TextHit, TextQuery } from '../store';
import { type PaperRow, paperFromRow } from './sqlite-paper-row';
import { filterConditions, filterParams, paperDay } from './sqlite-search-filters';
import { bm25Weights, facetMatch, nameExpressions, textExpression } from './sqlite-search-match';
import { StatementCache } from './statement-cache';

/**
 * How many of the most recently stored matches a text search ranks, which bounds its cost at any size: a
 * word in half of 100,000 papers costs what a word in a thousand does. Rarer queries are ranked in full.
 */
export const scanLimit = 500;
/** Rows scored at most: the scored words may also match papers between the candidates. */
const scoreLimit = 2 * scanLimit;

/** The clauses as scored: only alternatives worth scoring, clauses left with none dropped. */
function scoredClauses(clauses: TextClause[]): TextClause[] {
  return clauses
    .map((clause) => ({
      alternatives: clause.alternatives.filter((alternative) => alternative.scored !== false),
    }))
    .filter((clause) => clause.alternatives.length > 0);
}

export class SqliteTextSearch {
  private readonly statements: StatementCache;
  private readonly daySpan;
  private readonly score;
  private readonly window;
  private readonly byRowids;

  constructor(db: Database.Database) {
    this.statements = new StatementCache(db);
    // Two subqueries, so each reads one end of the day index instead of scanning the table.
    this.daySpan = db.prepare(
      `SELECT (SELECT min(${paperDay}) FROM papers) AS first, (SELECT max(${paperDay}) FROM papers) AS last`,
    );
    this.score = db.prepare(
      `SELECT rowid, -bm25(paper_search, ${bm25Weights}) AS score FROM paper_search
       WHERE paper_search MATCH @match AND rowid BETWEEN @low AND @high ORDER BY rowid DESC LIMIT ${scoreLimit}`,
    );
    this.window = db.prepare(
      `SELECT rowid, score FROM (
         SELECT rowid, -bm25(paper_search, ${bm25Weights}) AS score FROM paper_search
         WHERE paper_search MATCH @match ORDER BY rowid DESC LIMIT ${scanLimit}
       ) ORDER BY score DESC, rowid DESC LIMIT @limit`,
    );
    this.byRowids = db.prepare('SELECT * FROM papers WHERE rowid IN (SELECT value FROM json_each(?))');
  }

  search(query: TextQuery, filters: PaperFilters, limit: number): TextHit[] {
    const text = textExpression(query);
    if (text === null || limit <= 0) return [];
    const facets = facetMatch(filters, () => this.daySpan.get() as { first: string; last: string } | null);
    const restrictions = [...nameExpressions(filters), ...facets.parts];
    const allScored = query.clauses.every((clause) =>
      clause.alternatives.every((alternative) => alternative.scored !== false),
    );
    const joined = filterConditions(filters, { upvotes: false, since: facets.checkSince }).length > 0;
    let ranked: number[];
    let scores: Map<number, number>;
    if (allScored && restrictions.length === 0 && !joined) {
      // Nothing to match that is not also scored: one ranked query does both steps.
      scores = this.rankedWindow(text, limit);
      ranked = [...scores.keys()];
    } else {
      const candidates = this.match([text, ...restrictions].join(' AND '), filters, facets.checkSince);
      scores = this.scores(query, candidates);
      ranked = [...candidates].sort((a, b) => (scores.get(b) ?? 0) - (scores.get(a) ?? 0) || b - a);
    }
    const minUpvotes = facets.checkUpvotes ? (filters.minUpvotes ?? 0) : 0;
    const hits: TextHit[] = [];
    // Read papers a page at a time: only the upvotes check can drop any, and it seldom does.
    for (let start = 0; start < ranked.length && hits.length < limit; start += limit) {
      const page = ranked.slice(start, start + limit);
      const rows = new Map(
        (this.byRowids.all(JSON.stringify(page)) as PaperRow[]).map((row) => [row.rowid, row]),
      );
      for (const rowid of page) {
        const row = rows.get(rowid);
        if (row && row.upvotes >= minUpvotes && hits.length < limit)
          hits.push({ paper: paperFromRow(row), score: scores.get(rowid) ?? 0 });
      }
    }
    return hits;
  }

  /** The best `limit` of the newest matches by bm25, best first. */
  private rankedWindow(match: string, limit: number): Map<number, number> {
    const rows = this.window.all({ match, limit }) as Array<{ rowid: number; score: number }>;
    return new Map(rows.map((row) => [row.rowid, row.score]));
  }

  /** Rowids of the newest matches, newest first; joined to `papers` only for filters the index cannot check. */
  private match(match: string, filters: PaperFilters, checkSince: boolean): number[] {
    const conditions = filterConditions(filters, { upvotes: false, since: checkSince });
    const join = conditions.length > 0 ? 'CROSS JOIN papers ON papers.rowid = paper_search.rowid' : '';
    return this.statements
      .get(
        `SELECT paper_search.rowid FROM paper_search ${join}
       WHERE ${['paper_search MATCH @match', ...conditions].join(' AND ')}
       ORDER BY paper_search.rowid DESC LIMIT ${scanLimit}`,
      )
      .pluck()
      .all({ match, ...filterParams(filters) }) as number[];
  }

  /** bm25 of the candidates, from the scored words only; candidates those words miss are absent. */
  private scores(query: TextQuery, candidates: number[]): Map<number, number> {
    const clauses = scoredClauses(query.clauses);
    const strict = query.minClauses >= query.clauses.length;
    const match = textExpression({ clauses, minClauses: strict ? clauses.length : 1 });
    const scores = new Map<number, number>();
    if (match === null) return scores;
    const wanted = new Set(candidates);
    const rows = this.score.all({ match, low: candidates.at(-1), high: candidates[0] }) as Array<{
      rowid: number;
      score: number;
    }>;
    for (const row of rows) if (wanted.has(row.rowid)) scores.set(row.rowid, row.score);
    return scores;
  }
}
