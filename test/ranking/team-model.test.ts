import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { CorpusPaper } from '../../bench/ranking/generate-ranking-corpus';
import { byPopularity } from '../../src/papers/paper-order';
import { blendOrder, modelShare, percentiles } from '../../src/ranking/blend';
import {
  modelScore,
  paperVector,
  type TrainingSignal,
  trainChannelModel,
} from '../../src/ranking/channel-model';
import { decodeModel, encodeModel } from '../../src/ranking/model-codec';
import { rankingReason } from '../../src/ranking/ranking-reason';

const corpus = JSON.parse(
  readFileSync(new URL('../fixtures/ranking-corpus.json', import.meta.url), 'utf8'),
) as CorpusPaper[];
const weekOf = (paper: CorpusPaper) => {
  const days = [...new Set(corpus.map((p) => p.batchDay))].sort();
  return Math.floor(days.indexOf(paper.batchDay) / 5) + 1;
};
const past = corpus.filter((paper) => weekOf(paper) <= 3);
const nextWeek = corpus.filter((paper) => weekOf(paper) === 4);
const isRobotics = (paper: CorpusPaper) => paper.topics[0] === 'robot-learning';
const signals: TrainingSignal[] = past.map((paper) => ({
  paper,
  kind: isRobotics(paper) ? 'flagged' : 'ignored',
}));

describe('the team model', () => {
  it('puts first, in the next week, the field a channel flagged in the weeks before', () => {
    const model = trainChannelModel(signals, '2024-09-23T00:00:00Z', 'test');
    const scores = nextWeek.map((paper) => modelScore(model, paperVector(model, paper)));
    const top = blendOrder(nextWeek, scores, 1).slice(0, 5);
    expect(top.filter(({ paper }) => isRobotics(paper as CorpusPaper)).length).toBeGreaterThanOrEqual(4);
    const byUpvotes = [...nextWeek].sort(byPopularity).slice(0, 5);
    expect(byUpvotes.filter(isRobotics).length).toBeLessThan(4);
  });

  it('is the upvote order exactly below 5 flags, and gives the model a growing share after', () => {
    expect([0, 1, 4].map((flags) => modelShare(flags))).toEqual([0, 0, 0]);
    const shares = [5, 8, 20, 100].map((flags) => modelShare(flags));
    expect(shares[0]).toBeGreaterThan(0);
    expect(shares).toEqual([...shares].sort((a, b) => a - b));
    expect(shares[3]).toBeLessThan(1);
    const model = trainChannelModel(signals.slice(0, 60), 'now', 'few');
    const scores = nextWeek.map((paper) => modelScore(model, paperVector(model, paper)));
    expect(blendOrder(nextWeek, scores, modelShare(4)).map(({ paper }) => paper.id)).toEqual(
      [...nextWeek].sort(byPopularity).map((paper) => paper.id),
    );
  });

  it('survives the store: a decoded model scores papers as the trained one does', () => {
    const model = trainChannelModel(signals, 'now', 'codec');
    const decoded = decodeModel(encodeModel(model));
    if (!decoded) throw new Error('the model did not decode');
    for (const paper of nextWeek.slice(0, 10)) {
      expect(modelScore(decoded, paperVector(decoded, paper))).toBeCloseTo(
        modelScore(model, paperVector(model, paper)),
        2,
      );
    }
    expect(decodeModel('{"version":99}')).toBeNull();
    expect(decodeModel('not json')).toBeNull();
  });

  it('explains a paper by the flagged papers close to it, or by what several of them share', () => {
    const model = trainChannelModel(signals, 'now', 'reason');
    const flagged = signals
      .filter((signal) => signal.kind === 'flagged')
      .map(({ paper }) => ({ paperId: paper.id, title: paper.title, vector: paperVector(model, paper) }));
    const robotics = nextWeek.find(isRobotics);
    if (!robotics) throw new Error('no robotics paper in week 4');
    expect(rankingReason(robotics, paperVector(model, robotics), model, flagged)).toMatch(
      /^close to \d+ papers this channel flagged: “.+”, “.+”$/,
    );
    expect(rankingReason(robotics, paperVector(model, robotics), model, [])).toBeNull();
  });

  it('turns scores into percentiles with ties sharing their place', () => {
    expect(percentiles([3, 1, 3, 2])).toEqual([5 / 6, 0, 5 / 6, 1 / 3]);
    expect(percentiles([7])).toEqual([1]);
  });
});
