import { describe, expect, it } from 'vitest';
import { testStores } from '../../support/test-stores';
import { paper, useStore } from './contract-support';

describe.each(testStores)('$name store: papers', (testStore) => {
  const store = useStore(testStore);

  it('inserts new papers and counts them', async () => {
    expect(await store().papers.upsertMany([paper('2410.00001'), paper('2410.00002')])).toEqual({
      inserted: 2,
      updated: 0,
    });
    expect(await store().papers.count()).toBe(2);
    expect(await store().papers.upsertMany([])).toEqual({ inserted: 0, updated: 0 });
  });

  it('counts papers added by upsertMany and by saveDay, and not those of a failed save', async () => {
    expect(await store().papers.count()).toBe(0);
    await store().saveDay({
      day: '2024-10-25',
      papers: [paper('2410.00001'), paper('2410.00002')],
      rejected: [],
      fetchedAt: 'x',
    });
    expect(await store().papers.count()).toBe(2);
    await store().papers.upsertMany([paper('2410.00002'), paper('2410.00003')]);
    expect(await store().papers.count()).toBe(3);
    await store()
      .saveDay({
        day: '2024-10-26',
        papers: [paper('2410.00004')],
        rejected: [{ sourceId: 'x', paperId: null, reason: null as unknown as string }],
        fetchedAt: 'x',
      })
      .catch(() => undefined);
    expect(await store().papers.count()).toBe(3);
  });

  it('reads back every field of a paper as it was stored', async () => {
    const full = paper('2410.00010', {
      authors: ['Ada Lovelace', 'Alan Turing'],
      organization: { name: 'nvidia', fullname: 'NVIDIA', avatarUrl: 'https://cdn.example/nvidia.png' },
      upvotes: 42,
      numComments: 3,
      aiSummary: 'A summary.',
      aiKeywords: ['diffusion', 'video'],
      githubUrl: 'https://github.com/x/y',
      githubStars: 7,
      projectPage: 'https://x.example',
      thumbnailUrl: 'https://cdn.example/t.png',
      mediaUrls: ['https://cdn.example/fig.png'],
      submittedBy: 'ada',
      discussionId: 'd1',
    });
    await store().papers.upsertMany([full]);
    expect(await store().papers.get('2410.00010')).toEqual(full);
    expect(await store().papers.get('2410.99999')).toBeNull();
  });

  it('refreshes upvotes, comments and stars of a paper seen again, without duplicating it', async () => {
    await store().papers.upsertMany([paper('2410.00002', { upvotes: 3, githubStars: 1 })]);
    expect(
      await store().papers.upsertMany([
        paper('2410.00002', { upvotes: 40, numComments: 5, githubStars: 90 }),
      ]),
    ).toEqual({ inserted: 0, updated: 1 });
    expect(await store().papers.count()).toBe(1);
    expect(await store().papers.get('2410.00002')).toMatchObject({
      upvotes: 40,
      numComments: 5,
      githubStars: 90,
    });
  });

  it('keeps an unknown comment count unknown, and never lets unknown overwrite a known count', async () => {
    await store().papers.upsertMany([
      paper('2410.00004', { numComments: null, mediaUrls: [], submittedBy: null }),
    ]);
    expect((await store().papers.get('2410.00004'))?.numComments).toBeNull();
    await store().papers.upsertMany([
      paper('2410.00004', { numComments: 7, mediaUrls: ['https://cdn.example/fig.png'], submittedBy: 'Ada' }),
    ]);
    await store().papers.upsertMany([
      paper('2410.00004', { numComments: null, mediaUrls: [], submittedBy: null }),
    ]);
    expect(await store().papers.get('2410.00004')).toMatchObject({
      numComments: 7,
      mediaUrls: ['https://cdn.example/fig.png'],
      submittedBy: 'Ada',
    });
  });

  it('keeps the first batch day and fills in text a later fetch has, never erasing it', async () => {
    await store().papers.upsertMany([
      paper('2410.00005', { batchDay: '2024-10-25', aiSummary: null, aiKeywords: [], githubUrl: null }),
    ]);
    await store().papers.upsertMany([
      paper('2410.00005', { batchDay: '2024-10-26', aiSummary: 'Now summarised.', aiKeywords: ['llm'] }),
    ]);
    await store().papers.upsertMany([
      paper('2410.00005', { batchDay: null, aiSummary: null, aiKeywords: [], title: 'Renamed' }),
    ]);
    expect(await store().papers.get('2410.00005')).toMatchObject({
      batchDay: '2024-10-25',
      aiSummary: 'Now summarised.',
      aiKeywords: ['llm'],
      title: 'Renamed',
    });
  });

  it('gets many papers in the order asked, leaving out unknown ids', async () => {
    await store().papers.upsertMany([paper('2410.00001'), paper('2410.00002'), paper('2410.00003')]);
    const many = await store().papers.getMany(['2410.00003', '2410.99999', '2410.00001']);
    expect(many.map((found) => found.id)).toEqual(['2410.00003', '2410.00001']);
    expect(await store().papers.getMany([])).toEqual([]);
  });

  it("lists a day's batch most upvoted first, ties by id", async () => {
    await store().papers.upsertMany([
      paper('2410.00003', { upvotes: 5 }),
      paper('2410.00001', { upvotes: 5 }),
      paper('2410.00002', { upvotes: 9 }),
      paper('2410.00004', { upvotes: 99 }),
    ]);
    await store().batches.record(
      '2024-10-25',
      ['2410.00001', '2410.00002', '2410.00003'],
      '2024-10-26T03:00:00Z',
    );
    expect((await store().papers.listByBatchDay('2024-10-25')).map((found) => found.id)).toEqual([
      '2410.00002',
      '2410.00001',
      '2410.00003',
    ]);
    expect(await store().papers.listByBatchDay('2024-10-24')).toEqual([]);
  });
});

describe.each(testStores)('$name store: papers shared by two instances', (testStore) => {
  it('upserting the same new papers from both at once inserts each once and updates it once', async () => {
    const [one, two] = await testStore.openShared(2);
    if (!one || !two) throw new Error('two stores expected');
    try {
      const ids = ['2410.00001', '2410.00002', '2410.00003', '2410.00004', '2410.00005'];
      const results = await Promise.all([
        one.papers.upsertMany(ids.map((id) => paper(id, { upvotes: 1 }))),
        two.papers.upsertMany(ids.map((id) => paper(id, { upvotes: 2 }))),
      ]);
      expect(results.reduce((sum, result) => sum + result.inserted, 0)).toBe(5);
      expect(results.reduce((sum, result) => sum + result.updated, 0)).toBe(5);
      expect(await two.papers.count()).toBe(5);
      expect(await one.papers.count()).toBe(5);
    } finally {
      await one.close();
      await two.close();
    }
  });

  it("counts every instance's failure of the same day", async () => {
    const [one, two] = await testStore.openShared(2);
    if (!one || !two) throw new Error('two stores expected');
    try {
      await Promise.all(
        [one, two, one, two].map(
          async (instance) =>
            await instance.sourceLog.recordDayFailure(
              '2024-10-25',
              'HTTP 503',
              '2024-10-26T00:00:00Z',
              (n) => `retry ${n}`,
            ),
        ),
      );
      expect(await one.sourceLog.dayFailure('2024-10-25')).toMatchObject({ failures: 4, retryAt: 'retry 4' });
    } finally {
      await one.close();
      await two.close();
    }
  });
});
