/**
 * The digest order: the channel's model blended with upvotes. With few signals the model knows little, so
 * its share starts at zero (cold start: upvote order exactly) and grows with the number of flags. Both sides
 * are turned into percentiles within the candidates, so the blend does not depend on how many upvotes a day
 * brings or on how confident the model is in absolute terms.
 */

import { byPopularity } from '../papers/paper-order';
import type { Paper } from '../records/paper';

export interface BlendParameters {
  /** Below this many flagged papers the order is the upvote order. */
  minFlags: number;
  /** The model's share as the flags grow without end. */
  maxModelShare: number;
  /** Flags (beyond `minFlags`) at which the model has half of `maxModelShare`. */
  halfShareAt: number;
}

export const defaultBlend: BlendParameters = { minFlags: 5, maxModelShare: 0.95, halfShareAt: 1 };

export function modelShare(flagged: number, parameters: BlendParameters = defaultBlend): number {
  if (flagged < parameters.minFlags) return 0;
  const beyond = flagged - parameters.minFlags + 1;
  return (parameters.maxModelShare * beyond) / (beyond + parameters.halfShareAt);
}

/** 0 for the lowest value … 1 for the highest; ties share their average. */
export function percentiles(values: number[]): number[] {
  if (values.length <= 1) return values.map(() => 1);
  const order = values.map((value, index) => ({ value, index })).sort((a, b) => a.value - b.value);
  const result = new Array<number>(values.length).fill(0);
  let start = 0;
  while (start < order.length) {
    let end = start;
    while (end + 1 < order.length && order[end + 1]?.value === order[start]?.value) end++;
    const shared = (start + end) / 2 / (values.length - 1);
    for (let k = start; k <= end; k++) result[(order[k] as { index: number }).index] = shared;
    start = end + 1;
  }
  return result;
}

export interface Blended {
  paper: Paper;
  /** The blended score (0…1); higher first. */
  score: number;
  /** The model's log-odds, or null without a model. */
  modelScore: number | null;
  /** The blend's two inputs, percentiles among the candidates (0 lowest … 1 highest); null in upvote order. */
  parts: BlendParts | null;
}

export interface BlendParts {
  /** The model's share of the blend (0…1). */
  share: number;
  model: number;
  upvotes: number;
}

/** Papers best first. `modelScores` is aligned with `papers`; null means upvote order. */
export function blendOrder(papers: Paper[], modelScores: number[] | null, share: number): Blended[] {
  const popularity = [...papers].sort(byPopularity);
  if (!modelScores || share <= 0) {
    return popularity.map((paper, index) => ({
      paper,
      score: 1 - index / Math.max(1, popularity.length),
      modelScore: modelScores ? (modelScores[papers.indexOf(paper)] ?? null) : null,
      parts: null,
    }));
  }
  const upvotes = percentiles(papers.map((paper) => Math.log1p(paper.upvotes)));
  const model = percentiles(modelScores);
  const popularityRank = new Map(popularity.map((paper, index) => [paper.id, index]));
  return papers
    .map((paper, index) => ({
      paper,
      score: share * (model[index] ?? 0) + (1 - share) * (upvotes[index] ?? 0),
      modelScore: modelScores[index] ?? null,
      parts: { share, model: model[index] ?? 0, upvotes: upvotes[index] ?? 0 },
    }))
    .sort(
      (a, b) =>
        b.score - a.score || (popularityRank.get(a.paper.id) ?? 0) - (popularityRank.get(b.paper.id) ?? 0),
    );
}
