import { afterAll, describe, expect, it } from 'vitest';
import { planQuery } from '../../src/search/query-plan';
import { editDistance } from '../../src/search/spelling-correction';
import { testStores } from '../support/test-stores';
import { fixtureStore } from './support/fixture-corpus';

describe.each(testStores)('query understanding ($name)', async ({ open }) => {
  const store = await fixtureStore(undefined, open);
  afterAll(async () => await store.close());
  const plan = async (text: string) => await planQuery(text, store.papers);
  const alternatives = async (text: string) =>
    (await plan(text)).clauses.map((clause) =>
      clause.alternatives.map((alternative) => alternative.words.join(' ')),
    );

  it('drops stopwords unless the query has nothing else', async () => {
    expect((await plan('why do llms fall short')).clauses.map((clause) => clause.typed)).toEqual([
      'llms',
      'fall',
      'short',
    ]);
    expect((await plan('the')).clauses.map((clause) => clause.typed)).toEqual(['the']);
  });

  it('treats hyphenated and joined compounds alike', async () => {
    expect(await alternatives('in-context')).toEqual([['in context']]);
    expect(await alternatives('frontend')).toEqual([['front end']]);
    expect(await alternatives('pretraining')).toEqual([['pretraining', 'pre training']]);
  });

  it('expands acronyms and recognises them spelled out', async () => {
    expect(await alternatives('RL')).toEqual([['rl', 'reinforcement learning']]);
    // LLM is no longer in the reviewed list: the fixtures' papers define it, and its mined long form is used.
    expect(await alternatives('llms')).toEqual([['llms', 'large language models']]);
    expect(await alternatives('reinforcement learning')).toEqual([['reinforcement learning', 'rl']]);
  });

  it('completes an unfinished last word, and corrects a typo, saying which', async () => {
    // `interpol` is the stem the index holds for "interpolation", so it is known; `watermar` is not.
    expect((await plan('interpol')).replaced).toEqual([]);
    expect((await plan('watermar')).replaced).toEqual([
      { typed: 'watermar', used: expect.arrayContaining(['watermarking']), how: 'completed' },
    ]);
    expect((await plan('watremarking')).replaced).toEqual([
      { typed: 'watremarking', used: ['watermarking'], how: 'corrected' },
    ]);
  });

  it('leaves out a word that nothing resembles and reports it', async () => {
    expect((await plan('diffusion qqqzzz')).ignored).toEqual(['qqqzzz']);
  });

  it('counts a swap of neighbouring letters as one edit', () => {
    expect(editDistance('watremark', 'watermark')).toBe(1);
    expect(editDistance('kazkh', 'kazakh')).toBe(1);
    expect(editDistance('model', 'modal')).toBe(1);
    expect(editDistance('grpah', 'graph')).toBe(1);
    expect(editDistance('graph', 'grasp')).toBe(2);
    expect(editDistance('loss', 'lose')).toBe(1);
    expect(editDistance('contrastive', 'contrast')).toBe(3);
  });
});
