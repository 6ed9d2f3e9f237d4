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
export async function measureRelevance(
  queries: LabelledQuery[],
  rank: (query: string) => Promise<string[]>,
): Promise<RelevanceReport> {
  const outcomes: QueryOutcome[] = [];
  for (const query of queries) {
    const top = (await rank(query.query)).slice(0, 10);
    const index = top.findIndex((id) => query.relevant.includes(id));
    outcomes.push({ query, rank: index >= 0 ? index + 1 : null, top });
  }
  const count = Math.max(1, outcomes.length);
  return {
    mrrAt10: outcomes.reduce((sum, outcome) => sum + (outcome.rank ? 1 / outcome.rank : 0), 0) / count,
    hitsAt3: outcomes.filter((outcome) => outcome.rank !== null && outcome.rank <= 3).length / count,
    outcomes,
  };
}

/** Share of off-topic queries answered with at least one paper (lower is better). */
export async function junkRate(
  queries: string[],
  rank: (query: string) => Promise<string[]>,
): Promise<{ rate: number; answered: string[] }> {
  const answered: string[] = [];
  for (const query of queries) if ((await rank(query)).length > 0) answered.push(query);
  return { rate: answered.length / Math.max(1, queries.length), answered };
}
