import { afterEach, describe, expect, it } from 'vitest';
import type { Paper } from '../../src/records/paper';
import { corpusExpansions, isAcronymShaped } from '../../src/search/corpus-acronyms';
import { mineSpelledOut } from '../../src/search/initialism-mining';
import { createSearchService } from '../../src/search/search-service';
import type { AcronymDefinition } from '../../src/search-query/text-query';
import type { Store } from '../../src/store/store';
import { paper } from '../store/contract/contract-support';
import { testStores } from '../support/test-stores';

const spelled = (title: string, abstract = '') =>
  mineSpelledOut(title, abstract).map((found) => `${found.acronym}=${found.words.join(' ')}`);

describe('acronyms the papers spell out without defining them', () => {
  it('reads the initials of runs of title words, a stopword inside taken or skipped', () => {
    expect(spelled('Denoising Diffusion Probabilistic Models')).toContain(
      'ddpm=denoising diffusion probabilistic models',
    );
    expect(spelled('In-Datacenter Performance Analysis of a Tensor Processing Unit')).toContain(
      'tpu=tensor processing unit',
    );
    expect(spelled('Large Sample Properties of Generalized Method of Moments Estimators')).toContain(
      'gmm=generalized method of moments',
    );
    expect(spelled('On Lattices, Learning with Errors, Random Linear Codes')).toContain(
      'lwe=learning with errors',
    );
    // Every part of a hyphenated compound spells, even a stopword.
    expect(spelled('Trace-based Just-in-Time Type Specialization')).toContain('jit=just in time');
  });

  it('reads the capitalised runs of the abstract, not its lower-case prose', () => {
    const found = spelled('Chips', 'We evaluate the Tensor Processing Unit, a chip for neural networks.');
    expect(found).toContain('tpu=tensor processing unit');
    expect(spelled('Chips', 'we evaluate the tensor processing unit, a chip')).toEqual([]);
  });

  it('mines no English word, no run cut inside a compound, nothing across punctuation or numbers', () => {
    const found = spelled('Inference-Time Scaling: Legal Document Summarization with Long-Context Models');
    expect(found.some((entry) => entry.startsWith('its='))).toBe(false);
    expect(found.some((entry) => entry.endsWith(' long'))).toBe(false);
    expect(spelled('Kepler 90 Planet Search')).not.toContain('kps=kepler planet search');
    expect(
      spelled('Graph Neural Networks: Message Passing').some((entry) => entry.includes('networks message')),
    ).toBe(false);
  });
});

describe('how the planner uses spelled-out forms', () => {
  const form = (acronym: string, words: string, papers: number, isSpelled = false): AcronymDefinition => ({
    acronym,
    words: words.split(' '),
    papers,
    ...(isSpelled ? { spelled: true } : {}),
  });

  it('expands only words shaped like acronyms that are not English words', () => {
    expect(isAcronymShaped('tpu')).toBe(true);
    expect(isAcronymShaped('dsls')).toBe(true);
    expect(isAcronymShaped('its')).toBe(false);
    expect(isAcronymShaped('did')).toBe(false);
    expect(isAcronymShaped('ab')).toBe(false);
    const forms = [form('its', 'intelligent tutoring systems', 3, true)];
    expect(corpusExpansions('its', forms)).toEqual([]);
    expect(corpusExpansions('dkt', [form('dkt', 'deep knowledge tracing', 1, true)])).toEqual([
      { words: ['deep', 'knowledge', 'tracing'], spelled: true },
    ]);
  });

  it('ranks a spelled-out form below a definition, and drops it when many more papers write the acronym', () => {
    const forms = [
      form('rdd', 'regression discontinuity designs', 1, true),
      form('rdd', 'resilient distributed datasets', 1),
    ];
    expect(corpusExpansions('rdd', forms).map((entry) => entry.words.join(' '))).toEqual([
      'resilient distributed datasets',
      'regression discontinuity designs',
    ]);
    // Letters read inside a compound are the weaker reading: not beside a definition.
    const bpe = [
      form('bpe', 'byte pair encoding', 1),
      { ...form('bpe', 'back propagating errors', 1, true), compound: true },
    ];
    expect(corpusExpansions('bpe', bpe).map((entry) => entry.words.join(' '))).toEqual([
      'byte pair encoding',
    ]);
    expect(corpusExpansions('bpe', bpe.slice(1))).toHaveLength(1);
    const gpu = [form('gpu', 'graphical processing units', 1, true)];
    expect(corpusExpansions('gpu', gpu, 1)).toHaveLength(1);
    expect(corpusExpansions('gpu', gpu, 7)).toEqual([]);
  });
});

const papers: Paper[] = [
  paper('1506.05908', {
    title: 'Deep Knowledge Tracing',
    abstract: 'Recurrent networks model what a student knows as they work through exercises.',
  }),
  paper('1704.04760', {
    title: 'In-Datacenter Performance Analysis of a Tensor Processing Unit',
    abstract: 'A custom chip for the inference of neural networks, deployed since 2015.',
  }),
  paper('1904.00962', {
    title: 'Large Batch Optimization for Deep Learning',
    abstract: 'We train BERT in 76 minutes on a TPU pod with a layerwise adaptive optimizer.',
  }),
  paper('9504.00001', {
    title: 'Cognitive Tutors for Algebra',
    abstract: 'Intelligent tutoring systems follow each solution; its help is tailored to the student.',
  }),
];

describe.each(testStores)('$name store: search with the acronyms papers spell out', (testStore) => {
  let store: Store | undefined;
  afterEach(async () => await store?.close());

  it('finds a paper by an acronym it never writes, once the sync job has mined it, and a long form finds the acronym', async () => {
    store = await testStore.open();
    await store.papers.upsertMany(papers);
    const search = createSearchService(store);
    const ids = async (text: string) =>
      (await search.search({ text, limit: 5 })).hits.map((hit) => hit.paper.id);
    // Mining happens in the sync job's refresh, never in a search.
    expect(await ids('dkt')).toEqual([]);
    await store.papers.refreshSearch();
    expect(await ids('dkt')).toEqual(['1506.05908']);
    expect(await ids('DKT students')).toContain('1506.05908');
    expect((await ids('tpu'))[0]).toBe('1704.04760');
    expect(await ids('tpu')).toContain('1904.00962');
    // The long form typed also finds the paper that only writes the acronym.
    expect(await ids('tensor processing unit')).toEqual(expect.arrayContaining(['1704.04760', '1904.00962']));
    // An English word is never read as initials.
    expect(await ids('its')).not.toContain('1506.05908');
  });
});
