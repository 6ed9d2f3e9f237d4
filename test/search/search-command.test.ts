import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CommandContext } from '../../commands/command-context';
import { commandSpecs } from '../../commands/command-list';
import type { PaperListReply, Reply, TextReply } from '../../src/chat/replies';
import { defaultDigestSettings } from '../../src/records/subscription';
import { startTestCore, type TestCore } from '../support/test-core';
import { fixturePapers } from './support/fixture-corpus';

const channel = { platform: 'slack' as const, workspaceId: 'T1', channelId: 'C1' };
const context = (overrides: Partial<CommandContext> = {}): CommandContext => ({
  channel,
  userId: 'U1',
  canManageChannel: true,
  manageChannelRequirement: 'a workspace admin',
  commandPrefix: '/papers',
  ...overrides,
});
const asList = (reply: Reply) => {
  expect(reply.kind).toBe('paper-list');
  return reply as PaperListReply;
};
const asText = (reply: Reply) => {
  expect(reply.kind).toBe('text');
  return reply as TextReply;
};

describe('/papers search', () => {
  let t: TestCore;
  const run = (text: string, ctx = context()) => t.core.commands.executeText(`search ${text}`, ctx);
  const ids = async (text: string) => asList(await run(text)).cards.map((card) => card.id);

  beforeEach(async () => {
    t = await startTestCore({ now: '2024-10-26T09:00:00Z' });
    await t.core.store.papers.upsertMany(fixturePapers());
  });
  afterEach(async () => await t.close());

  it("lists the week's top papers for filters alone, most upvoted first, five a page", async () => {
    const reply = asList(await run('upvotes:>20 since:7d'));
    expect(reply.heading).toBe('Top papers · since 2024-10-19 · at least 21 upvotes');
    expect(reply.cards.map((card) => card.upvotes)).toEqual([64, 41, 37, 35, 28]);
    expect(reply.nextToken).toBeDefined();
    const next = asList(await t.core.commands.resume(reply.nextToken ?? '', context()));
    expect(next.cards.map((card) => card.upvotes)).toEqual([27]);
  });

  it('combines words and filters: only papers matching both', async () => {
    expect(await ids('reasoning')).toEqual(expect.arrayContaining(['2410.18693', '2410.18798']));
    expect(await ids('reasoning upvotes:>20')).toEqual(['2410.18693']);
    expect(await ids('kazakh since:2025-01-01')).toEqual(['2503.01493', '2502.13640']);
  });

  it('filters by author and organization, inline and as options', async () => {
    expect((await ids('author:"Minervini"')).sort()).toEqual(['2410.15999', '2410.18860']);
    expect(await ids('hallucinations author:"Pasquale Minervini"')).toEqual(['2410.18860']);
    expect(await ids('org:mhuglab')).toEqual(['2602.23229']);
    const byOptions = asList(
      await t.core.commands.execute(
        { name: 'search', options: { query: 'knowledge', author: 'Minervini', min_upvotes: 8 } },
        context(),
      ),
    );
    expect(byOptions.cards.map((card) => card.id)).toEqual(['2410.15999']);
    const since = asList(
      await t.core.commands.execute({ name: 'search', options: { since: '2026-01-01' } }, context()),
    );
    expect(since.cards.map((card) => card.id)).toEqual(['2602.23229']);
  });

  it.each([
    [
      'since:yesterdayish',
      'since "yesterdayish" is not a date or an age: use since:7d (days), since:4w (weeks)',
    ],
    ['diffusion since:2026-02-30', 'since "2026-02-30" is not a date or an age'],
    ['upvotes:lots', 'upvotes "lots" is not a number of upvotes: use upvotes:>20 (more than 20)'],
    ['upvotes:<5', 'only a least number works, e.g. upvotes:>20'],
    ['author: transformers', 'author: needs a value, e.g. author:"Yann LeCun"'],
    ['sinse:7d llm', '"sinse:" is not a filter; did you mean since:?'],
    ['', 'Search needs some words or a filter'],
  ])('explains what is wrong with `%s`', async (query, message) => {
    const reply = asText(await run(query));
    expect(reply).toMatchObject({ tone: 'error', visibility: 'private' });
    expect(reply.text).toContain(message);
  });

  it('explains a bad option value the same way', async () => {
    const reply = asText(
      await t.core.commands.execute(
        { name: 'search', options: { query: 'llm', since: 'soonish' } },
        context(),
      ),
    );
    expect(reply.text).toContain('since "soonish" is not a date or an age');
  });

  it('posted: only the papers paperboy posted in this channel', async () => {
    expect(asText(await run('posted')).text).toContain('paperboy posts no digest in this channel');
    const subscription = await t.core.store.subscriptions.upsert(
      channel,
      defaultDigestSettings,
      '2024-10-26T09:00:00Z',
    );
    const planned = ['2410.16251', '2410.18860', '2410.18533'].map((paperId, rank) => ({
      paperId,
      state: 'pending' as const,
      reason: null,
      detail: null,
      rank,
    }));
    const digest = await t.core.store.deliveries.createRun(
      subscription.id,
      '2024-10-26',
      '2024-10-25',
      planned,
      '2024-10-26T09:00:00Z',
    );
    for (const delivery of (await t.core.store.deliveries.outstanding(digest.id)).slice(0, 2)) {
      await t.core.store.deliveries.markSent(delivery.id, `m${delivery.id}`, null, '2024-10-26T09:01:00Z');
    }
    expect((await ids('posted')).sort()).toEqual(['2410.16251', '2410.18860']);
    expect(await ids('hallucinations posted upvotes:>10')).toEqual(['2410.16251']);
    const elsewhere = context({ channel: { ...channel, channelId: 'C2' } });
    expect(asText(await run('posted', elsewhere)).text).toContain('paperboy posts no digest in this channel');
  });

  it("flagged: only papers on this channel's discussion queue, and says so when it is empty", async () => {
    const empty = asText(await run('flagged'));
    expect(empty).toMatchObject({ tone: 'info' });
    expect(empty.text).toContain("Nothing is on this channel's discussion queue");
    expect(empty.text).toContain('🔖');
    for (const paperId of ['2410.18745', '2410.17243']) {
      const item = await t.core.store.discussion.ensureItem(
        channel,
        paperId,
        `msg-${paperId}`,
        '2024-10-26T10:00:00Z',
      );
      await t.core.store.discussion.addFlag(item.id, 'U2', 'Ada', '2024-10-26T10:00:00Z');
    }
    expect((await ids('flagged')).sort()).toEqual(['2410.17243', '2410.18745']);
    expect(await ids('context length flagged')).toEqual(['2410.18745']);
    const byOption = asList(
      await t.core.commands.execute(
        { name: 'search', options: { query: 'contrastive', flagged: true } },
        context(),
      ),
    );
    expect(byOption.cards.map((card) => card.id)).toEqual(['2410.17243']);
  });

  it('shows where each paper matched, with the matched words marked', async () => {
    const [card] = asList(await run('watermarking editing')).cards;
    const marked = card?.snippet?.filter((part) => part.match).map((part) => part.text.toLowerCase()) ?? [];
    expect(marked).toEqual(expect.arrayContaining(['watermarking', 'editing']));
    expect(marked.every((word) => /^(watermark|edit)/.test(word))).toBe(true);
    expect(card?.snippet?.map((part) => part.text).join('').length).toBeLessThan(320);
  });

  it('reads a typo as the word it resembles, and says so in the heading', async () => {
    const reply = asList(await run('hallucinatons'));
    expect(reply.heading).toBe('Papers matching "hallucinatons" (read as hallucinations)');
    expect(reply.cards.map((card) => card.id)).toEqual(expect.arrayContaining(['2410.16251', '2410.18860']));
  });

  it('answers from the words papers have, names the word none has, and calls the match weak', async () => {
    const reply = asList(await run('diffusion zzyzx'));
    expect(reply.cards.length).toBeGreaterThan(0);
    expect(reply.heading).toBe(
      'No close match for "diffusion zzyzx"; the nearest papers (no paper mentions "zzyzx")',
    );
    const none = asList(await run('zzyzx'));
    expect(none.cards).toEqual([]);
    expect(none.emptyText).toBe(
      'No stored paper (of 39) mentions "zzyzx". Check the spelling, or try other words.',
    );
  });

  it('answers a three-word query from two of its words, after saying which word no paper has', async () => {
    const reply = asList(await run('synthetic math questions'));
    expect(reply.heading).toContain('"synthetic math questions"');
    expect(reply.heading).toContain('(no paper mentions "synthetic")');
    expect(reply.cards[0]?.id).toBe('2410.18693');
  });

  it('still looks a paper up by id or URL', async () => {
    expect(await ids('https://arxiv.org/abs/2410.17243v2')).toEqual(['2410.17243']);
  });

  it('documents the filters, the operators and the length limit in help and in the search usage', async () => {
    const help = asText(await t.core.commands.executeText('help', context())).text;
    for (const syntax of [
      'since:7d',
      'since:2026-11-01',
      'upvotes:>20',
      'author:"Name"',
      'org:nvidia',
      'posted',
      'flagged',
      '300 characters',
      '"exact phrase"',
      '-word',
    ]) {
      expect(help).toContain(syntax);
    }
    const spec = commandSpecs.find((candidate) => candidate.name === 'search');
    expect(spec?.options.map((option) => option.name)).toEqual([
      'query',
      'since',
      'days',
      'min_upvotes',
      'author',
      'org',
      'posted',
      'flagged',
    ]);
  });
});
