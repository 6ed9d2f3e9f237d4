import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/clock';
import { PaperboyError } from '../../src/errors';
import { RequestGate } from '../../src/sources/arxiv/arxiv-gate';
import { type ArxivSourceOptions, createArxivSource } from '../../src/sources/arxiv/arxiv-source';
import { type FakeArxiv, startFakeArxiv } from '../fakes/arxiv/fake-arxiv-server';

const log = pino({ level: 'silent' });
const interval = 40;
// Monday 2 November 2026 (the Sunday-evening mailing); the clock stands after its announcement.
const monday = '2026-11-02';
const afterMonday = { now: () => new Date('2026-11-03T12:00:00Z') };

describe('arXiv source', () => {
  let arxiv: FakeArxiv;
  const source = (overrides: Partial<ArxivSourceOptions> = {}) =>
    createArxivSource({
      feedBaseUrl: arxiv.feedBaseUrl,
      apiBaseUrl: arxiv.apiBaseUrl,
      contact: 'lab@example.org',
      clock: afterMonday,
      minIntervalMs: interval,
      logger: log,
      gate: new RequestGate(),
      retryBudgetMs: 5_000,
      ...overrides,
    });

  beforeEach(async () => {
    arxiv = await startFakeArxiv({ minIntervalMs: interval });
  });
  afterEach(async () => {
    await arxiv.close();
  });

  it('reads each announce type from the feed and marks replacements, never as new', async () => {
    arxiv.setDay('cs.RO', monday, [
      {
        id: '2611.00001',
        announceType: 'new',
        authors: ['Ada Lovelace', 'Grace Hopper'],
        title: 'Walking  robots',
      },
      { id: '2611.00002', announceType: 'cross', categories: ['cs.LG', 'cs.RO'] },
      { id: '2609.00003', announceType: 'replace', version: 3 },
      { id: '2608.00004', announceType: 'replace-cross', version: 2, categories: ['cs.CV', 'cs.RO'] },
    ]);
    const day = await source().fetchAnnouncements('cs.RO', monday);
    expect(day.rejected).toEqual([]);
    expect(
      day.entries.map((entry) => [entry.paper.id, entry.announceType, entry.version, entry.primaryCategory]),
    ).toEqual([
      ['2611.00001', 'new', 1, 'cs.RO'],
      ['2611.00002', 'cross', 1, 'cs.LG'],
      ['2609.00003', 'replace', 3, 'cs.RO'],
      ['2608.00004', 'replace-cross', 2, 'cs.CV'],
    ]);
    const first = day.entries[0]?.paper;
    expect(first).toMatchObject({
      title: 'Walking robots',
      authors: ['Ada Lovelace', 'Grace Hopper'],
      abstract: 'The abstract of 2611.00001.',
      batchDay: monday,
      upvotes: 0,
      organization: null,
      numComments: null,
      publishedAt: '2026-11-02T01:00:00.000Z',
    });
    expect(day.entries[1]?.categories).toEqual(['cs.LG', 'cs.RO']);
  });

  it('refuses malformed entries with a reason and keeps the rest', async () => {
    const item = (body: string) => `    <item>\n${body}\n    </item>`;
    arxiv.setDay('cs.LG', monday, [
      { id: '2611.00010' },
      { id: 'x', rawItem: item('<title>No id</title><description>Nothing here</description>') },
      {
        id: 'x',
        rawItem: item(
          '<title>Bad id</title><description>arXiv:not-an-id Announce Type: new \nAbstract: x</description>',
        ),
      },
      {
        id: 'x',
        rawItem: item(
          '<title></title><description>arXiv:2611.00011v1 Announce Type: new \nAbstract: x</description><arxiv:announce_type>new</arxiv:announce_type>',
        ),
      },
      {
        id: 'x',
        rawItem: item(
          '<title>Odd type</title><description>arXiv:2611.00012v1 Announce Type: weird \nAbstract: x</description><arxiv:announce_type>weird</arxiv:announce_type>',
        ),
      },
    ]);
    const day = await source().fetchAnnouncements('cs.LG', monday);
    expect(day.entries.map((entry) => entry.paper.id)).toEqual(['2611.00010']);
    expect(day.skipped).toBe(4);
    expect(day.rejected).toEqual([
      { sourceId: null, paperId: null, reason: 'it has no arXiv id' },
      {
        sourceId: 'not-an-id',
        paperId: null,
        reason: 'its id "not-an-id" is not an arXiv id (such as 2410.17243 or cs/0112017)',
      },
      { sourceId: '2611.00011v1', paperId: '2611.00011', reason: 'it has no title' },
      {
        sourceId: '2611.00012v1',
        paperId: '2611.00012',
        reason: 'its announce type "weird" is not new, cross, replace or replace-cross',
      },
    ]);
  });

  it('answers a weekend or holiday with no entries and no request', async () => {
    const arx = source();
    expect((await arx.fetchAnnouncements('cs.LG', '2026-11-07')).entries).toEqual([]);
    // Friday after Thanksgiving: no Thursday-evening mailing.
    expect((await arx.fetchAnnouncements('cs.LG', '2026-11-27')).entries).toEqual([]);
    expect(arxiv.requests).toEqual([]);
  });

  it('reads an empty feed on a mailing day as an empty day', async () => {
    arxiv.setDay('cs.LG', monday, []);
    const day = await source().fetchAnnouncements('cs.LG', monday);
    expect(day).toMatchObject({ day: monday, entries: [], skipped: 0 });
  });

  it('says a mailing that has not gone out yet is not there, without asking', async () => {
    const early = source({ clock: { now: () => new Date('2026-11-02T00:30:00Z') } });
    await expect(early.fetchAnnouncements('cs.LG', monday)).rejects.toMatchObject({
      code: 'source_unavailable',
    });
    expect(arxiv.requests).toEqual([]);
  });

  it('reads a day the feed no longer serves from the export API by its submission window', async () => {
    arxiv.setDay('cs.LG', monday, [
      { id: '2611.00020' },
      { id: '2611.00021', announceType: 'cross', categories: ['stat.ML', 'cs.LG'] },
    ]);
    arxiv.setDay('cs.LG', '2026-11-03', [{ id: '2611.00030' }]);
    arxiv.setCurrentDay('2026-11-03');
    const arx = source({ clock: { now: () => new Date('2026-11-04T12:00:00Z') } });
    const day = await arx.fetchAnnouncements('cs.LG', monday);
    expect(day.entries.map((entry) => [entry.paper.id, entry.announceType])).toEqual([
      ['2611.00020', 'new'],
      ['2611.00021', 'cross'],
    ]);
    expect(arxiv.requests.map((request) => request.path.split('?')[0])).toEqual(['/rss/cs.LG', '/api/query']);
  });

  it('retries a day that fails with 500 and says so in one line when it keeps failing', async () => {
    arxiv.setDay('cs.LG', monday, [{ id: '2611.00040' }]);
    arxiv.failDay('cs.LG', monday);
    const error = await source({ retryBudgetMs: 400, random: () => 0 })
      .fetchAnnouncements('cs.LG', monday)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PaperboyError);
    expect((error as PaperboyError).code).toBe('source_unavailable');
    expect((error as PaperboyError).message).toMatch(/HTTP 500 after \d+ attempt/);
    expect(arxiv.requests.length).toBeGreaterThan(1);
  });

  it('fetches one paper by id from the export API, and null for an unknown one', async () => {
    arxiv.setDay('cs.LG', monday, [{ id: '2611.00050', title: 'A paper', authors: ['Alan Turing'] }]);
    const arx = source();
    const paper = await arx.fetchPaper('2611.00050');
    expect(paper).toMatchObject({
      id: '2611.00050',
      title: 'A paper',
      authors: ['Alan Turing'],
      batchDay: monday,
      upvotes: 0,
    });
    expect(await arx.fetchPaper('2611.09999')).toBeNull();
  });

  it('back-fills a range page by page with progress, new and cross, without replacements', async () => {
    const days = ['2026-11-02', '2026-11-03', '2026-11-04', '2026-11-05', '2026-11-06'];
    days.forEach((day, d) => {
      arxiv.setDay('cs.LG', day, [
        ...Array.from({ length: 5 }, (_, i) => ({ id: `2611.0${d}${i}01` })),
        { id: `2609.0${d}999`, announceType: 'replace' as const },
      ]);
      arxiv.setDay('cs.RO', day, [{ id: `2611.1${d}001`, announceType: 'new' as const }]);
    });
    const progress: Array<[number, number]> = [];
    const entries = await source({ pageSize: 7 }).fetchRange(
      ['cs.LG', 'cs.RO'],
      '2026-11-02',
      '2026-11-06',
      (done, total) => progress.push([done, total]),
    );
    expect(entries).toHaveLength(30);
    expect(new Set(entries.map((entry) => entry.paper.batchDay))).toEqual(new Set(days));
    expect(entries.every((entry) => entry.announceType === 'new')).toBe(true);
    expect(progress).toEqual([
      [7, 30],
      [14, 30],
      [21, 30],
      [28, 30],
      [30, 30],
    ]);
  });

  it('keeps every request at least the interval apart across sources, measured by the fake', async () => {
    arxiv.setDay('cs.LG', monday, [{ id: '2611.00060' }]);
    const gate = new RequestGate();
    const a = source({ gate });
    const b = source({ gate });
    await Promise.all([
      a.fetchAnnouncements('cs.LG', monday),
      b.fetchAnnouncements('cs.LG', monday),
      a.fetchPaper('2611.00060'),
      b.fetchPaper('2611.00060'),
      a.fetchRange(['cs.LG'], monday, monday),
    ]);
    expect(arxiv.requests.length).toBe(5);
    expect(arxiv.requests.every((request) => request.status === 200)).toBe(true);
    expect(arxiv.minGapMs()).toBeGreaterThanOrEqual(interval);
  });

  it('waits on the injected timers: with fake ones no real time passes between requests', async () => {
    arxiv.setMinInterval(0);
    arxiv.setDay('cs.LG', monday, [{ id: '2611.00070' }]);
    const waits: number[] = [];
    let now = 0;
    const arx = source({
      minIntervalMs: 3000,
      timers: {
        now: () => now,
        sleep: async (ms) => {
          waits.push(ms);
          now += ms;
        },
      },
    });
    await arx.fetchPaper('2611.00070');
    await arx.fetchPaper('2611.00070');
    await arx.fetchPaper('2611.00070');
    expect(waits).toEqual([3000, 3000]);
  });

  it('backs off when arXiv answers too soon with 503 and Retry-After, then succeeds', async () => {
    arxiv.setDay('cs.LG', monday, [{ id: '2611.00080' }]);
    arxiv.setMinInterval(1000);
    const waits: number[] = [];
    // A client that ignores the rule (no gate interval) meets the fake's 503s and honours Retry-After.
    const arx = source({
      minIntervalMs: 0,
      clock: systemClock,
      timers: {
        now: () => performance.now(),
        sleep: async (ms) => {
          waits.push(ms);
          await new Promise((resolve) => setTimeout(resolve, 1000));
        },
      },
    });
    await arx.fetchPaper('2611.00080');
    await arx.fetchPaper('2611.00080');
    expect(arxiv.requests.map((request) => request.status)).toEqual([200, 503, 200]);
    expect(waits).toEqual([1000]);
  });

  it('names paperboy and the contact in the User-Agent', async () => {
    arxiv.setDay('cs.LG', monday, []);
    await source({ version: '1.2.3', homepage: 'https://example.org/paperboy' }).fetchAnnouncements(
      'cs.LG',
      monday,
    );
    expect(arxiv.requests[0]?.userAgent).toBe(
      'paperboy/1.2.3 (+https://example.org/paperboy; mailto:lab@example.org)',
    );
  });

  it('reports an API error entry as a bad answer in words', async () => {
    await expect(source().fetchPaper('1234.123456')).rejects.toThrow(/incorrect id format/);
  });
});
