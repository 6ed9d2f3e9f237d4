/**
 * The ranking blend: text relevance first, nudged by a light popularity prior. The prior can raise a text
 * score by at most `priorWeight` (20%), so a paper whose text matches more than 20% better always ranks
 * above it, however popular or recent the other paper is.
 */
import type { Paper } from '../records/paper';

export const priorWeight = 0.2;
/** Upvotes at which the upvote part of the prior is full; most papers have far fewer. */
export const saturatingUpvotes = 300;
/** Recency halves every this many days, counted back from the newest paper among the results. */
export const recencyHalfLifeDays = 180;

export const paperDay = (paper: Paper) => paper.batchDay ?? paper.publishedAt.slice(0, 10);

const daysBetween = (from: string, to: string) =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;

/** 0 to 1: upvotes on a log scale (60%) and recency relative to `newestDay` (40%). */
export function popularityPrior(paper: Paper, newestDay: string): number {
  const upvotes = Math.min(1, Math.log1p(Math.max(0, paper.upvotes)) / Math.log1p(saturatingUpvotes));
  const age = Math.max(0, daysBetween(paperDay(paper), newestDay));
  const recency = Number.isFinite(age) ? 0.5 ** (age / recencyHalfLifeDays) : 0;
  return 0.6 * upvotes + 0.4 * recency;
}

export const blendScore = (textScore: number, prior: number) => textScore * (1 + priorWeight * prior);

export const newestDayOf = (papers: Paper[]) => papers.map(paperDay).sort().at(-1) ?? '0000-00-00';
