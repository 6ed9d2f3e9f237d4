/**
 * L2-regularised logistic regression on sparse vectors, trained by AdaGrad stochastic gradient descent.
 *
 * Written here rather than taken from a library: the npm options (ml-logistic-regression, the TensorFlow.js
 * stack) work on dense matrices, and a channel's vectors have tens of thousands of dimensions with a few
 * hundred non-zeros each — dense, that is hundreds of megabytes for a model that sparse takes a few hundred
 * kilobytes and milliseconds. The method is the textbook one; a linear model also stays explainable: each
 * feature's weight says how much it pulls a paper up or down.
 */

import { seededRandom } from '../seeded-random';
import type { SparseVector } from './tfidf';

/** One training example, its features as indexes into the weight array (typed arrays: fast to sweep). */
export interface Example {
  indexes: Int32Array;
  values: Float64Array;
  label: 0 | 1;
  /** How much this example counts (a weak negative counts less than a flag). */
  weight: number;
}

export interface LinearModel {
  bias: number;
  weights: Map<string, number>;
}

export interface TrainingOptions {
  epochs?: number;
  learningRate?: number;
  /** L2 penalty per unit of example weight. */
  l2?: number;
  seed?: number;
}

export const sigmoid = (z: number) => 1 / (1 + Math.exp(-Math.max(-30, Math.min(30, z))));

export function linearScore(model: LinearModel, vector: SparseVector): number {
  let z = model.bias;
  for (const [feature, value] of vector) z += value * (model.weights.get(feature) ?? 0);
  return z;
}

/** Weights indexed as the examples' features are, and the bias. */
export function trainLogisticRegression(
  examples: Example[],
  dimensions: number,
  options: TrainingOptions = {},
): { bias: number; weights: Float64Array } {
  const epochs = options.epochs ?? 8;
  const rate = options.learningRate ?? 0.5;
  const l2 = options.l2 ?? 1e-3;
  const random = seededRandom(options.seed ?? 17);
  const weights = new Float64Array(dimensions);
  const squaredGradients = new Float64Array(dimensions).fill(1e-8);
  let bias = 0;
  let biasSquared = 1e-8;
  const order = examples.map((_, index) => index);
  for (let epoch = 0; epoch < epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j] as number, order[i] as number];
    }
    for (const index of order) {
      const { indexes, values, label, weight } = examples[index] as Example;
      let z = bias;
      for (let k = 0; k < indexes.length; k++)
        z += (values[k] as number) * (weights[indexes[k] as number] as number);
      const error = (sigmoid(z) - label) * weight;
      for (let k = 0; k < indexes.length; k++) {
        const feature = indexes[k] as number;
        const current = weights[feature] as number;
        const gradient = error * (values[k] as number) + l2 * weight * current;
        squaredGradients[feature] = (squaredGradients[feature] as number) + gradient * gradient;
        weights[feature] = current - (rate * gradient) / Math.sqrt(squaredGradients[feature] as number);
      }
      biasSquared += error * error;
      bias -= (rate * error) / Math.sqrt(biasSquared);
    }
  }
  return { bias, weights };
}
