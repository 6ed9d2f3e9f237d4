/**
 * Turns a planned text query and the names filters into one FTS5 MATCH expression. Every word is quoted
 * (with quotes doubled), so nothing a user typed can act as FTS5 syntax, whatever the search service sends.
 */

import { maxNameGap, namePattern } from '../../search/person-name';
import { recencyHalfLifeDays, saturatingUpvotes } from '../../search/ranking';
import { words } from '../../search/search-text';
import type { PaperFilters, TextAlternative, TextClause, TextQuery } from '../../search-query/text-query';

/** bm25 column weights: title, AI keywords and summary, abstract, authors, organization. */
export const bm25Weights = '10.0, 5.0, 5.0, 2.0, 1.0, 1.0';
/** The same columns weighed alike, for the ablation. */
export const uniformWeights = '1.0, 1.0, 1.0, 1.0, 1.0, 1.0';

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

/** One clause: any of its alternatives; null when it has none. */
export function clauseExpression({ alternatives }: TextClause): string | null {
  const parts = alternatives.map(alternative).filter((part): part is string => part !== null);
  if (parts.length === 0) return null;
  return `(${parts.join(' OR ')})`;
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

/** The MATCH conjuncts for the authors and organization filters, matched by name in their columns. */
export function nameExpressions(filters: PaperFilters): string[] {
  const parts: string[] = [];
  for (const name of filters.authors ?? []) {
    const pattern = namePattern(name);
    const phrase = pattern ? personExpression(pattern) : alternative({ words: words(name), adjacent: true });
    parts.push(phrase ? `{authors} : (${phrase})` : '""');
  }
  if (filters.organization !== undefined) {
    const phrase = alternative({ words: words(filters.organization), adjacent: true });
    parts.push(phrase ? `{organization} : (${phrase})` : '""');
  }
  return parts;
}

/**
 * "Yann LeCun": NEAR(first-name-or-initial surname), a middle name or two between. NEAR takes no order:
 * the search service keeps the papers writing the first name first (src/search/person-name.ts).
 */
function personExpression({ first, surname }: NonNullable<ReturnType<typeof namePattern>>): string {
  const last = surname.map(quote).join(' + ');
  return first
    .map((alt) => `NEAR(${quote(alt.word)}${alt.prefix ? '*' : ''} ${last}, ${maxNameGap})`)
    .join(' OR ');
}
