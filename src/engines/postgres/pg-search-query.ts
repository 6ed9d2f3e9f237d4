/**
 * Turns a planned text query and the filters into PostgreSQL tsquery text and SQL conditions. Query words
 * are letters and digits only (src/search/search-text.ts), and any other character is dropped here too, so
 * nothing a user typed can act as tsquery syntax; each tsquery is passed as a parameter to `to_tsquery`.
 */
import { maxNameGap, namePattern } from '../../search/person-name';
import { words } from '../../search/search-text';
import type { PaperFilters, TextAlternative, TextClause } from '../../search-query/text-query';

/** The text search configuration pg-search-schema.ts defines. */
export const searchConfig = `'paper_search'::regconfig`;

/** ts_rank weights {D, C, B, A}: FTS5's column weights 10, 5 (keywords, summary), 2 (abstract), 1 (names), scaled to 1. */
export const fieldWeights = `'{0.1, 0.2, 0.5, 1.0}'::float4[]`;
export const uniformFieldWeights = `'{1.0, 1.0, 1.0, 1.0}'::float4[]`;

/** The day a paper counts as, for `since` filters and the prior: its batch day, or its publication day. */
export const paperDay = 'coalesce(papers.batch_day, substr(papers.published_at, 1, 10))';

const clean = (word: string) => words(word).join('');

function alternativeQuery({ words: parts, adjacent }: TextAlternative, weight = ''): string | null {
  const operands = parts
    .map(clean)
    .filter((word) => word.length > 0)
    .map((word) => `${word}${weight}`);
  if (operands.length === 0) return null;
  return `(${operands.join(adjacent ? ' <-> ' : ' & ')})`;
}

/** One clause as tsquery text: any of its alternatives; null when it has none. */
export function clauseQuery({ alternatives }: TextClause): string | null {
  const parts = alternatives
    .map((alternative) => alternativeQuery(alternative))
    .filter((part): part is string => part !== null);
  return parts.length > 0 ? `(${parts.join(' | ')})` : null;
}

/**
 * The factor that makes ts_rank of a clause the sum of its lexemes' ranks: ts_rank of a query whose top
 * operator is not AND divides by the query's distinct lexemes (calc_rank_or in PostgreSQL's tsrank.c), so
 * a clause with more alternatives (a typo's corrections, an acronym's long forms, a compound's phrase)
 * weighed less than its words alone, and less than the common-word lists, which add their ranks up as
 * FTS5's bm25 adds its phrases'. A clause of one `a & b` alternative is ranked by proximity (calc_rank_and)
 * and left as it is. `to_tsvector` counts the lexemes as `to_tsquery` makes them (stopwords dropped).
 */
export function orRankFactor({ alternatives }: TextClause, params: SqlParams): string {
  const written = alternatives.filter((alternative) => alternativeQuery(alternative) !== null);
  const [only] = written;
  // One word is one lexeme; one `a & b` is ranked by proximity.
  if (written.length === 1 && only && (only.words.length === 1 || !only.adjacent)) return '1';
  const text = written.flatMap((alternative) => alternative.words.map(clean)).join(' ');
  return `(SELECT greatest(1, length(to_tsvector(${searchConfig}, ${params.add(text)}))))`;
}

/** Any of the clauses as one tsquery text; null when none has words. */
export function anyQuery(clauses: TextClause[]): string | null {
  const parts = clauses.map(clauseQuery).filter((part): part is string => part !== null);
  return parts.length > 0 ? parts.join(' | ') : null;
}

/** Collects positional parameters while a statement is built. */
export class SqlParams {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
  /** A tsquery parameter in the search configuration. */
  tsquery(text: string): string {
    return `to_tsquery(${searchConfig}, ${this.add(text)})`;
  }
}

/** A name as a phrase in one field of `name_vector` (A: authors, B: organization), or null without words. */
const nameQuery = (name: string, weight: ':A' | ':B') =>
  alternativeQuery({ words: words(name), adjacent: true }, weight);

/**
 * "Yann LeCun" in the authors (A) of `name_vector`: the first name or its initial (a typed initial as a
 * prefix) before the surname, or after it ("LeCun, Yann"), with at most `maxNameGap` words between, as
 * `writesName` and SQLite's NEAR read it.
 */
function personQuery(name: string): string | null {
  const pattern = namePattern(name);
  if (!pattern) return null;
  const surname = pattern.surname.map(clean).filter(Boolean);
  if (surname.length === 0) return null;
  const last = `(${surname.map((word) => `${word}:A`).join(' <-> ')})`;
  const first = `(${pattern.first.map((alt) => `${clean(alt.word)}:${alt.prefix ? '*' : ''}A`).join(' | ')})`;
  const gaps = Array.from({ length: maxNameGap + 1 }, (_, gap) => gap + 1);
  return gaps.flatMap((gap) => [`(${first} <${gap}> ${last})`, `(${last} <${gap}> ${first})`]).join(' | ');
}

/** Conditions on `papers` for the filters; empty when there are none. */
export function filterConditions(filters: PaperFilters, params: SqlParams): string[] {
  const conditions: string[] = [];
  for (const name of filters.authors ?? []) {
    const query = personQuery(name) ?? nameQuery(name, ':A');
    conditions.push(query ? `papers.name_vector @@ ${params.tsquery(query)}` : 'false');
  }
  if (filters.organization !== undefined) {
    const query = nameQuery(filters.organization, ':B');
    conditions.push(query ? `papers.name_vector @@ ${params.tsquery(query)}` : 'false');
  }
  if (filters.minUpvotes !== undefined)
    conditions.push(`papers.upvotes >= ${params.add(filters.minUpvotes)}`);
  if (filters.sinceDay !== undefined) conditions.push(`${paperDay} >= ${params.add(filters.sinceDay)}`);
  if (filters.postedIn) {
    const { platform, workspaceId, channelId } = filters.postedIn;
    conditions.push(`papers.id IN (
      SELECT deliveries.paper_id FROM deliveries JOIN subscriptions ON subscriptions.id = deliveries.subscription_id
      WHERE subscriptions.platform = ${params.add(platform)} AND subscriptions.workspace_id = ${params.add(workspaceId)}
        AND subscriptions.channel_id = ${params.add(channelId)} AND deliveries.state = 'sent')`);
  }
  if (filters.paperIds) conditions.push(`papers.id = ANY(${params.add([...filters.paperIds])}::text[])`);
  const excluding = anyQuery(filters.excluding ?? []);
  if (excluding !== null) conditions.push(`NOT papers.search_vector @@ ${params.tsquery(excluding)}`);
  return conditions;
}
