/** A channel model to and from the JSON the store keeps (numbers rounded: 4 digits are plenty for a rank). */
import type { StoredModel } from '../store/store';
import type { ChannelModel } from './channel-model';

interface ModelJson {
  version: 1;
  bias: number;
  weights: Array<[string, number]>;
  idf: Array<[string, number]>;
  unseenIdf: number;
  labels: Array<[string, string]>;
  counts: ChannelModel['counts'];
  trainedAt: string;
  fingerprint: string;
}

const round = (value: number) => Math.round(value * 10_000) / 10_000;

export function encodeModel(model: ChannelModel): string {
  const json: ModelJson = {
    version: 1,
    bias: round(model.bias),
    weights: [...model.weights].map(([feature, weight]) => [feature, round(weight)]),
    idf: [...model.idf.weights].map(([feature, weight]) => [feature, round(weight)]),
    unseenIdf: round(model.idf.unseen),
    labels: [...model.labels],
    counts: model.counts,
    trainedAt: model.trainedAt,
    fingerprint: model.fingerprint,
  };
  return JSON.stringify(json);
}

/** Null for anything this version cannot read: the model is then trained again, nothing is lost. */
export function decodeModel(text: string): ChannelModel | null {
  try {
    const json = JSON.parse(text) as ModelJson;
    if (json.version !== 1) return null;
    return {
      bias: json.bias,
      weights: new Map(json.weights),
      idf: { weights: new Map(json.idf), unseen: json.unseenIdf },
      labels: new Map(json.labels),
      counts: json.counts,
      trainedAt: json.trainedAt,
      fingerprint: json.fingerprint,
    };
  } catch {
    return null;
  }
}

/** The model as the store keeps it: its text, and the fingerprint and training time beside it. */
export const storedModel = (model: ChannelModel): StoredModel => ({
  text: encodeModel(model),
  fingerprint: model.fingerprint,
  trainedAt: model.trainedAt,
});

/** The channel's model read back from the store (null when none is kept, or this version cannot read it). */
export const modelFromStore = (text: string | null): ChannelModel | null =>
  text === null ? null : decodeModel(text);
