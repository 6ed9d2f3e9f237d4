/**
 * The search methods of the PostgreSQL store (PgPaperSearch over the weighted tsvector), each against its
 * contract in src/store/store.ts: on PGlite always, and on the server when TEST_DATABASE_URL is set. Where
 * SQLite's answer is the reference (the vocabulary, which papers match), the two stores are compared.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Paper } from '../../src/records/paper';
import { defaultDigestSettings } from '../../src/records/subscription';
import { vocabularyWords } from '../../src/search/search-text';
import type { TextClause, TextQuery } from '../../src/search-query/text-query';
import type { Store } from '../../src/store/store';
import { fixturePapers } from '../search/support/fixture-corpus';
import { makePaper } from '../support/papers';
import { testStores } from '../support/test-stores';

const word = (...words: string[]): TextClause => ({ alternatives: [{ words, adjacent: false }] });
const phrase = (...words: string[]): TextClause => ({ alternatives: [{ words, adjacent: true }] });
const query = (clauses: TextClause[], more: Partial<TextQuery> = {}): TextQuery => ({
  clauses,
  required: [],
  excluded: [],
  ...more,
});

const sqlite = testStores.find((kind) => kind.name === 'sqlite');
const postgresKinds = testStores.filter((kind) => kind.name !== 'sqlite');

describe.each(postgresKinds)('search on PostgreSQL ($name)', (kind) => {
  const opened: Store[] = [];
  const open = async (papers: Paper[] = [], of = kind) => {
    const store = await of.open();
    opened.push(store);
    if (papers.length > 0) await store.papers.upsertMany(papers);
    return store;
  };
  afterEach(async () => {
    for (const store of opened.splice(0)) await store.close();
  });
  const ids = async (store: Store, text: TextQuery, filters = {}, limit = 50) =>
    (await store.papers.searchText(text, filters, limit)).map((hit) => hit.paper.id);

  it('ranks a title match above a passing mention, by the field weights, and alike without them', async () => {
    const store = await open([
      makePaper('2410.00001', { abstract: 'We also touch on diffusion in one sentence of a long abstract.' }),
      makePaper('2410.00002', { title: 'Diffusion for everything' }),
      makePaper('2410.00003', { title: 'Graphs' }),
    ]);
    const hits = await store.papers.searchText(query([word('diffusion')]), {}, 10);
    expect(hits.map((hit) => hit.paper.id)).toEqual(['2410.00002', '2410.00001']);
    expect(hits[0]?.score).toBeGreaterThan(hits[1]?.score ?? Number.POSITIVE_INFINITY);
    const uniform = await store.papers.searchText(
      query([word('diffusion')], { fieldWeights: false }),
      {},
      10,
    );
    const ratio = (list: typeof hits) => (list[0]?.score ?? 0) / (list[1]?.score ?? 1);
    expect(ratio(uniform)).toBeLessThan(ratio(hits));
  });

  it('matches any scored clause, says which clauses (scored, then unscored) each paper matched, and keeps to the limit', async () => {
    const store = await open([
      makePaper('2410.00001', { title: 'Rollout survey' }),
      makePaper('2410.00002', { title: 'Rollout tricks', abstract: 'Notes on agents.' }),
      makePaper('2410.00003', { title: 'A survey of agents' }),
      makePaper('2410.00004', { title: 'Unrelated graphs' }),
    ]);
    const hits = await store.papers.searchText(
      query([word('rollout'), word('survey')], { unscored: [word('agents')] }),
      {},
      10,
    );
    const matched = new Map(hits.map((hit) => [hit.paper.id, [...hit.matched].sort()]));
    expect(matched).toEqual(
      new Map([
        ['2410.00001', [0, 1]],
        ['2410.00002', [0, 2]],
        ['2410.00003', [1, 2]],
      ]),
    );
    // The paper with both rare words is the best bm25-like match; an unscored clause does not widen the match.
    expect(hits[0]?.paper.id).toBe('2410.00001');
    expect(await ids(store, query([word('rollout'), word('survey')]), {}, 2)).toHaveLength(2);
    expect(await ids(store, query([], { unscored: [word('agents')] }))).toEqual([]);
  });

  it('weighs a rare clause above a common one, as bm25 does', async () => {
    const common = Array.from({ length: 8 }, (_, index) =>
      makePaper(`2410.1000${index}`, { title: `Language models part ${index}` }),
    );
    const store = await open([
      ...common,
      makePaper('2410.20001', { title: 'Language models', abstract: 'Plain.' }),
      makePaper('2410.20002', { title: 'Notes', abstract: 'A study of photosynthesis.' }),
    ]);
    const top = await ids(store, query([word('language'), word('photosynthesis')]), {}, 3);
    expect(top[0]).toBe('2410.20002');
  });

  it('requires quoted phrases adjacent and in order, leaves out excluded words, and reads alternatives', async () => {
    const store = await open([
      makePaper('2410.00001', { title: 'Large language models for code' }),
      makePaper('2410.00002', { title: 'Models of language, large and small' }),
      makePaper('2410.00003', { title: 'An LLM for code review' }),
      makePaper('2410.00004', { title: 'Code diffusion' }),
    ]);
    expect(await ids(store, query([word('code')], { required: [phrase('language', 'models')] }))).toEqual([
      '2410.00001',
    ]);
    expect((await ids(store, query([word('code')], { excluded: [word('diffusion')] }))).sort()).toEqual([
      '2410.00001',
      '2410.00003',
    ]);
    const llm: TextClause = {
      alternatives: [
        { words: ['large', 'language', 'models'], adjacent: true },
        { words: ['llm'], adjacent: false },
      ],
    };
    expect((await ids(store, query([llm]))).sort()).toEqual(['2410.00001', '2410.00003']);
    // All of a non-adjacent alternative's words, anywhere.
    expect(await ids(store, query([word('large', 'small')]))).toEqual(['2410.00002']);
    // Only a phrase: it ranks the papers as well as filtering them.
    expect(await ids(store, query([], { required: [phrase('code', 'review')] }))).toEqual(['2410.00003']);
    expect(await ids(store, query([]))).toEqual([]);
    expect(await ids(store, query([word('code')]), {}, 0)).toEqual([]);
  });

  it('stems as the porter tokenizer does, folds accents, and splits words at punctuation', async () => {
    const store = await open([
      makePaper('2410.00001', { title: 'Segments of images', authors: ['José Müller'] }),
      makePaper('2410.00002', { title: 'Qwen2.5-VL meets in-context learning' }),
      makePaper('2410.00003', { title: 'LLMs on GPUs' }),
      makePaper('2410.00004', { title: 'Vision\u2011language “grounding” ©2024' }),
    ]);
    expect(await ids(store, query([phrase('vision', 'language', 'grounding', '2024')]))).toEqual([
      '2410.00004',
    ]);
    expect(await ids(store, query([word('llm'), word('gpu')]))).toEqual(['2410.00003']);
    expect(await ids(store, query([word('segmented')]))).toEqual(['2410.00001']);
    expect(await ids(store, query([word('muller')]))).toEqual(['2410.00001']);
    expect(await ids(store, query([phrase('qwen2', '5', 'vl')]))).toEqual(['2410.00002']);
    expect(await ids(store, query([phrase('in', 'context')]))).toEqual(['2410.00002']);
    expect(await store.papers.indexedWords(['segmented', 'segmenting', 'photonic', 'context'])).toEqual(
      new Set(['segmented', 'segmenting', 'context']),
    );
  });

  it('lets the popularity prior choose the window, and not without a prior weight', async () => {
    const store = await open([
      makePaper('2410.00001', { title: 'Retrieval', upvotes: 0, batchDay: '2023-01-02' }),
      makePaper('2410.00002', { title: 'Retrieval', upvotes: 300, batchDay: '2024-10-25' }),
    ]);
    const plain = await store.papers.searchText(query([word('retrieval')]), {}, 1);
    const lifted = await store.papers.searchText(query([word('retrieval')], { priorWeight: 0.2 }), {}, 1);
    expect(plain.map((hit) => hit.paper.id)).toEqual(['2410.00001']);
    expect(lifted.map((hit) => hit.paper.id)).toEqual(['2410.00002']);
  });

  it('applies since, upvotes, names and paper ids exactly, with words and without', async () => {
    const store = await open([
      makePaper('2410.00001', {
        title: 'Attention sinks',
        authors: ['Pasquale Minervini'],
        upvotes: 20,
        batchDay: '2024-02-29',
      }),
      makePaper('2410.00002', {
        title: 'Minervini attention',
        authors: ['Alan Turing'],
        organization: { name: 'nvidia', fullname: 'NVIDIA', avatarUrl: null },
        upvotes: 19,
        batchDay: '2024-03-01',
      }),
      makePaper('2410.00003', {
        title: 'Attention again',
        upvotes: 21,
        batchDay: null,
        publishedAt: '2024-01-05T00:00:00Z',
      }),
    ]);
    const attention = query([word('attention')]);
    const both = async (filters: object) => ({
      words: (await ids(store, attention, filters)).sort(),
      none: (await store.papers.listFiltered(filters, 50, 0)).map((paper) => paper.id).sort(),
    });
    const same = (list: string[]) => ({ words: list, none: list });
    expect(await both({ sinceDay: '2024-02-29' })).toEqual(same(['2410.00001', '2410.00002']));
    expect(await both({ sinceDay: '2024-03-01' })).toEqual(same(['2410.00002']));
    expect(await both({ sinceDay: '2024-01-05' })).toEqual(same(['2410.00001', '2410.00002', '2410.00003']));
    expect(await both({ minUpvotes: 20 })).toEqual(same(['2410.00001', '2410.00003']));
    expect(await both({ authors: ['pasquale minervini'] })).toEqual(same(['2410.00001']));
    // A surname written first names the same person, as on SQLite (test/search/search-store.test.ts).
    expect(await both({ authors: ['Minervini Pasquale'] })).toEqual(same(['2410.00001']));
    expect(await both({ authors: ['Minervini', 'Turing'] })).toEqual(same([]));
    expect(await both({ organization: 'NVIDIA' })).toEqual(same(['2410.00002']));
    expect(await both({ organization: 'Turing' })).toEqual(same([]));
    expect(await both({ authors: ['…'] })).toEqual(same([]));
    expect(await both({ paperIds: ['2410.00003', '2410.00002'] })).toEqual(
      same(['2410.00002', '2410.00003']),
    );
    expect(await both({ paperIds: [] })).toEqual(same([]));
  });

  it('finds only papers the bot posted in the channel when asked for them', async () => {
    const store = await open(
      ['2410.00001', '2410.00002', '2410.00003'].map((id) => makePaper(id, { title: 'Posted paper' })),
    );
    const channel = { platform: 'slack', workspaceId: 'T1', channelId: 'C1' };
    const at = '2024-10-26T09:00:00Z';
    const subscription = await store.subscriptions.upsert(channel, defaultDigestSettings, at);
    const planned = ['2410.00001', '2410.00002'].map((paperId, rank) => ({
      paperId,
      state: 'pending' as const,
      reason: null,
      detail: null,
      rank,
    }));
    const run = await store.deliveries.createRun(subscription.id, '2024-10-26', '2024-10-25', planned, at);
    const [first] = await store.deliveries.outstanding(run.id);
    if (first) await store.deliveries.markSent(first.id, 'm1', null, at);
    const posted = { postedIn: channel };
    expect(await ids(store, query([word('posted')]), posted)).toEqual(['2410.00001']);
    expect((await store.papers.listFiltered(posted, 10, 0)).map((paper) => paper.id)).toEqual(['2410.00001']);
    const elsewhere = { postedIn: { ...channel, channelId: 'C2' } };
    expect(await ids(store, query([word('posted')]), elsewhere)).toEqual([]);
  });

  it('lists filtered papers most upvoted first, a page at a time', async () => {
    const store = await open(
      [5, 50, 0, 50, 7].map((upvotes, index) => makePaper(`2410.0000${index}`, { upvotes })),
    );
    const page = async (offset: number) =>
      (await store.papers.listFiltered({}, 2, offset)).map((paper) => paper.id);
    expect([...(await page(0)), ...(await page(2)), ...(await page(4))]).toEqual([
      '2410.00001',
      '2410.00003',
      '2410.00004',
      '2410.00000',
      '2410.00002',
    ]);
  });

  it('cuts snippets as FTS5 does: query words marked, an ellipsis where the excerpt is cut, the summary first', async () => {
    const abstract =
      'Current image watermarking methods are vulnerable to advanced image editing techniques enabled by large-scale ' +
      'text-to-image models. These models can distort embedded watermarks during editing, posing significant challenges to ' +
      'copyright protection. In this work, we introduce W-Bench, the first comprehensive benchmark designed to evaluate the ' +
      'robustness of watermarking methods against a wide range of image editing techniques.';
    const summary = 'A benchmark for watermark robustness under editing.';
    const store = await open([
      makePaper('2410.00001', { title: 'W-Bench', abstract }),
      makePaper('2410.00002', { title: 'W-Bench 2', abstract, aiSummary: summary }),
      makePaper('2410.00003', { title: 'Other', abstract: 'Graphs and more graphs.' }),
    ]);
    const snippets = await store.papers.snippets(query([], { unscored: [word('robustness')] }), [
      '2410.00001',
      '2410.00002',
      '2410.00003',
    ]);
    expect([...snippets.keys()].sort()).toEqual(['2410.00001', '2410.00002']);
    const cut = snippets.get('2410.00001') ?? '';
    expect(cut.startsWith('…')).toBe(true);
    expect(cut).toContain('\u0002robustness\u0003');
    expect(abstract).toContain(cut.replace(/^…|…$/g, '').replaceAll('\u0002', '').replaceAll('\u0003', ''));
    expect(cut.length).toBeLessThan(300);
    expect(snippets.get('2410.00002')?.replaceAll('\u0002', '').replaceAll('\u0003', '')).toBe(summary);
    const forms = await store.papers.snippets(query([word('watermarking')]), ['2410.00001']);
    const marked = (forms.get('2410.00001') ?? '')
      .split('\u0002')
      .slice(1)
      .map((part) => part.split('\u0003')[0]);
    expect(marked.length).toBeGreaterThanOrEqual(2);
    for (const form of marked) expect(form?.toLowerCase()).toMatch(/^watermark/);
    expect(await store.papers.snippets(query([word('graphs')]), [])).toEqual(new Map());
  });

  it('keeps the vocabulary in step with the papers, as the index is', async () => {
    const store = await open([makePaper('2410.00001', { title: 'Quantum annealing for sparse retrieval' })]);
    expect(await store.papers.wordCounts(['annealing', 'retrieval', 'photonic'])).toEqual(
      new Map([
        ['annealing', 1],
        ['retrieval', 1],
      ]),
    );
    await store.papers.upsertMany([
      makePaper('2410.00001', { title: 'Photonic chips for sparse retrieval', upvotes: 60 }),
      makePaper('2410.00002', { title: 'Sparse retrieval, again' }),
    ]);
    expect(await store.papers.wordCounts(['annealing', 'retrieval', 'photonic'])).toEqual(
      new Map([
        ['retrieval', 2],
        ['photonic', 1],
      ]),
    );
    expect(await ids(store, query([word('annealing')]))).toEqual([]);
    expect(await ids(store, query([word('photonic')]), { minUpvotes: 50 })).toEqual(['2410.00001']);
    expect(await store.papers.wordsNear('photonc')).toEqual(new Map([['photonic', 1]]));
    expect(await store.papers.wordsNear('annealing')).toEqual(new Map());
    expect(await store.papers.wordsStartingWith('spa', 5)).toEqual(new Map([['sparse', 2]]));
  });

  it('keeps the vocabulary exact when instances save papers sharing words at once', async () => {
    const instances = await kind.openShared(3);
    opened.push(...instances);
    const papersOf = (instance: number) =>
      Array.from({ length: 20 }, (_, index) =>
        makePaper(`2410.${instance}${String(index).padStart(4, '0')}`, {
          title: `Shared zebra words ${index % 2 === 0 ? 'alpha' : 'omega'} kappa${index}`,
        }),
      );
    await Promise.all(instances.map((store, instance) => store.papers.upsertMany(papersOf(instance))));
    const [first] = instances;
    expect(await first?.papers.wordCounts(['zebra', 'alpha', 'omega', 'kappa3'])).toEqual(
      new Map([
        ['zebra', 60],
        ['alpha', 30],
        ['omega', 30],
        ['kappa3', 3],
      ]),
    );
  });

  it.runIf(sqlite)('agrees with SQLite on the vocabulary and on which papers match', async () => {
    const papers = fixturePapers();
    const postgres = await open(papers);
    const reference = await open(papers, sqlite);
    const words = ['watermarking', 'hallucinations', 'kazakh', 'minervini', 'mhuglab', 'classifiers', 'the'];
    expect(await postgres.papers.wordCounts(words)).toEqual(await reference.papers.wordCounts(words));
    for (const [typo, edits] of [
      ['hallucinatons', 1],
      ['qantizaton', 2],
      ['watermarkign', 1],
    ] as const)
      expect(await postgres.papers.wordsNear(typo, edits)).toEqual(
        await reference.papers.wordsNear(typo, edits),
      );
    for (const prefix of ['wat', 'hallu', 'kaz', 'x'])
      expect(await postgres.papers.wordsStartingWith(prefix, 6)).toEqual(
        await reference.papers.wordsStartingWith(prefix, 6),
      );
    const typed = ['segmented', 'hallucinated', 'watermarks', 'kazakhstan', 'zzzz'];
    expect(await postgres.papers.indexedWords(typed)).toEqual(await reference.papers.indexedWords(typed));
    for (const clauses of [
      [word('hallucinations')],
      [word('contrastive'), word('loss')],
      [phrase('speech', 'recognition')],
      [word('kazakh', 'speech')],
    ]) {
      const matching = async (store: Store) => (await ids(store, query(clauses), {}, 100)).sort();
      expect(await matching(postgres), JSON.stringify(clauses)).toEqual(await matching(reference));
    }
  });

  it.runIf(sqlite)(
    'tokenizes and stems as FTS5 does: fixture words match the same papers in both stores',
    async () => {
      const papers = fixturePapers();
      const postgres = await open(papers);
      const reference = await open(papers, sqlite);
      const vocabulary = [
        ...vocabularyWords(papers.flatMap((paper) => [paper.title, paper.abstract, paper.aiSummary])),
      ];
      const sample = vocabulary.filter((_, index) => index % 8 === 0);
      expect(sample.length).toBeGreaterThan(100);
      const differing: string[] = [];
      for (const typed of sample) {
        const matching = async (store: Store) =>
          (await ids(store, query([word(typed)]), {}, 100)).sort().join();
        if ((await matching(postgres)) !== (await matching(reference))) differing.push(typed);
      }
      expect(differing).toEqual([]);
    },
  );

  it('keeps each store to its own schema: another store on the same database sees none of its papers', async () => {
    const first = await open([makePaper('2410.00001', { title: 'Photonic chips' })]);
    const second = await open([makePaper('2410.00002', { title: 'Photonic lasers' })]);
    expect(await ids(first, query([word('photonic')]))).toEqual(['2410.00001']);
    expect(await ids(second, query([word('photonic')]))).toEqual(['2410.00002']);
    expect(await second.papers.wordCounts(['chips', 'lasers'])).toEqual(new Map([['lasers', 1]]));
  });
});
