/** The few words a card and `/papers why` give for a paper's place in the team ranking. */
import type { Paper } from '../records/paper';
import { truncateAtWord } from '../text/truncate';
import type { BlendParts } from './blend';
import { type ChannelModel, strongestFeatures } from './channel-model';
import { featureLabel } from './paper-features';
import { nameable, type SubjectTerms } from './subject-terms';
import { dot, type SparseVector } from './tfidf';

export interface FlaggedNeighbour {
  paperId: string;
  title: string;
  vector: SparseVector;
}

/**
 * Cosine similarity at which a flagged paper counts as "close". Measured on the real 2024-10-25 batch: the
 * median pair of papers is at 0.04, one in ten above 0.07; "Can Knowledge Editing Really Correct
 * Hallucinations?" and "Should We Really Edit Language Models?" are at 0.15.
 */
export const closeSimilarity = 0.1;
/** A feature speaks for the channel's interest only if several of its flagged papers have it. */
const minFlaggedWithFeature = 2;
const titlesShown = 2;
const titleLength = 60;

export function closestFlagged(vector: SparseVector, flagged: FlaggedNeighbour[], paperId: string) {
  return flagged
    .filter((neighbour) => neighbour.paperId !== paperId)
    .map((neighbour) => ({ neighbour, similarity: dot(vector, neighbour.vector) }))
    .filter((entry) => entry.similarity >= closeSimilarity)
    .sort((a, b) => b.similarity - a.similarity);
}

/**
 * `close to 3 papers this channel flagged: “A”, “B”`, or, when no flagged paper is close,
 * `shares what this channel flags: video generation, by Ada Lovelace`. Null when nothing speaks for it.
 */
export function rankingReason(
  paper: Paper,
  vector: SparseVector,
  model: ChannelModel,
  flagged: FlaggedNeighbour[],
  subjects?: SubjectTerms,
): string | null {
  const close = closestFlagged(vector, flagged, paper.id);
  if (close.length > 0) {
    const titles = close
      .slice(0, titlesShown)
      .map(({ neighbour }) => `“${truncateAtWord(neighbour.title.replace(/\s+/g, ' '), titleLength)}”`)
      .join(', ');
    const count = close.length === 1 ? 'a paper' : `${close.length} papers`;
    return `close to ${count} this channel flagged: ${titles}`;
  }
  const labels: string[] = [];
  for (const feature of strongestFeatures(model, vector, 12)) {
    const flaggedWith = flagged.filter((neighbour) => neighbour.vector.has(feature)).length;
    if (flaggedWith < minFlaggedWithFeature) continue;
    // Only what papers name their subject by: filler ("remarkable, demonstrates") is left off.
    if (subjects && !nameable(feature, subjects)) continue;
    const label = featureLabel(feature, model.labels);
    if (!labels.some((shown) => shown.includes(label) || label.includes(shown))) labels.push(label);
    if (labels.length === 3) break;
  }
  return labels.length > 0 ? `shares what this channel flags: ${labels.join(', ')}` : null;
}

/** The card line: `For this channel: close to 3 papers it flagged: …`. */
export const rankingNote = (reason: string) => `🎯 For this channel: ${reason}`;

/** `in the top 10%`, `in the bottom 30%`, `the highest`: a percentile among the papers it was ranked with. */
function standing(percentile: number): string {
  if (percentile >= 1) return 'the highest';
  if (percentile <= 0) return 'the lowest';
  if (percentile >= 0.5) return `in the top ${Math.max(1, Math.round((1 - percentile) * 100))}%`;
  return `in the bottom ${Math.max(1, Math.round(percentile * 100))}%`;
}

/**
 * What decided a paper's place when the model names no reason for it, from where upvotes alone would put
 * it: `the team model (71% of the blend) moved it down from #1 by upvotes: it ranks it in the bottom 25% of
 * these papers`. Never "upvotes decide" while the model holds most of the blend.
 */
export function blendReason(parts: BlendParts, rank: number, upvoteRank: number): string {
  const model = `the team model (${Math.round(parts.share * 100)}% of the blend)`;
  const ranks = `it ranks it ${standing(parts.model)} of these papers`;
  if (rank > upvoteRank) return `${model} moved it down from #${upvoteRank} by upvotes: ${ranks}`;
  if (rank < upvoteRank) {
    const unnamed = parts.model >= 0.5 ? ' (no flagged paper or shared interest stands out to name)' : '';
    return `${model} moved it up from #${upvoteRank} by upvotes: ${ranks}${unnamed}`;
  }
  return `its place by upvotes alone; ${model} ranks it ${standing(parts.model)} of these papers, which does not move it`;
}
