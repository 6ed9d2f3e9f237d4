/**
 * tf-idf vectors over a channel's own papers. The idf is learned with the model from the papers the channel
 * was shown, so a word every digest contains ("model", "language") weighs little and a word only some
 * contain weighs much. Vectors are sparse maps, L2-normalised, so a dot product is a cosine.
 */
import type { TermCounts } from './paper-features';

export type SparseVector = Map<string, number>;

export interface Idf {
  weights: Map<string, number>;
  /** For a feature the training papers never had: as rare as can be. */
  unseen: number;
}

export function learnIdf(documents: TermCounts[]): Idf {
  const documentFrequency = new Map<string, number>();
  for (const terms of documents)
    for (const feature of terms.keys())
      documentFrequency.set(feature, (documentFrequency.get(feature) ?? 0) + 1);
  const total = documents.length;
  const weights = new Map<string, number>();
  for (const [feature, frequency] of documentFrequency)
    weights.set(feature, Math.log((1 + total) / (1 + frequency)) + 1);
  return { weights, unseen: Math.log(1 + total) + 1 };
}

export function tfidfVector(terms: TermCounts, idf: Idf): SparseVector {
  const vector: SparseVector = new Map();
  let squares = 0;
  for (const [feature, count] of terms) {
    const value = (1 + Math.log(count)) * (idf.weights.get(feature) ?? idf.unseen);
    vector.set(feature, value);
    squares += value * value;
  }
  const norm = Math.sqrt(squares) || 1;
  for (const [feature, value] of vector) vector.set(feature, value / norm);
  return vector;
}

export function dot(a: SparseVector, b: SparseVector): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let sum = 0;
  for (const [feature, value] of small) sum += value * (large.get(feature) ?? 0);
  return sum;
}
