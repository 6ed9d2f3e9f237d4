/**
 * A channel's model of what it reads: a logistic regression over tf-idf features of the papers it flagged
 * (positives), marked 👎 (negatives) and was shown but left alone (weak negatives). Pure: signals in, a
 * model out; the team-ranking service stores it and decides when to train again.
 */
import type { Paper } from '../papers/paper';
import { type Example, type LinearModel, linearScore, trainLogisticRegression } from './logistic-regression';
import { paperTerms, type TermCounts } from './paper-features';
import { type Idf, learnIdf, type SparseVector, tfidfVector } from './tfidf';

export type SignalKind = 'flagged' | 'disliked' | 'ignored';

export interface TrainingSignal {
  paper: Paper;
  kind: SignalKind;
  /** How many people flagged it (flagged papers only). */
  flags?: number;
}

export interface SignalCounts {
  flagged: number;
  disliked: number;
  ignored: number;
}

export interface ChannelModel extends LinearModel {
  idf: Idf;
  /** A readable word for each stem the weights mention. */
  labels: Map<string, string>;
  counts: SignalCounts;
  trainedAt: string;
  /** Identifies the signals it was trained on: equal fingerprints, no need to train again. */
  fingerprint: string;
}

/** How much each kind of signal counts; the weak negative is weak on purpose (it may just be unread). */
export const signalWeights = { flagged: 1, disliked: 1, ignored: 0.3 } as const;
const keptWeights = 6_000;
const keptIdf = 20_000;

export function countSignals(signals: TrainingSignal[]): SignalCounts {
  const counts = { flagged: 0, disliked: 0, ignored: 0 };
  for (const signal of signals) counts[signal.kind]++;
  return counts;
}

/**
 * `termsOf` reads a paper's features (the service passes a cached reader: reading text is most of the cost;
 * it must fill `labels` for the stems it returns the first time it sees them).
 */
export function trainChannelModel(
  signals: TrainingSignal[],
  trainedAt: string,
  fingerprint: string,
  termsOf: (paper: Paper, labels: Map<string, string>) => TermCounts = paperTerms,
): ChannelModel {
  const labels = new Map<string, string>();
  const terms = signals.map((signal) => termsOf(signal.paper, labels));
  const idf = learnIdf(terms);
  const counts = countSignals(signals);
  // Flags are rare next to unflagged posts: both sides weigh the same in total, so the model does not
  // learn "nothing is interesting".
  const negativeMass = counts.disliked * signalWeights.disliked + counts.ignored * signalWeights.ignored;
  const positiveScale = counts.flagged > 0 ? Math.max(1, negativeMass / counts.flagged) : 1;
  const features = [...idf.weights.keys()];
  const indexOf = new Map(features.map((feature, index) => [feature, index]));
  const idfByIndex = Float64Array.from(features, (feature) => idf.weights.get(feature) ?? idf.unseen);
  const examples: Example[] = signals.map((signal, index) => ({
    ...indexedTfidf(terms[index] as Map<string, number>, indexOf, idfByIndex),
    label: signal.kind === 'flagged' ? 1 : 0,
    weight:
      signal.kind === 'flagged'
        ? positiveScale * (1 + Math.log2(Math.max(1, signal.flags ?? 1)) * 0.5)
        : signalWeights[signal.kind],
  }));
  const linear = trainLogisticRegression(examples, features.length);
  const weights = new Map(
    features
      .map((feature, index) => [feature, linear.weights[index] ?? 0] as [string, number])
      .sort((a, b) => Math.abs(b[1]) - Math.abs(a[1]))
      .slice(0, keptWeights),
  );
  const usedLabels = new Map<string, string>();
  for (const feature of weights.keys())
    for (const part of feature.split(' ')) {
      const label = labels.get(part);
      if (label) usedLabels.set(part, label);
    }
  return {
    bias: linear.bias,
    weights,
    idf: compactIdf(idf),
    labels: usedLabels,
    counts,
    trainedAt,
    fingerprint,
  };
}

/** `tfidfVector` for training: the same values, as typed arrays over the vocabulary's indexes. */
function indexedTfidf(terms: Map<string, number>, indexOf: Map<string, number>, idf: Float64Array) {
  const indexes = new Int32Array(terms.size);
  const values = new Float64Array(terms.size);
  let k = 0;
  let squares = 0;
  for (const [feature, count] of terms) {
    const index = indexOf.get(feature) ?? 0;
    const value = (1 + Math.log(count)) * (idf[index] as number);
    indexes[k] = index;
    values[k++] = value;
    squares += value * value;
  }
  const norm = Math.sqrt(squares) || 1;
  for (let i = 0; i < values.length; i++) values[i] = (values[i] as number) / norm;
  return { indexes, values };
}

/** Keeps the commonest features' idf (they dominate a vector's length); the rest read as rare. */
function compactIdf(idf: Idf): Idf {
  const kept = [...idf.weights].sort((a, b) => a[1] - b[1]).slice(0, keptIdf);
  const rare = kept.length === idf.weights.size ? idf.unseen : Math.max(...kept.map(([, value]) => value));
  return { weights: new Map(kept), unseen: Math.max(rare, idf.unseen) };
}

export const paperVector = (model: Pick<ChannelModel, 'idf'>, paper: Paper): SparseVector =>
  tfidfVector(paperTerms(paper), model.idf);

/** The model's raw score (log-odds that the channel flags it). */
export const modelScore = (model: ChannelModel, vector: SparseVector) => linearScore(model, vector);

/** The features that pull the paper up most, strongest first. */
export function strongestFeatures(model: ChannelModel, vector: SparseVector, limit: number): string[] {
  return [...vector]
    .map(([feature, value]) => [feature, value * (model.weights.get(feature) ?? 0)] as const)
    .filter(([, contribution]) => contribution > 0)
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(([feature]) => feature);
}
