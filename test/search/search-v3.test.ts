import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CommandContext } from '../../commands/command-context';
import type { PaperListReply, Reply, TextReply } from '../../src/chat/replies';
import { openSqliteStore } from '../../src/engines/sqlite/sqlite-store';
import { planQuery } from '../../src/search/query-plan';
import { createSearchService } from '../../src/search/search-service';
import { makePaper } from '../support/papers';
import { startTestCore, type TestCore } from '../support/test-core';
import { testStores } from '../support/test-stores';
import { fixturePapers, fixtureStore, largerCorpus } from './support/fixture-corpus';

const c = (line: number) => `2510.${20000 + line}`;

describe.each(testStores)(
  'search v3 on a store where some words are in most papers (issue 13, $name)',
  async ({ open }) => {
    const store = await fixtureStore(largerCorpus(), open);
    const search = createSearchService(store);
    const ids = async (text: string, limit = 10) =>
      (await search.search({ text, limit })).hits.map((hit) => hit.paper.id);
    const titles = async (text: string, limit: number) =>
      (await search.search({ text, limit })).hits.map((hit) => hit.paper.title);
    afterAll(async () => await store.close());

    it('ranks papers about a common word by bm25, titles first, older ones included: never by recency', async () => {
      for (const title of await titles('rollout', 5)) expect(title).toMatch(/roll-?\s?outs?/i);
      // The survey is the oldest rollout paper in the store.
      expect(await ids('rollout')).toContain(c(1));
      expect((await ids('rollout survey'))[0]).toBe(c(1));
    });

    it('answers questions people type, from their topic words', async () => {
      expect(await ids('how do I make RL training of LLMs cheaper', 3)).toContain(c(4));
      expect(
        await ids('can a model tell when its own predictions are going wrong without ground truth', 3),
      ).toEqual(expect.arrayContaining([c(40)]));
      expect(await ids('stopping an agent before it sends an email without approval', 2)).toEqual(
        expect.arrayContaining([c(33), c(72)]),
      );
    });

    it('finds paraphrases that share a word with the paper', async () => {
      expect(await ids('self-driving cars', 3)).toContain(c(52));
      expect(await ids('shell command agents', 3)).toContain(c(32));
      expect(await ids('keeping GPUs busy during RL post-training', 1)).toEqual([c(3)]);
    });

    it('joins split names and splits joined ones, keeping stopwords inside a compound', async () => {
      expect(await ids('Loop Arena', 1)).toEqual([c(30)]);
      expect(await ids('roll out pruning', 1)).toEqual([c(2)]);
      expect(await ids('terminalbench', 1)).toEqual([c(31)]);
      expect(await ids('reasoninggym', 1)).toEqual([c(23)]);
    });

    it('corrects two-edit typos of long words', async () => {
      expect((await search.search({ text: 'qantizaton', limit: 1 })).replaced).toEqual([
        { typed: 'qantizaton', used: ['quantization'], how: 'corrected' },
      ]);
      expect(await ids('distilaton', 1)).toEqual([c(45)]);
    });

    it('calls a topic no paper is about a weak match', async () => {
      for (const query of ['quantum computing', 'football match outcomes', 'galaxy morphology'])
        expect((await search.search({ text: query, limit: 5 })).weak, query).toBe(true);
      expect((await search.search({ text: 'rollout survey', limit: 5 })).weak).toBe(false);
    });
  },
);

describe('a real English word is never replaced by another', () => {
  it('leaves "teach" as typed (reported as found nowhere) when papers only have "each" and "reach"', async () => {
    const store = openSqliteStore(':memory:');
    await store.papers.upsertMany([
      makePaper('2410.00001', { title: 'Reach each goal', abstract: 'Agents reach each goal.' }),
      makePaper('2410.00002', { title: 'Other', abstract: 'Unrelated.' }),
    ]);
    const plan = await planQuery('teach', store.papers);
    expect(plan.replaced).toEqual([]);
    expect(plan.ignored).toEqual(['teach']);
    await store.close();
  });
});

const context: CommandContext = {
  channel: { platform: 'slack', workspaceId: 'T1', channelId: 'C1' },
  userId: 'U1',
  canManageChannel: true,
  manageChannelRequirement: 'a workspace admin',
  commandPrefix: '/papers',
};
const asList = (reply: Reply) => {
  expect(reply.kind).toBe('paper-list');
  return reply as PaperListReply;
};

describe('/papers search: operators, unsearchable text and empty results (issue 11, items 14, 15, 22)', () => {
  let t: TestCore;
  const run = (text: string) => t.core.commands.executeText(`search ${text}`, context);
  const refusal = async (text: string) => {
    const reply = await run(text);
    expect(reply).toMatchObject({ kind: 'text', tone: 'error' });
    return (reply as TextReply).text;
  };
  beforeEach(async () => {
    t = await startTestCore({ now: '2024-10-26T09:00:00Z' });
  });
  afterEach(async () => await t.close());

  it('says text without words has nothing to search for, and keeps filters working', async () => {
    await t.core.store.papers.upsertMany(fixturePapers());
    for (const text of ['🔥🔥🔥', '((((', '*'])
      expect(await refusal(text)).toBe(
        `"${text}" has no searchable words: search matches words and numbers, e.g. \`/papers search diffusion transformers\`.`,
      );
    const filtered = asList(await run('🔥🔥🔥 upvotes:>20'));
    expect(filtered.heading).toBe(
      'Top papers ("🔥🔥🔥" has no searchable words, so only the filters apply) · at least 21 upvotes',
    );
    expect(filtered.cards.length).toBeGreaterThan(0);
  });

  it('leaves out papers with -word, and matches "exact phrases" only as phrases', async () => {
    await t.core.store.papers.upsertMany(fixturePapers());
    const all = asList(await run('video')).cards.map((card) => card.id);
    const without = asList(await run('video -diffusion')).cards;
    expect(without.length).toBeGreaterThan(0);
    expect(without.length).toBeLessThan(all.length);
    for (const card of without) {
      const paper = await t.core.store.papers.get(card.id);
      expect(`${paper?.title} ${paper?.abstract} ${paper?.aiSummary}`.toLowerCase()).not.toContain('diffus');
    }
    const phrase = asList(await run('"knowledge editing"')).cards;
    expect(phrase.map((card) => card.id)).toContain('2410.16251');
    for (const card of phrase) {
      const paper = await t.core.store.papers.get(card.id);
      expect(`${paper?.title} ${paper?.abstract}`.toLowerCase()).toMatch(/knowledge edit/);
    }
    expect(await refusal('-diffusion')).toBe(
      '"-diffusion" only leaves papers out: add words to search for, e.g. `/papers search transformers -diffusion`.',
    );
  });

  it('mentions fetching only when the store is empty, and otherwise says what was searched', async () => {
    expect(asList(await run('diffusion')).emptyText).toBe(
      'No papers are stored yet, so there is nothing to search: paperboy stores each day it fetches (`paperboy fetch --from YYYY-MM-DD --to YYYY-MM-DD` backfills older days).',
    );
    await t.core.store.papers.upsertMany(fixturePapers());
    const text = asList(await run('zzyzx qqqxx')).emptyText;
    expect(text).toBe(
      'No stored paper (of 39) mentions "zzyzx" or "qqqxx". Check the spelling, or try other words.',
    );
    expect(text).not.toMatch(/fetch/i);
  });
});
