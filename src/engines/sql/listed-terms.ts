/**
 * What a ranking from the common-word lists sums, for both engines (sqlite-search-common.ts and
 * pg-search-common.ts), as the engine's full ranking would: each alternative of several words (an acronym's
 * long form, "language model") is a group whose terms count only for a paper in the lists of all of them.
 * Summed word by word, a paper with "model" alone would score for "language model" and could be served
 * though it matches no clause. Alternatives of the same stems count once per clause where the full ranking
 * reads them once (PostgreSQL's ts_rank of a clause), once each where it sums every phrase (FTS5's bm25).
 */
import type { TextClause } from '../../search-query/text-query';

export interface ListedTerm {
  /** Terms of one group count together, and only for a paper listed under `needed` of them. */
  group: number;
  /** The listed stem (SQLite) or lexeme (PostgreSQL). */
  stem: string;
  weight: number;
  needed: number;
}

/** A clause's alternatives that match words anywhere: a compound's phrase is left to the coverage check. */
export const unordered = (clause: TextClause) =>
  clause.alternatives.filter((alt) => !alt.adjacent || alt.words.length === 1);

/**
 * The terms of `clauses` (each with `weights[index]`, 1 if absent) whose words all have lists (`stemOf`
 * says a listed word's stem, else undefined); alternatives with an unlisted word are the caller's to rank.
 */
export function listedTerms(
  clauses: TextClause[],
  stemOf: (word: string) => string | undefined,
  options: { weights?: number[]; sameStems: 'once per clause' | 'each time' },
): ListedTerm[] {
  const groups = new Map<string, { stems: string[]; weight: number }>();
  clauses.forEach((clause, index) => {
    const weight = options.weights?.[index] ?? 1;
    for (const [place, alternative] of unordered(clause).entries()) {
      const found = alternative.words.map(stemOf);
      if (found.some((stem) => stem === undefined)) continue;
      const stems = [...new Set(found as string[])].sort();
      const scope = options.sameStems === 'each time' ? `${index}.${place}` : `${index}`;
      groups.set(`${scope}:${stems.join(' ')}`, { stems, weight });
    }
  });
  return [...groups.values()].flatMap(({ stems, weight }, group) =>
    stems.map((stem) => ({ group, stem, weight, needed: stems.length })),
  );
}
