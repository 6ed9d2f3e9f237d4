import type { LabelledQuery } from '../relevance-set';

export interface QueryOutcome {
  query: LabelledQuery;
  /** 1-based rank of the first relevant paper in the top 10, or null. */
  rank: number | null;
  top: string[];
}

export interface RelevanceReport {
  /** Mean reciprocal rank of the first relevant paper, counting only the top 10. */
  mrrAt10: number;
  /** Share of queries with a relevant paper in the top 3. */
  hitsAt3: number;
  outcomes: QueryOutcome[];
}

/** Runs every labelled query through `rank` (paper ids, best first) and scores the answers. */
export function measureRelevance(
  queries: LabelledQuery[],
  rank: (query: string) => string[],
): RelevanceReport {
  const outcomes = queries.map((query) => {
    const top = rank(query.query).slice(0, 10);
    const index = top.findIndex((id) => query.relevant.includes(id));
    return { query, rank: index >= 0 ? index + 1 : null, top };
  });
  const count = Math.max(1, outcomes.length);
  return {
    mrrAt10: outcomes.reduce((sum, outcome) => sum + (outcome.rank ? 1 / outcome.rank : 0), 0) / count,
    hitsAt3: outcomes.filter((outcome) => outcome.rank !== null && outcome.rank <= 3).length / count,
    outcomes,
  };
}

/** Share of off-topic queries answered with at least one paper (lower is better). */
export function junkRate(
  queries: string[],
  rank: (query: string) => string[],
): { rate: number; answered: string[] } {
  const answered = queries.filter((query) => rank(query).length > 0);
  return { rate: answered.length / Math.max(1, queries.length), answered };
}
