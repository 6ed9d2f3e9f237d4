import { describe, expect, it } from 'vitest';
import type { ArxivDayEntry } from '../../../src/records/arxiv-listing';
import type { Paper } from '../../../src/records/paper';
import { defaultDigestSettings, storedDigestSources } from '../../../src/records/subscription';
import { testStores } from '../../support/test-stores';
import { channel, otherChannel, paper, useStore } from './contract-support';

/** A paper as the arXiv source gives it: nothing Hugging Face adds. */
const fromArxiv = (id: string, changes: Partial<Paper> = {}): Paper =>
  paper(id, {
    upvotes: 0,
    numComments: null,
    batchDay: '2024-10-28',
    title: `arXiv title ${id}`,
    ...changes,
  });

const entry = (
  id: string,
  kind: ArxivDayEntry['kind'] = 'new',
  categories = ['cs.LG', 'cs.AI'],
  changes: Partial<Paper> = {},
): ArxivDayEntry => ({
  paper: fromArxiv(id, changes),
  kind,
  primaryCategory: categories[0] ?? 'cs.LG',
  categories,
});

/** What Hugging Face lists of the same paper. */
const fromHf = (id: string) =>
  paper(id, {
    upvotes: 42,
    numComments: 3,
    organization: { name: 'lab', fullname: 'The Lab', avatarUrl: null },
    mediaUrls: ['https://cdn.example/video.mp4'],
    discussionId: 'd123',
    submittedBy: 'ada',
    aiSummary: 'A summary.',
    batchDay: '2024-10-29',
  });

const hfFields = {
  upvotes: 42,
  numComments: 3,
  organization: { name: 'lab', fullname: 'The Lab', avatarUrl: null },
  mediaUrls: ['https://cdn.example/video.mp4'],
  discussionId: 'd123',
  submittedBy: 'ada',
  aiSummary: 'A summary.',
  batchDay: '2024-10-29',
};

const monday = '2024-10-28';
const at = '2024-10-28T01:00:00.000Z';

describe.each(testStores)('$name store: arXiv listings and one paper per arXiv id', (testStore) => {
  const store = useStore(testStore);

  it('arXiv then Hugging Face: the HF listing adds its fields to the same paper and keeps the categories', async () => {
    await store().arxiv.saveDay('cs.LG', monday, [entry('2410.00001')], at);
    await store().saveDay({ day: '2024-10-29', papers: [fromHf('2410.00001')], rejected: [], fetchedAt: at });
    expect(await store().papers.count()).toBe(1);
    const stored = await store().papers.get('2410.00001');
    expect(stored).toMatchObject({
      ...hfFields,
      arxiv: { primaryCategory: 'cs.LG', categories: ['cs.LG', 'cs.AI'] },
    });
    const [listed] = await store().arxiv.listingsFor(['cs.LG'], monday);
    expect(listed?.paper.upvotes).toBe(42);
  });

  it('Hugging Face then arXiv: the arXiv listing refreshes the text and keeps every HF field', async () => {
    await store().saveDay({ day: '2024-10-29', papers: [fromHf('2410.00001')], rejected: [], fetchedAt: at });
    await store().arxiv.saveDay(
      'cs.RO',
      monday,
      [entry('2410.00001', 'replacement', ['cs.RO', 'cs.LG'], { title: 'Version two' })],
      at,
    );
    expect(await store().papers.count()).toBe(1);
    expect(await store().papers.get('2410.00001')).toMatchObject({
      ...hfFields,
      title: 'Version two',
      arxiv: { primaryCategory: 'cs.RO', categories: ['cs.RO', 'cs.LG'] },
    });
  });

  it('a paper only Hugging Face listed reads back without an arXiv filing', async () => {
    await store().papers.upsertMany([fromHf('2410.00002')]);
    expect((await store().papers.get('2410.00002'))?.arxiv).toBeUndefined();
    expect((await store().papers.get('2410.00002'))?.upvotes).toBe(42);
  });

  it('keeps each mailing with its kinds and places; a paper in several categories is listed once, at its best', async () => {
    await store().arxiv.saveDay(
      'cs.LG',
      monday,
      [
        entry('2410.00001'),
        entry('2410.00003', 'cross', ['cs.RO', 'cs.LG']),
        entry('2409.00009', 'replacement'),
      ],
      at,
    );
    await store().arxiv.saveDay(
      'cs.RO',
      monday,
      [entry('2410.00003', 'new', ['cs.RO', 'cs.LG']), entry('2410.00004', 'new', ['cs.RO'])],
      at,
    );
    const lg = await store().arxiv.listingsFor(['cs.LG'], monday);
    expect(lg.map((listing) => [listing.paper.id, listing.kind, listing.position])).toEqual([
      ['2410.00001', 'new', 0],
      ['2410.00003', 'cross', 1],
      ['2409.00009', 'replacement', 2],
    ]);
    const both = await store().arxiv.listingsFor(['cs.LG', 'cs.RO'], monday);
    expect(both.map((listing) => [listing.paper.id, listing.category, listing.kind])).toEqual([
      ['2410.00001', 'cs.LG', 'new'],
      ['2410.00003', 'cs.RO', 'new'],
      ['2410.00004', 'cs.RO', 'new'],
      ['2409.00009', 'cs.LG', 'replacement'],
    ]);
    expect(await store().arxiv.listingsFor(['cs.LG'], '2024-10-29')).toEqual([]);
    expect(await store().arxiv.listingsFor([], monday)).toEqual([]);
    expect(await store().arxiv.listingsOf('2410.00003')).toEqual([
      { category: 'cs.LG', day: monday, kind: 'cross', position: 1 },
      { category: 'cs.RO', day: monday, kind: 'new', position: 0 },
    ]);
  });

  it('a mailing fetched again replaces its listing and stays one stored day; an empty mailing is stored too', async () => {
    await store().arxiv.saveDay('cs.LG', monday, [entry('2410.00001'), entry('2410.00002')], at);
    const second = await store().arxiv.saveDay(
      'cs.LG',
      monday,
      [entry('2410.00002'), entry('2410.00005'), entry('2410.00002')],
      '2024-10-28T02:00:00.000Z',
    );
    expect(second).toEqual({ inserted: 1, updated: 1 });
    expect((await store().arxiv.listingsFor(['cs.LG'], monday)).map((listing) => listing.paper.id)).toEqual([
      '2410.00002',
      '2410.00005',
    ]);
    await store().arxiv.saveDay('cs.LG', '2024-10-25', [], at);
    expect(await store().arxiv.storedDays('cs.LG')).toEqual(['2024-10-25', monday]);
    expect(await store().arxiv.storedDays('cs.RO')).toEqual([]);
    expect(await store().arxiv.storedDay('cs.LG', monday)).toEqual({
      category: 'cs.LG',
      day: monday,
      entryCount: 2,
      fetchedAt: '2024-10-28T02:00:00.000Z',
    });
    expect(await store().arxiv.storedDay('cs.LG', '2024-10-29')).toBeNull();
  });

  it('an arXiv listing does not give the paper a Daily Papers day (its mailing day is the listing’s)', async () => {
    await store().arxiv.saveDay('cs.LG', monday, [entry('2410.00001')], at);
    expect((await store().papers.get('2410.00001'))?.batchDay).toBeNull();
    expect(await store().papers.listByBatchDay(monday)).toEqual([]);
  });

  it('stores an arXiv subscription with its categories, and runs of every stored source', async () => {
    const arxiv = await store().subscriptions.upsert(
      channel,
      { ...defaultDigestSettings, source: 'arxiv', categories: ['cs.LG', 'cs.RO'] },
      at,
    );
    expect(arxiv).toMatchObject({ source: 'arxiv', categories: ['cs.LG', 'cs.RO'] });
    expect(await store().subscriptions.get(channel)).toMatchObject({ categories: ['cs.LG', 'cs.RO'] });
    const daily = await store().subscriptions.upsert(otherChannel, defaultDigestSettings, at);
    expect(daily.categories).toEqual([]);
    // The schemas' CHECK lists agree with the TypeScript list of stored sources.
    for (const [index, source] of storedDigestSources.entries()) {
      const run = await store().deliveries.createRun(
        arxiv.id,
        `2024-11-0${index + 1}`,
        monday,
        [],
        at,
        source,
      );
      expect(run.source).toBe(source);
      await store().subscriptions.upsert(channel, { ...defaultDigestSettings, source }, at);
      expect((await store().subscriptions.get(channel))?.source).toBe(source);
    }
  });
});
