/**
 * Turns a planned text query and the filters into one FTS5 MATCH expression. Every word is quoted (with
 * quotes doubled), so nothing a user typed can act as FTS5 syntax, whatever the search service sends.
 */
import { recencyHalfLifeDays, saturatingUpvotes } from '../../search/ranking';
import { words } from '../../search/search-text';
import type { PaperFilters, TextAlternative, TextClause, TextQuery } from '../store';

/** Columns of `paper_search` that hold text; `facets` holds filter tokens only. */
export const textColumns = '{title ai_keywords ai_summary abstract authors organization}';

/** bm25 column weights: title, AI keywords and summary, abstract, authors, organization; facets count for nothing. */
export const bm25Weights = '10.0, 5.0, 5.0, 2.0, 1.0, 1.0, 0.0';
/** The same columns weighed alike, for the ablation (facets still count for nothing). */
export const uniformWeights = '1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 0.0';

/**
 * popularityPrior (src/search/ranking.ts) in SQL over a joined `paper_search_prior` row (migration 11),
 * recency counted back from the julian day @newestDay; test/store/search-prior.test.ts checks they agree.
 */
export const priorExpression = `(0.6 * min(1.0, ln(1 + max(0, prior.upvotes)) / ln(${1 + saturatingUpvotes}))
  + 0.4 * pow(0.5, max(0, @newestDay - prior.julian_day) / ${recencyHalfLifeDays}.0))`;

const quote = (word: string) => `"${word.replaceAll('"', '""')}"`;

function alternative({ words, adjacent }: TextAlternative): string | null {
  const quoted = words.filter((word) => word.length > 0).map(quote);
  if (quoted.length === 0) return null;
  if (quoted.length === 1) return quoted[0] ?? null;
  return adjacent ? quoted.join(' + ') : `(${quoted.join(' AND ')})`;
}

/** One clause: any of its alternatives, in the text columns; null when it has none. */
export function clauseExpression({ alternatives }: TextClause): string | null {
  const parts = alternatives.map(alternative).filter((part): part is string => part !== null);
  if (parts.length === 0) return null;
  return `${textColumns} : (${parts.join(' OR ')})`;
}

const present = (parts: Array<string | null>) => parts.filter((part): part is string => part !== null);

/**
 * Papers matching any scored clause (so a long question is never emptied), all required ones (quoted
 * phrases) and none of the excluded ones; null when nothing can match.
 */
export function textExpression(query: TextQuery): string | null {
  const any = present(query.clauses.map(clauseExpression));
  const required = present(query.required.map(clauseExpression));
  if (any.length + required.length === 0) return null;
  const parts = [
    ...(any.length > 0 ? [`(${any.join(' OR ')})`] : []),
    ...required.map((part) => `(${part})`),
  ];
  const excluded = present(query.excluded.map(clauseExpression));
  const positive = parts.join(' AND ');
  return excluded.length > 0 ? `(${positive}) NOT (${excluded.join(' OR ')})` : positive;
}

/** Upvote thresholds indexed as facet tokens (`u20` = at least 20 upvotes). */
export const upvoteBuckets = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000];

const dayToken = (day: string) => `d${day.replaceAll('-', '')}`;
const monthToken = (year: number, month: number) => `m${year}${String(month + 1).padStart(2, '0')}`;
/** More years than this and a `since` filter is checked on the papers instead. */
const maxYearTokens = 30;

/**
 * Facet tokens covering exactly the days from `since` on, up to `until` (the newest paper's day): the rest
 * of the first month day by day, the rest of that year month by month, then whole years. Null when the
 * span is too long to list.
 */
export function sinceTokens(since: string, until: string): string[] | null {
  const start = new Date(`${since}T00:00:00Z`);
  const end = new Date(`${until}T00:00:00Z`);
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) return null;
  if (since > until) return [];
  const year = start.getUTCFullYear();
  if (end.getUTCFullYear() - year > maxYearTokens) return null;
  const tokens: string[] = [];
  let month = start.getUTCMonth();
  if (start.getUTCDate() > 1) {
    for (let day = new Date(start); day.getUTCMonth() === month; day = new Date(day.getTime() + 86_400_000)) {
      tokens.push(dayToken(day.toISOString().slice(0, 10)));
    }
    month++;
  }
  if (month === 0) tokens.push(`y${year}`);
  else for (; month < 12; month++) tokens.push(monthToken(year, month));
  for (let next = year + 1; next <= end.getUTCFullYear(); next++) tokens.push(`y${next}`);
  return tokens;
}

/** The MATCH conjuncts for the authors and organization filters, matched by name in their columns. */
export function nameExpressions(filters: PaperFilters): string[] {
  const parts: string[] = [];
  for (const name of filters.authors ?? []) {
    const phrase = alternative({ words: words(name), adjacent: true });
    parts.push(phrase ? `{authors} : (${phrase})` : '""');
  }
  if (filters.organization !== undefined) {
    const phrase = alternative({ words: words(filters.organization), adjacent: true });
    parts.push(phrase ? `{organization} : (${phrase})` : '""');
  }
  return parts;
}

export interface FacetMatch {
  /** MATCH conjuncts for the upvotes and since filters. */
  parts: string[];
  /** Whether papers must still be checked against `minUpvotes` (the bucket is below it). */
  checkUpvotes: boolean;
  /** Whether papers must still be checked against `sinceDay` (too long a span to list). */
  checkSince: boolean;
}

/** How the index narrows to papers passing the upvotes and since filters; `days` bounds the days listed. */
export function facetMatch(
  filters: PaperFilters,
  days: () => { first: string; last: string } | null,
): FacetMatch {
  const parts: string[] = [];
  const minUpvotes = filters.minUpvotes ?? 0;
  const bucket = upvoteBuckets.filter((threshold) => threshold <= minUpvotes).at(-1);
  if (bucket !== undefined) parts.push(`{facets} : ${quote(`u${bucket}`)}`);
  let checkSince = false;
  const span = filters.sinceDay !== undefined ? days() : null;
  if (filters.sinceDay !== undefined && span && filters.sinceDay > span.first) {
    const tokens = sinceTokens(filters.sinceDay, span.last);
    if (tokens === null) checkSince = true;
    else parts.push(tokens.length > 0 ? `{facets} : (${tokens.map(quote).join(' OR ')})` : '""');
  }
  return { parts, checkUpvotes: minUpvotes > (bucket ?? 0), checkSince };
}
