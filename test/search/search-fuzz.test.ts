import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandContext } from '../../commands/command-context';
import type { Reply } from '../../src/chat/replies';
import { parseSearchQuery } from '../../src/search/query-syntax';
import { paperFilters } from '../../src/search/search-filters';
import { createSearchService, type SearchResult } from '../../src/search/search-service';
import type { Store } from '../../src/store/store';
import { startTestCore, type TestCore } from '../support/test-core';
import { testStores } from '../support/test-stores';
import { fixturePapers, fixtureStore } from './support/fixture-corpus';

/** Pieces of FTS5 and SQL syntax, filter syntax, odd Unicode and words that do occur in the fixtures. */
const hostile = fc.constantFrom(
  'AND',
  'OR',
  'NOT',
  'NEAR(a b, 3)',
  '"',
  '""',
  '*',
  '^',
  '(',
  ')',
  '{',
  '}',
  ':',
  '-',
  '+',
  "'",
  '`',
  "'; DROP TABLE papers; --",
  "' OR 1=1 --",
  '/*',
  '*/',
  'NULL',
  'rowid',
  'MATCH',
  'paper_search',
  'bm25(',
  '{title}:',
  'title:*',
  'since:',
  'since:7d',
  'since:0000-00-00',
  'upvotes:>',
  'upvotes:>20',
  'upvotes:99999999999',
  'author:"',
  'author:"Li"',
  'org:',
  'org:nvidia',
  'is:',
  'posted',
  'flagged',
  '\u0000',
  '\n',
  '\t',
  '\u200b',
  '\ud800',
  'é',
  'ﬁ',
  '🔖',
  'ا',
  '中文',
  'Ⅻ',
  '%',
  '_',
  '\\',
  '2410.17243',
  'https://arxiv.org/abs/2410.17243',
  'transformer*',
  'hallucinatons',
  'in-context',
  'RL',
  'llms',
  'x'.repeat(60),
);
const queries = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 400 }),
  fc.string({ unit: 'grapheme', maxLength: 200 }),
  fc
    .array(fc.oneof(hostile, fc.string({ unit: 'grapheme-ascii', maxLength: 12 })), { maxLength: 40 })
    .map((parts) => parts.join(' ')),
  fc.array(hostile, { maxLength: 30 }).map((parts) => parts.join('')),
);

function expectWellFormed(result: SearchResult) {
  expect(Array.isArray(result.ignored) && Array.isArray(result.replaced)).toBe(true);
  let previous = Number.POSITIVE_INFINITY;
  for (const hit of result.hits) {
    expect(typeof hit.paper.id).toBe('string');
    expect(Number.isFinite(hit.score)).toBe(true);
    expect(hit.score).toBeLessThanOrEqual(previous);
    previous = hit.score;
    for (const part of hit.snippet ?? [])
      expect(typeof part.text === 'string' && typeof part.match === 'boolean').toBe(true);
  }
}

function expectWellFormedReply(reply: Reply) {
  if (reply.kind === 'text') {
    expect(reply.text.length).toBeGreaterThan(0);
    // The router's catch-all for unexpected exceptions: a bad query must never get there.
    expect(reply.text).not.toContain('Something went wrong');
    return;
  }
  expect(reply.kind).toBe('paper-list');
  expect(typeof reply.heading).toBe('string');
  expect(reply.cards.length).toBeLessThanOrEqual(5);
  for (const card of reply.cards) expect(card.id).toMatch(/^\d{4}\.\d{4,5}$/);
}

describe('search never throws and always answers well-formed, whatever it is given', () => {
  let t: TestCore;
  const context: CommandContext = {
    channel: { platform: 'slack', workspaceId: 'T1', channelId: 'C1' },
    userId: 'U1',
    canManageChannel: true,
    manageChannelRequirement: 'a workspace admin',
    commandPrefix: '/papers',
  };
  beforeAll(async () => {
    t = await startTestCore({ now: '2024-10-26T09:00:00Z' });
    await t.core.store.papers.upsertMany(fixturePapers());
  });
  afterAll(async () => {
    // Nothing typed reached SQL: every paper is still there, and still found.
    expect(await t.core.store.papers.count()).toBe(39);
    expect((await t.core.search.search({ text: 'contrastive loss', limit: 1 })).hits[0]?.paper.id).toBe(
      '2410.17243',
    );
    await t.close();
  });

  it('the search service, with any text and the filters parsed from it', async () => {
    const search = createSearchService(t.core.store);
    await fc.assert(
      fc.asyncProperty(queries, fc.integer({ min: 0, max: 3 }), async (text, page) => {
        expectWellFormed(await search.search({ text, limit: 6, offset: page * 5 }));
        const parsed = parseSearchQuery(text);
        expectWellFormed(
          await search.search({
            text: parsed.text,
            filters: paperFilters(parsed.filters, '2024-10-26'),
            limit: 6,
          }),
        );
      }),
      { numRuns: 400 },
    );
  });

  it('the search service, with 10,000-character queries', async () => {
    const search = createSearchService(t.core.store);
    const long = fc.oneof(
      fc.string({ unit: 'binary', minLength: 10_000, maxLength: 10_000 }),
      fc
        .array(hostile, { minLength: 2000, maxLength: 2000 })
        .map((parts) => parts.join(' ').slice(0, 10_000)),
      fc.constantFrom('model '.repeat(1667).slice(0, 10_000), 'a'.repeat(10_000), '"('.repeat(5000)),
    );
    await fc.assert(
      fc.asyncProperty(long, async (text) => {
        expect(text.length).toBeGreaterThanOrEqual(9_000);
        expectWellFormed(await search.search({ text, limit: 6 }));
      }),
      { numRuns: 30 },
    );
  });

  it('the search command, typed as text', async () => {
    await fc.assert(
      fc.asyncProperty(queries, async (text) => {
        expectWellFormedReply(await t.core.commands.executeText(`search ${text}`, context));
      }),
      { numRuns: 250 },
    );
  });

  it('the search command, with any value in any option (as a platform could send)', async () => {
    const value = fc.oneof(queries, fc.integer(), fc.double(), fc.boolean());
    const options = fc.record(
      {
        query: value,
        since: value,
        days: value,
        min_upvotes: value,
        author: value,
        org: value,
        posted: value,
        flagged: value,
        page: value,
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(options, async (given) => {
        expectWellFormedReply(await t.core.commands.execute({ name: 'search', options: given }, context));
      }),
      { numRuns: 250 },
    );
  });

  it('refuses a query over the documented length with a message saying the limit', async () => {
    const reply = await t.core.commands.executeText(`search ${'transformer '.repeat(30)}`, context);
    expect(reply).toMatchObject({ kind: 'text', tone: 'error' });
    expect(reply.kind === 'text' && reply.text).toBe('the query is too long: at most 300 characters, please');
  });
});

describe.each(testStores.filter((kind) => kind.name !== 'sqlite'))(
  'search on PostgreSQL ($name) never throws and always answers well-formed, whatever it is given',
  (kind) => {
    let store: Store;
    beforeAll(async () => {
      store = await fixtureStore(fixturePapers(), kind.open);
    });
    afterAll(async () => {
      // Nothing typed reached SQL as syntax: every paper is still there, and still found.
      expect(await store.papers.count()).toBe(39);
      const found = await createSearchService(store).search({ text: 'contrastive loss', limit: 1 });
      expect(found.hits[0]?.paper.id).toBe('2410.17243');
      await store.close();
    });

    it('the search service, with any text and the filters parsed from it', async () => {
      const search = createSearchService(store);
      await fc.assert(
        fc.asyncProperty(queries, async (text) => {
          const parsed = parseSearchQuery(text);
          expectWellFormed(
            await search.search({
              text: parsed.text,
              filters: paperFilters(parsed.filters, '2024-10-26'),
              limit: 6,
            }),
          );
        }),
        { numRuns: 150 },
      );
    });
  },
);
