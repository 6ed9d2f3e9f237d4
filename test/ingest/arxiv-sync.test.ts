import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock';
import { openSqliteStore } from '../../src/engines/sqlite/sqlite-store';
import { PaperboyError } from '../../src/errors';
import { createArxivSync } from '../../src/ingest/arxiv-sync';
import { RequestGate } from '../../src/sources/arxiv/arxiv-gate';
import { createArxivSource } from '../../src/sources/arxiv/arxiv-source';
import type { Store } from '../../src/store/store';
import { type FakeArxiv, startFakeArxiv } from '../fakes/arxiv/fake-arxiv-server';
import { makePaper } from '../support/papers';

const log = pino({ level: 'silent' });
// Monday 2 November 2026: announced at 20:00 Eastern on Sunday the 1st (EST), 01:00 UTC on the 2nd.
const monday = '2026-11-02';
const announcedAt = '2026-11-02T01:00:00.000Z';

async function thrown(work: () => Promise<unknown>): Promise<PaperboyError> {
  try {
    await work();
  } catch (error) {
    return error as PaperboyError;
  }
  throw new Error('expected it to fail');
}

describe('arXiv sync', () => {
  let arxiv: FakeArxiv;
  let store: Store;
  let clock: ManualClock;
  // One gate for the test, as the process has one: every sync's requests keep to the fake's interval.
  let gate: RequestGate;
  const sync = () =>
    createArxivSync({
      source: createArxivSource({
        feedBaseUrl: arxiv.feedBaseUrl,
        apiBaseUrl: arxiv.apiBaseUrl,
        contact: 'lab@example.org',
        clock,
        minIntervalMs: 20,
        logger: log,
        gate,
        retryBudgetMs: 300,
      }),
      store,
      clock,
      log,
    });

  beforeEach(async () => {
    arxiv = await startFakeArxiv({ minIntervalMs: 20 });
    gate = new RequestGate();
    store = openSqliteStore(join(mkdtempSync(join(tmpdir(), 'paperboy-arxiv-sync-')), 'sync.db'));
    clock = new ManualClock('2026-11-02T12:00:00Z');
    arxiv.setDay('cs.RO', monday, [
      { id: '2611.00001', announceType: 'new' },
      { id: '2611.00002', announceType: 'cross', categories: ['cs.LG', 'cs.RO'] },
      { id: '2609.00003', announceType: 'replace', version: 3, title: 'Version three' },
    ]);
    arxiv.setDay('cs.LG', monday, [
      { id: '2611.00002', announceType: 'new', categories: ['cs.LG', 'cs.RO'] },
    ]);
  });
  afterEach(async () => {
    await store.close();
    await arxiv.close();
  });

  it('stores each category’s mailing with its kinds; a second sync refreshes it without duplicating', async () => {
    const first = await sync().syncDay(['cs.RO', 'cs.LG'], monday, clock.now());
    expect(first.map((day) => [day.category, day.new, day.cross, day.replacements, day.inserted])).toEqual([
      ['cs.RO', 1, 1, 1, 3],
      ['cs.LG', 1, 0, 0, 0],
    ]);
    const listed = await store.arxiv.listingsFor(['cs.RO', 'cs.LG'], monday);
    // Each paper once at its best listing (2611.00002 is new in cs.LG, a cross-list in cs.RO).
    expect(listed.map((listing) => [listing.paper.id, listing.category, listing.kind])).toEqual([
      ['2611.00002', 'cs.LG', 'new'],
      ['2611.00001', 'cs.RO', 'new'],
      ['2609.00003', 'cs.RO', 'replacement'],
    ]);
    expect(listed[0]?.paper.arxiv).toEqual({ primaryCategory: 'cs.LG', categories: ['cs.LG', 'cs.RO'] });
    // Hugging Face lists one of them meanwhile; the second sync keeps its upvotes.
    await store.saveDay({
      day: '2026-11-03',
      papers: [makePaper('2611.00001', { upvotes: 17, batchDay: '2026-11-03' })],
      rejected: [],
      fetchedAt: clock.now().toISOString(),
    });
    const second = await sync().syncDay(['cs.RO'], monday, clock.now());
    expect(second[0]).toMatchObject({ inserted: 0, updated: 3 });
    expect(await store.papers.count()).toBe(3);
    expect(await store.arxiv.storedDays('cs.RO')).toEqual([monday]);
    expect((await store.papers.get('2611.00001'))?.upvotes).toBe(17);
    expect((await store.papers.get('2609.00003'))?.title).toBe('Version three');
  });

  it('a day not announced yet is a coded error and nothing is asked or stored', async () => {
    clock.set('2026-11-02T00:30:00Z');
    const error = await thrown(() => sync().syncDay(['cs.RO'], monday, clock.now()));
    expect(error).toBeInstanceOf(PaperboyError);
    expect(error.code).toBe('source_unavailable');
    expect(error.message).toContain(announcedAt);
    expect(arxiv.requests).toEqual([]);
    expect(await sync().missingCategories(['cs.RO'], monday)).toEqual(['cs.RO']);
  });

  it('a category arXiv fails is a coded error with when to ask again; the others are stored', async () => {
    arxiv.failDay('cs.RO', monday);
    const arxivSync = sync();
    const error = await thrown(() => arxivSync.syncDay(['cs.RO', 'cs.LG'], monday, clock.now()));
    expect(error.code).toBe('source_unavailable');
    expect(error.message).toContain('cs.RO');
    expect(arxivSync.failureOf('cs.RO', monday)).toMatchObject({
      failures: 1,
      retryAt: '2026-11-02T12:01:00.000Z',
    });
    expect(await arxivSync.missingCategories(['cs.RO', 'cs.LG'], monday)).toEqual(['cs.RO']);
    arxiv.failDay('cs.RO', monday, false);
    await arxivSync.syncDay(['cs.RO'], monday, clock.now());
    expect(arxivSync.failureOf('cs.RO', monday)).toBeNull();
    expect(await arxivSync.missingCategories(['cs.RO', 'cs.LG'], monday)).toEqual([]);
  });

  it('a weekend has no mailing: stored empty, without asking arXiv', async () => {
    expect(await sync().syncDay(['cs.RO'], '2026-11-01', clock.now())).toMatchObject([{ entries: 0 }]);
    expect(await store.arxiv.storedDays('cs.RO')).toEqual(['2026-11-01']);
    expect(arxiv.requests).toEqual([]);
  });

  it('knows the newest announced mailing day: 20:00 US Eastern the evening before, weekends skipped', () => {
    const latest = (at: string) => sync().latestAnnouncedDay(new Date(at));
    expect(latest('2026-11-02T00:59:00Z')).toBe('2026-10-30');
    expect(latest(announcedAt)).toBe(monday);
    expect(latest('2026-11-03T00:59:00Z')).toBe(monday);
    expect(latest('2026-11-03T01:00:00Z')).toBe('2026-11-03');
    // Friday evening to Sunday evening: still Friday's.
    expect(latest('2026-11-07T12:00:00Z')).toBe('2026-11-06');
  });
});
