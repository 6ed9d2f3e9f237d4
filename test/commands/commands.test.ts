import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CommandContext } from '../../commands/command-context';
import { commandSpecs } from '../../commands/command-list';
import { parseCommandText } from '../../commands/parse-command-text';
import type { PaperListReply, Reply, TextReply } from '../../src/chat/replies';
import { march2026Item, oct25Batch } from '../support/fixtures';
import { startTestCore, type TestCore } from '../support/test-core';

const context = (overrides: Partial<CommandContext> = {}): CommandContext => ({
  channel: { platform: 'slack', workspaceId: 'T1', channelId: 'C1' },
  userId: 'U1',
  canManageChannel: true,
  manageChannelRequirement: 'a workspace admin, owner or the channel creator',
  commandPrefix: '/papers',
  ...overrides,
});

const asText = (reply: Reply) => {
  expect(reply.kind).toBe('text');
  return reply as TextReply;
};
const asList = (reply: Reply) => {
  expect(reply.kind).toBe('paper-list');
  return reply as PaperListReply;
};

describe('commands', () => {
  let t: TestCore;
  const run = (text: string, ctx = context()) => t.core.commands.executeText(text, ctx);

  beforeEach(async () => {
    t = await startTestCore({ now: '2024-10-26T09:00:00Z' });
    t.hf.setDay('2024-10-25', oct25Batch());
  });
  afterEach(async () => await t.close());

  it('subscribes a channel with defaults and says how it will post, visibly in the channel', async () => {
    const reply = asText(await run('subscribe'));
    expect(reply).toMatchObject({ tone: 'success', visibility: 'channel' });
    expect(reply.text).toContain('every day at 09:00 UTC');
    expect(await t.core.store.subscriptions.get(context().channel)).toMatchObject({
      time: '09:00',
      timezone: 'UTC',
      topN: 10,
    });
  });

  it('parses every subscribe option from text', async () => {
    await run(
      'subscribe 7:30pm europe/paris top=5 min_upvotes=10 include="LLM, diffusion models" exclude=survey weekdays=mon-fri post_empty=yes',
    );
    expect(await t.core.store.subscriptions.get(context().channel)).toMatchObject({
      time: '19:30',
      timezone: 'Europe/Paris',
      topN: 5,
      minUpvotes: 10,
      include: ['LLM', 'diffusion models'],
      exclude: ['survey'],
      weekdays: [1, 2, 3, 4, 5],
      postWhenEmpty: true,
    });
  });

  it('accepts tz= for the timezone, a zone without a time, and one emoji of several code points', async () => {
    await run('subscribe tz=Europe/Paris');
    await run('subscribe America/New_York top=4');
    expect(await t.core.store.subscriptions.get(context().channel)).toMatchObject({
      time: '09:00',
      timezone: 'America/New_York',
      topN: 4,
    });
    for (const emoji of ['👍🏽', '❤️', '👩‍🔬', ':bookmark:']) {
      expect(asText(await run(`settings flag_emoji=${emoji}`)).tone).toBe('success');
    }
    expect(asText(await run('settings threads=off')).text).toContain('no threads are opened');
  });

  it('says when the first digest will come: tomorrow when the time has just passed, today when it is ahead', async () => {
    t.clock.set('2024-10-26T09:01:00Z');
    expect(asText(await run('subscribe 09:00 UTC')).text).toContain(
      'First digest: tomorrow (Sun 27 Oct) at 09:00 UTC',
    );
    const other = context({ channel: { platform: 'slack', workspaceId: 'T1', channelId: 'C2' } });
    expect(asText(await run('subscribe 17:30 UTC weekdays=mon-fri', other)).text).toContain(
      'First digest: Mon 28 Oct at 17:30 UTC',
    );
    const third = context({ channel: { platform: 'slack', workspaceId: 'T1', channelId: 'C3' } });
    expect(asText(await run('subscribe 10:00', third)).text).toContain('First digest: today at 10:00 UTC');
  });

  it('keeps the previous settings when a channel subscribes again after unsubscribing, and says so', async () => {
    await run('subscribe 08:00 Asia/Tokyo top=3 include=diffusion');
    await run('unsubscribe');
    const reply = asText(await run('subscribe'));
    expect(reply.text).toContain('again, with its previous settings');
    expect(await t.core.store.subscriptions.get(context().channel)).toMatchObject({
      active: true,
      time: '08:00',
      timezone: 'Asia/Tokyo',
      topN: 3,
      include: ['diffusion'],
    });
  });

  it('changes only the settings given when a subscribed channel subscribes again', async () => {
    await run('subscribe 08:00 Asia/Tokyo top=3');
    await run('subscribe min_upvotes=20');
    expect(await t.core.store.subscriptions.get(context().channel)).toMatchObject({
      time: '08:00',
      timezone: 'Asia/Tokyo',
      topN: 3,
      minUpvotes: 20,
    });
  });

  it.each([
    ['subscribe 25:00', 'time "25:00" is not a time of day; use HH:MM in 24-hour time, e.g. 09:00 or 17:30'],
    ['subscribe 09:00 Moon/Base', 'timezone "Moon/Base" is not an IANA zone; try Europe/Paris'],
    ['subscribe top=0', 'top must be at least 1'],
    ['subscribe top=many', 'top must be a whole number from 1 to 50'],
    ['subscribe weekdays=someday', 'weekdays "someday" is not a list of days'],
    ['subscribe post_empty=maybe', 'post_empty must be on or off (true/false and yes/no work too)'],
    ['subscribe weekdays=', 'weekdays needs at least one day; try daily, mon-fri or mon,wed,fri'],
    ['subscribe Moon/Base', 'timezone "Moon/Base" is not an IANA zone; try Europe/Paris'],
    ['subscribe colour=blue', 'unknown option colour of subscribe (options: time, timezone, top,'],
    ['subscribe include="diffusion, llm', 'unclosed quote in include="diffusion, llm: end the quoted text'],
    ['settings flag_emoji=🔖🔖', 'flag_emoji must be one emoji'],
    ['settings threads=maybe', 'threads must be on or off'],
    ['subscribe 09:00 UTC extra', '"extra" is not an option of subscribe'],
    ['paper not-an-id', '"not-an-id" is not an arXiv id or paper URL; try 2410.17243'],
    ['frobnicate', 'Unknown subcommand "frobnicate". Try one of: search, today'],
    ['search', 'Search needs some words'],
  ])('explains what is wrong with `%s`', async (text, message) => {
    const reply = asText(await run(text));
    expect(reply.tone).toBe('error');
    expect(reply.visibility).toBe('private');
    expect(reply.text).toContain(message);
    expect(await t.core.store.subscriptions.get(context().channel)).toBeNull();
  });

  it('refuses subscribe and unsubscribe to members who cannot manage the channel, naming what is needed', async () => {
    const member = context({ canManageChannel: false, userId: 'U2' });
    for (const text of ['subscribe', 'unsubscribe']) {
      const reply = asText(await run(text, member));
      expect(reply).toMatchObject({ tone: 'error', visibility: 'private' });
      expect(reply.text).toContain('a workspace admin, owner or the channel creator');
    }
    expect(await t.core.store.subscriptions.get(context().channel)).toBeNull();
  });

  it('unsubscribes, and says so when there was nothing to stop', async () => {
    await run('subscribe');
    expect(asText(await run('unsubscribe')).text).toContain('no longer get the Daily Papers');
    expect(await t.core.store.subscriptions.listActive()).toHaveLength(0);
    expect(asText(await run('unsubscribe')).text).toContain('not subscribed');
  });

  it('shows settings, including a pause and its reason', async () => {
    expect(asText(await run('settings')).text).toContain('Not subscribed to the daily digest');
    const subscription = await t.core.store.subscriptions.upsert(
      context().channel,
      {
        source: 'daily',
        time: '10:15',
        timezone: 'Europe/Berlin',
        weekdays: [1, 3, 5],
        topN: 4,
        minUpvotes: 7,
        include: ['robotics'],
        exclude: [],
        postWhenEmpty: false,
      },
      '2024-10-26T00:00:00Z',
    );
    await t.core.store.subscriptions.pause(subscription.id, 'Missing Access', '2024-10-26T01:00:00Z');
    const text = asText(await run('settings')).text;
    expect(text).toContain(
      'on Mon, Wed, Fri at 10:15 Europe/Berlin: the top 4 papers with at least 7 upvotes',
    );
    expect(text).toContain('Only papers mentioning: robotics');
    expect(text).toContain('Paused: Missing Access');
  });

  it("shows today's batch as this channel's digest would, five per page with working buttons", async () => {
    const first = asList(await run('today'));
    expect(first.heading).toBe('Daily Papers — Fri 25 Oct · top 10 of 29');
    expect(first.cards.map((card) => card.id)[0]).toBe('2410.17243');
    expect(first).toMatchObject({ page: 1, pageCount: 2, visibility: 'private' });
    expect(first.previousToken).toBeUndefined();
    const second = asList(await t.core.commands.resume(first.nextToken ?? '', context()));
    expect(second.page).toBe(2);
    expect(second.cards).toHaveLength(5);
    const back = asList(await t.core.commands.resume(second.previousToken ?? '', context()));
    expect(back.cards.map((card) => card.id)).toEqual(first.cards.map((card) => card.id));
    const shared = asList(await t.core.commands.resume(first.shareToken ?? '', context()));
    expect(shared.visibility).toBe('channel');
    expect(shared.nextToken).toBeUndefined();
  });

  it('refuses a button token from another channel or an unknown one', async () => {
    const first = asList(await run('today'));
    const elsewhere = context({ channel: { platform: 'slack', workspaceId: 'T1', channelId: 'C2' } });
    expect(asText(await t.core.commands.resume(first.nextToken ?? '', elsewhere)).text).toContain('expired');
    expect(asText(await t.core.commands.resume('nope', context())).text).toContain('expired');
  });

  it('finds a paper by id, by arXiv URL with a version, and by HF URL; fetching unknown ones from Hugging Face', async () => {
    await run('today');
    for (const reference of [
      '2410.17243',
      'https://arxiv.org/abs/2410.17243v2',
      '<https://huggingface.co/papers/2410.17243>',
    ]) {
      expect(asList(await run(`paper ${reference}`)).cards[0]?.id).toBe('2410.17243');
    }
    t.hf.setPaper('2602.23229', march2026Item().paper);
    const fetched = asList(await run('paper arXiv:2602.23229'));
    expect(fetched.cards[0]?.summary).toMatch(/^Large Multimodal Models demonstrate/);
    expect(await t.core.store.papers.get('2602.23229')).not.toBeNull();
    expect(asText(await run('paper 2499.99999')).text).toContain('No paper 2499.99999 on Hugging Face');
  });

  it('searches stored papers, treating FTS syntax as plain words', async () => {
    await run('today');
    const reply = asList(await run('search contrastive loss'));
    expect(reply.cards[0]?.id).toBe('2410.17243');
    for (const hostile of [
      '"unbalanced',
      'AND OR NOT',
      'title:*',
      '(((',
      "'; DROP TABLE papers; --",
      'NEAR(a b)',
    ]) {
      const result = await run(`search ${hostile}`);
      expect(['paper-list', 'text']).toContain(result.kind);
    }
    expect(await t.core.store.papers.count()).toBe(29);
  });

  it('refuses a 100 KB command with a clear message', async () => {
    const reply = asText(await run(`search ${'x'.repeat(100_000)}`));
    expect(reply.text).toBe('That command is 100,007 characters long; the limit is 2,000.');
  });

  it('says Hugging Face is unreachable instead of failing when a command needs it', async () => {
    t.hf.failNext('daily_papers', { kind: 'status', status: 503 }, 100);
    const reply = asText(await run('today'));
    expect(reply.text).toBe('Hugging Face could not be reached just now. Try again in a minute.');
  });

  it('lists every subcommand in help', async () => {
    const text = asText(await run('help')).text;
    for (const spec of commandSpecs) expect(text).toContain(`/papers ${spec.usage}`);
  });

  it('suggests IANA time zones as the user types, at most 25', () => {
    expect(t.core.commands.suggestTimezones('europe/pa', 25)).toEqual(['Europe/Paris']);
    expect(t.core.commands.suggestTimezones('new york', 25)).toContain('America/New_York');
    expect(t.core.commands.suggestTimezones('', 25)).toHaveLength(25);
  });
});

describe('command text parsing', () => {
  it('keeps quoted phrases and the rest of a search query verbatim', () => {
    expect(parseCommandText('/papers search "graph neural" nets since:7d', commandSpecs)).toEqual({
      ok: true,
      invocation: { name: 'search', options: { query: '"graph neural" nets since:7d' } },
    });
    expect(parseCommandText('subscribe include="a, b" 09:00', commandSpecs)).toEqual({
      ok: true,
      invocation: { name: 'subscribe', options: { include: 'a, b', time: '09:00' } },
    });
  });

  it('keeps a quoted value together after name: as after name= (settings agenda:"fri 15:00")', () => {
    expect(parseCommandText('settings agenda:"fri 15:00" threads:off', commandSpecs)).toEqual({
      ok: true,
      invocation: { name: 'settings', options: { agenda: 'fri 15:00', threads: 'off' } },
    });
    expect(parseCommandText('subscribe 09:00 include:“a, b”', commandSpecs)).toEqual({
      ok: true,
      invocation: { name: 'subscribe', options: { time: '09:00', include: 'a, b' } },
    });
  });

  it('defaults to help on empty text', () => {
    expect(parseCommandText('   ', commandSpecs)).toEqual({
      ok: true,
      invocation: { name: 'help', options: {} },
    });
  });
});
