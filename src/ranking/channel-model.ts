/**
 * A channel's model of what it reads: a logistic regression over tf-idf features of the papers it flagged
 * (positives), marked 👎 (negatives) and was shown but left alone (weak negatives). Pure: signals in, a
 * model out; the team-ranking service stores it and decides when to train again.
 */
import type { Paper } from '../records/paper';
import { type Example, type LinearModel, linearScore, trainLogisticRegression } from './logistic-regression';
import { paperTerms } from './paper-features';
import { type CompiledTerms, createPaperReader, type PaperReader } from './paper-reader';
import { type Idf, type SparseVector, tfidfVector } from './tfidf';

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
 * `reader` reads the papers (the service passes its own, which remembers papers it has read: reading text
 * is most of the cost of a first training, and none of the next ones').
 */
export function trainChannelModel(
  signals: TrainingSignal[],
  trainedAt: string,
  fingerprint: string,
  reader: PaperReader = createPaperReader(),
): ChannelModel {
  reader.forgetIfFull();
  const documents = signals.map((signal) => reader.compiled(signal.paper));
  // Dense local indexes for the features these papers have, and in how many papers each occurs.
  const localOf = new Int32Array(reader.featureCount()).fill(-1);
  const globalOf: number[] = [];
  const frequency: number[] = [];
  for (const document of documents) {
    for (const id of document.ids) {
      let local = localOf[id] as number;
      if (local < 0) {
        local = globalOf.length;
        localOf[id] = local;
        globalOf.push(id);
        frequency.push(0);
      }
      frequency[local] = (frequency[local] as number) + 1;
    }
  }
  const total = documents.length;
  const idf = Float64Array.from(frequency, (count) => Math.log((1 + total) / (1 + count)) + 1);
  const counts = countSignals(signals);
  // Flags are rare next to unflagged posts: both sides weigh the same in total, so the model does not
  // learn "nothing is interesting".
  const negativeMass = counts.disliked * signalWeights.disliked + counts.ignored * signalWeights.ignored;
  const positiveScale = counts.flagged > 0 ? Math.max(1, negativeMass / counts.flagged) : 1;
  const examples: Example[] = signals.map((signal, index) => ({
    ...localTfidf(documents[index] as CompiledTerms, localOf, idf),
    label: signal.kind === 'flagged' ? 1 : 0,
    weight:
      signal.kind === 'flagged'
        ? positiveScale * (1 + Math.log2(Math.max(1, signal.flags ?? 1)) * 0.5)
        : signalWeights[signal.kind],
  }));
  const linear = trainLogisticRegression(examples, globalOf.length);
  const name = (local: number) => reader.featureName(globalOf[local] as number);
  const locals = globalOf.map((_, local) => local);
  const strongest = [...locals]
    .sort((a, b) => Math.abs(linear.weights[b] as number) - Math.abs(linear.weights[a] as number))
    .slice(0, keptWeights);
  const weights = new Map(strongest.map((local) => [name(local), linear.weights[local] as number]));
  // The commonest features' idf (they dominate a vector's length); the rest read as rare.
  const commonest = [...locals].sort((a, b) => (idf[a] as number) - (idf[b] as number)).slice(0, keptIdf);
  const labels = new Map<string, string>();
  for (const feature of weights.keys())
    for (const part of feature.split(' ')) {
      const label = reader.labels.get(part);
      if (label) labels.set(part, label);
    }
  return {
    bias: linear.bias,
    weights,
    idf: {
      weights: new Map(commonest.map((local) => [name(local), idf[local] as number])),
      unseen: Math.log(1 + total) + 1,
    },
    labels,
    counts,
    trainedAt,
    fingerprint,
  };
}

/** `tfidfVector` for training: the same values, as typed arrays over the local indexes. */
function localTfidf(document: CompiledTerms, localOf: Int32Array, idf: Float64Array) {
  const size = document.ids.length;
  const indexes = new Int32Array(size);
  const values = new Float64Array(size);
  let squares = 0;
  for (let k = 0; k < size; k++) {
    const local = localOf[document.ids[k] as number] as number;
    const value = (1 + Math.log(document.counts[k] as number)) * (idf[local] as number);
    indexes[k] = local;
    values[k] = value;
    squares += value * value;
  }
  const norm = Math.sqrt(squares) || 1;
  for (let k = 0; k < size; k++) values[k] = (values[k] as number) / norm;
  return { indexes, values };
}

export const paperVector = (
  model: Pick<ChannelModel, 'idf'>,
  paper: Paper,
  reader?: PaperReader,
): SparseVector => tfidfVector(reader ? reader.terms(paper) : paperTerms(paper), model.idf);

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
