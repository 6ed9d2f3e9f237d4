/**
 * tf-idf vectors over a channel's own papers. The idf is learned with the model (channel-model.ts) from the
 * papers the channel was shown, so a word every digest contains ("model", "language") weighs little and a
 * word only some contain weighs much. Vectors are sparse maps, L2-normalised, so a dot product is a cosine.
 */
import type { TermCounts } from './paper-features';

export type SparseVector = Map<string, number>;

export interface Idf {
  weights: Map<string, number>;
  /** For a feature the training papers never had: as rare as can be. */
  unseen: number;
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
