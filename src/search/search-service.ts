/**
 * Search over every stored paper. Stages, each only when the one before finds too little:
 *   1. strict: every clause of the query matches (words, their spellings, acronyms, completions);
 *   2. widened: rare words also match their common near spellings (a typo that happens to occur somewhere);
 *   3. relaxed: queries of three or more clauses match on three quarters of them (rounded down).
 * A paper must always match at least `requiredClauses` of the query's clauses, counting words that no paper
 * contains as unmatched: so a query with an unknown word returns nothing rather than whatever shares its
 * other word, unless it is long enough to spare it.
 * Papers from an earlier stage always rank above later ones; within a stage, bm25 with field weights,
 * nudged by a light popularity prior (see ranking.ts).
 */
import type { SnippetPart } from '../chat/replies';
import type { Paper } from '../papers/paper';
import type { PaperFilters, Store, TextHit } from '../store/store';
import { type PlannedClause, planQuery, type QueryPlan } from './query-plan';
import { blendScore, newestDayOf, popularityPrior } from './ranking';
import { queryWords, stopwords } from './search-text';
import { buildSnippet } from './snippet';
import { correctWord } from './word-alternatives';

export interface SearchRequest {
  text: string;
  filters?: PaperFilters;
  limit: number;
  offset?: number;
}

export interface SearchHit {
  paper: Paper;
  /** Higher is better; never higher than the score of a hit ranked above it. */
  score: number;
  /** An excerpt with the matched words marked, when the query had words found in the paper's text. */
  snippet?: SnippetPart[];
}

export interface SearchResult {
  hits: SearchHit[];
  /** Words no paper contains and nothing known resembles: left out of the search. */
  ignored: string[];
  /** Words searched as near spellings or completions instead. */
  replaced: QueryPlan['replaced'];
}

export interface SearchService {
  search(request: SearchRequest): SearchResult;
}

/** Longest query accepted, in characters; longer ones get a clear refusal from the command. */
export const maxQueryLength = 300;

/**
 * How many of `clauses` a paper must match: both of two, three quarters (rounded down) of more; the usual
 * "2<75%" rule, so a paper missing one word of three still counts, after every paper that has all three.
 */
export const requiredClauses = (clauses: number) => (clauses <= 2 ? clauses : Math.floor(clauses * 0.75));
/** Candidates ranked per stage before the prior re-orders them. */
const minCandidates = 15;

interface TieredHit extends TextHit {
  tier: number;
}

export function createSearchService(store: Store): SearchService {
  const run = (clauses: PlannedClause[], minClauses: number, filters: PaperFilters, limit: number) =>
    store.papers.searchText({ clauses, minClauses }, filters, limit);

  function search({ text, filters = {}, limit, offset = 0 }: SearchRequest): SearchResult {
    const capped = text.slice(0, maxQueryLength * 4);
    if (queryWords(capped).length === 0) {
      const papers = store.papers.listFiltered(filters, limit, offset);
      return { hits: papers.map((paper) => ({ paper, score: paper.upvotes })), ignored: [], replaced: [] };
    }
    const plan = planQuery(capped, store.papers, store.papers.count());
    const required = requiredClauses(plan.clauses.length + plan.ignored.length);
    if (plan.clauses.length === 0 || plan.clauses.length < required) {
      return { hits: [], ignored: plan.ignored, replaced: plan.replaced };
    }

    const wanted = offset + limit;
    const candidates = Math.max(minCandidates, wanted + 6);
    const found = new Map<string, TieredHit>();
    const add = (hits: TextHit[], tier: number) => {
      for (const hit of hits) if (!found.has(hit.paper.id)) found.set(hit.paper.id, { ...hit, tier });
    };
    let clauses = plan.clauses;
    add(run(clauses, clauses.length, filters, candidates), 0);
    if (found.size < wanted) {
      const widened = widen(clauses);
      if (widened !== clauses) add(run(widened, widened.length, filters, candidates), 1);
      clauses = widened;
    }
    if (found.size < wanted && clauses.length > required) add(run(clauses, required, filters, candidates), 2);
    const hits = rank([...found.values()]).slice(offset, offset + limit);
    const highlight = clauses.flatMap((clause) =>
      clause.alternatives.flatMap((alternative) => alternative.words),
    );
    const queryWordsToMark = highlight.filter((word) => !stopwords.has(word));
    return {
      hits: hits.map((hit) => withSnippet(hit, queryWordsToMark)),
      ignored: plan.ignored,
      replaced: plan.replaced,
    };
  }

  /** Rare typed words also match near spellings that are far more common (at least ten times, and ten papers). */
  function widen(clauses: PlannedClause[]): PlannedClause[] {
    let changed = false;
    const widened = clauses.map((clause) => {
      if (!clause.rareWord) return clause;
      const minPapers = Math.max(10, 10 * (clause.papers ?? 0));
      const near = [...correctWord(clause.rareWord, store.papers, minPapers).keys()];
      if (near.length === 0) return clause;
      changed = true;
      return {
        ...clause,
        alternatives: [...clause.alternatives, ...near.map((word) => ({ words: [word], adjacent: false }))],
      };
    });
    return changed ? widened : clauses;
  }

  return { search };
}

/**
 * Earlier stages first; within a stage by text score nudged by the prior. Papers matched only through words
 * too common to score (score 0) come last, ordered by the prior alone.
 */
function rank(hits: TieredHit[]): SearchHit[] {
  const newest = newestDayOf(hits.map((hit) => hit.paper));
  const scored = hits
    .map((hit) => {
      const prior = popularityPrior(hit.paper, newest);
      return { hit, prior, score: hit.score > 0 ? blendScore(hit.score, prior) : 0 };
    })
    .sort(
      (a, b) =>
        a.hit.tier - b.hit.tier ||
        b.score - a.score ||
        b.prior - a.prior ||
        b.hit.paper.id.localeCompare(a.hit.paper.id),
    );
  let ceiling = Number.POSITIVE_INFINITY;
  return scored.map(({ hit, score }) => {
    ceiling = Math.min(ceiling, score);
    return { paper: hit.paper, score: ceiling };
  });
}

function withSnippet(hit: SearchHit, words: string[]): SearchHit {
  const snippet = buildSnippet(hit.paper, words);
  return snippet ? { ...hit, snippet } : hit;
}
