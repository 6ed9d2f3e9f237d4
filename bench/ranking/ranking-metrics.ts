/** Ranking metrics with binary relevance (flagged or not), as the bench reports them. */

/** nDCG@k: discounted gain of the relevant papers in the top k over the best possible order's. */
export function ndcgAt(k: number, ranked: string[], relevant: ReadonlySet<string>): number {
  let gain = 0;
  ranked.slice(0, k).forEach((id, index) => {
    if (relevant.has(id)) gain += 1 / Math.log2(index + 2);
  });
  let ideal = 0;
  for (let index = 0; index < Math.min(k, relevant.size); index++) ideal += 1 / Math.log2(index + 2);
  return ideal === 0 ? 0 : gain / ideal;
}

export function precisionAt(k: number, ranked: string[], relevant: ReadonlySet<string>): number {
  return ranked.slice(0, k).filter((id) => relevant.has(id)).length / k;
}

export const mean = (values: number[]) =>
  values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length;

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}
