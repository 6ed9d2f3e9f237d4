/**
 * Discord sharding through the composition root: `runBot`s on one fake Discord whose gateway shards as
 * Discord does, with two guilds, one on each shard of 2 (`(guild_id >> 22) % 2`).
 * - Two instances on one PostgreSQL database (PGlite, and the server when TEST_DATABASE_URL is set), A
 *   running shard 0 and B shard 1: every `/papers` is answered once, by the instance of its guild's shard,
 *   even when the event reaches both; a reaction is handled once; the digest goes out once to every
 *   subscribed channel of both guilds, posted over REST by whichever instance holds the lease. With A
 *   stopped the digests still go out (from B), and the interactions of shard 0 reach no one (Discord
 *   drops events of a shard no one runs: that is expected) until A is back. Two instances running the
 *   same shard share it through the interaction claim.
 * - One instance running both shards (DISCORD_SHARD_COUNT=2, on SQLite) and one with `auto` (the fake
 *   recommends 2) serve both guilds.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ChannelRef } from '../../src/records/channel';
import { defaultDigestSettings } from '../../src/records/subscription';
import type { Store } from '../../src/store/store';
import { DEFAULT_GUILD, FakeDiscord, type Route } from '../fakes/discord/fake-discord';
import { slashInteraction, userPayload } from '../fakes/discord/fake-payloads';
import type { InteractionRecord } from '../fakes/discord/fake-types';
import { FakeHfServer } from '../fakes/hf/fake-hf-server';
import { BotHarness } from '../support/bot-harness';
import { oct25Batch } from '../support/fixtures';
import { testStores } from '../support/test-stores';
import { until } from '../support/until';

const GUILD_0 = {
  id: '930000000000000001',
  name: 'Shard Zero Lab',
  channels: [
    { id: '930000000000000101', name: 'papers' },
    { id: '930000000000000102', name: 'digest' },
  ],
};
const GUILD_1 = {
  ...DEFAULT_GUILD,
  channels: [...DEFAULT_GUILD.channels, { id: '900000000000000103', name: 'digest' }],
};
const PAPERS = { 0: '930000000000000101', 1: '900000000000000101' } as const;
const DIGEST = { 0: '930000000000000102', 1: '900000000000000103' } as const;
const ALICE = userPayload('700000000000000001', 'alice');
const MISROUTED = 'event for a shard this instance does not run; left to its owner';
const postgresKinds = testStores.filter((kind) => kind.name !== 'sqlite');

let bots: BotHarness[] = [];
let stores: Store[] = [];
let fakes: { discord: FakeDiscord; hf: FakeHfServer } | null = null;
afterEach(async () => {
  await Promise.all(bots.map((bot) => bot.stop(false)));
  await Promise.all(stores.map((store) => store.close()));
  await fakes?.discord.close();
  await fakes?.hf.stop();
  bots = [];
  stores = [];
  fakes = null;
});

async function startFakes(options: { recommendedShards?: number } = {}) {
  const hf = (await new FakeHfServer().start()).setDay('2024-10-25', oct25Batch());
  const discord = await FakeDiscord.start({ guilds: [GUILD_0, GUILD_1], maxConcurrency: 2, ...options });
  fakes = { discord, hf };
  return fakes;
}

async function subscribeDigests(store: Store) {
  for (const [guildId, channelId] of [
    [GUILD_0.id, DIGEST[0]],
    [GUILD_1.id, DIGEST[1]],
  ] as const) {
    const channel: ChannelRef = { platform: 'discord', workspaceId: guildId, channelId };
    await store.subscriptions.upsert(channel, defaultDigestSettings, '2024-10-20T00:00:00Z');
  }
}

async function startBot(env: Record<string, string>, store?: Store): Promise<BotHarness> {
  if (!fakes) throw new Error('start the fakes first');
  const bot = await BotHarness.start({
    now: '2024-10-26T08:00:00Z',
    hf: fakes.hf,
    discord: fakes.discord,
    ...(store
      ? { store, env: { DATABASE_URL: 'postgres://shared-test-database/paperboy', ...env } }
      : { env }),
  });
  bots.push(bot);
  return bot;
}

/** `/papers <sub>` in a channel of either guild, as alice (a channel manager). */
function slash(discord: FakeDiscord, channelId: string, sub = 'help', route: Route = {}): InteractionRecord {
  const channel = discord.store.channels.get(channelId);
  if (!channel) throw new Error(`no channel ${channelId}`);
  const base = {
    applicationId: discord.applicationId,
    guildId: channel.guild_id,
    channel,
    user: ALICE,
    admin: true,
  };
  return discord.injectInteraction(slashInteraction(base, '850000000000000001', sub, []), route);
}

const callbacksTo = (discord: FakeDiscord, interactionId: string) =>
  discord.requestsTo('POST', new RegExp(`^/interactions/${interactionId}/[^/]+/callback$`));

/** The channels each bot ran a command in, from its `discord command` debug lines. */
const commandChannels = (bot: BotHarness) =>
  bot.logs.filter((line) => line.msg === 'discord command').map((line) => line.channel);

/** The delivery keys of the bot's posts in a channel, oldest first (answers to commands carry none). */
const keysIn = (discord: FakeDiscord, channelId: string) =>
  discord.store
    .channelHistory(channelId)
    .map((message) =>
      [message.content, ...message.embeds.map((embed) => embed.footer?.text ?? '')].join('\n'),
    )
    .map((text) => text.match(/ref (pb:[\w.:/-]+)/)?.[1])
    .filter((key): key is string => key !== undefined);

/** `/papers help` in each guild's papers channel is answered (by whichever instance runs its shard). */
async function expectBothGuildsAnswered(discord: FakeDiscord) {
  for (const channelId of [PAPERS[0], PAPERS[1]]) {
    const record = slash(discord, channelId);
    expect(JSON.stringify(await discord.waitForAnswer(record.id))).toContain('/papers');
  }
}

function expectOneDigestIn(discord: FakeDiscord, channels: string[]) {
  for (const channelId of channels) {
    const keys = keysIn(discord, channelId);
    expect(keys, channelId).toHaveLength(11);
    expect(new Set(keys).size, channelId).toBe(11);
    expect(keys[0], channelId).toMatch(/^pb:run:\d+$/);
  }
}

const logged = (message: string) => bots.map((bot) => bot.logs.filter((line) => line.msg === message).length);
const sum = (counts: number[]) => counts.reduce((a, b) => a + b, 0);

describe.each(postgresKinds)('two instances splitting 2 shards on one $name database', (kind) => {
  it('answer every interaction once from the right instance, handle a reaction once and post each digest once per channel', async () => {
    const { discord } = await startFakes();
    stores = await kind.openShared(2);
    await subscribeDigests(stores[0] as Store);
    const a = await startBot({ DISCORD_SHARD_COUNT: '2', DISCORD_SHARD_IDS: '0' }, stores[0]);
    const b = await startBot({ DISCORD_SHARD_COUNT: '2', DISCORD_SHARD_IDS: '1' }, stores[1]);
    expect(discord.gateway.identifiedShards).toEqual([
      [0, 2],
      [1, 2],
    ]);

    // Each guild's commands reach its shard's instance only, which answers them.
    const subscribed = [slash(discord, PAPERS[0], 'subscribe'), slash(discord, PAPERS[1], 'subscribe')];
    for (const record of subscribed) {
      expect(record.connections).toBe(1);
      expect(JSON.stringify(await discord.waitForAnswer(record.id))).toMatch(/subscribed|digest/i);
    }
    // Sent to both connections (a misrouted event): the instance not running shard 1 stays silent.
    const misrouted = slash(discord, PAPERS[1], 'help', { to: 'everyone' });
    expect(misrouted.connections).toBe(2);
    expect(JSON.stringify(await discord.waitForAnswer(misrouted.id))).toContain('/papers');
    await a.logs.waitFor(
      (line) => line.msg === MISROUTED && line.interaction === misrouted.id,
      'A to stand aside',
    );
    for (const record of [...subscribed, misrouted]) expect(callbacksTo(discord, record.id)).toHaveLength(1);
    expect(commandChannels(a)).toEqual([PAPERS[0]]);
    expect(commandChannels(b)).toEqual([PAPERS[1], PAPERS[1]]);
    expect(sum(logged('interaction answered by another instance'))).toBe(0);

    // The digest is posted once per channel in both guilds, by whichever instance won the 09:00 tick.
    await Promise.all(bots.map((bot) => bot.tickAt('2024-10-26T09:00:00Z')));
    await Promise.all(bots.map((bot) => bot.tickAt('2024-10-26T09:01:00Z')));
    expectOneDigestIn(discord, [PAPERS[0], DIGEST[0], PAPERS[1], DIGEST[1]]);
    expect(sum(logged('digest run finished'))).toBe(1);

    // A 🔖 on a digest post in guild 0, sent to both connections: flagged once, by A, one thread.
    const post = discord.store.channelHistory(DIGEST[0])[1];
    if (!post) throw new Error('no digest post');
    discord.react({
      channelId: DIGEST[0],
      messageId: post.id,
      user: ALICE,
      emoji: '🔖',
      action: 'added',
      route: { to: 'everyone' },
    });
    await a.logs.waitFor((line) => line.msg === 'paper flagged', 'A to flag the paper');
    await b.logs.waitFor((line) => line.msg === MISROUTED && line.messageId === post.id, 'B to stand aside');
    await discord.waitForRequest(
      (request) => request.path === `/channels/${post.id}/messages`,
      'the thread note',
    );
    expect(logged('paper flagged')).toEqual([1, 0]);
    expect(discord.requestsTo('POST', /^\/channels\/\d+\/messages\/\d+\/threads$/)).toHaveLength(1);
  }, 90_000);

  it('keep posting digests while one instance is down, whose shard goes unanswered until it is back', async () => {
    const { discord } = await startFakes();
    stores = await kind.openShared(3);
    await subscribeDigests(stores[0] as Store);
    const a = await startBot({ DISCORD_SHARD_COUNT: '2', DISCORD_SHARD_IDS: '0' }, stores[0]);
    const b = await startBot({ DISCORD_SHARD_COUNT: '2', DISCORD_SHARD_IDS: '1' }, stores[1]);
    await a.stop(false);
    bots = [b];
    expect(discord.gateway.identifiedShards).toEqual([[1, 2]]);

    // No instance runs shard 0: Discord has no connection to send guild 0's interaction to.
    expect(slash(discord, PAPERS[0]).connections).toBe(0);
    const answered = slash(discord, PAPERS[1]);
    expect(JSON.stringify(await discord.waitForAnswer(answered.id))).toContain('/papers');

    // B holds the lease alone and posts guild 0's digest too: REST needs no shard.
    await b.tickAt('2024-10-26T09:00:00Z');
    expectOneDigestIn(discord, [DIGEST[0], DIGEST[1]]);
    expect(logged('digest run finished')).toEqual([1]);

    // A is back: guild 0's commands are answered again, by A.
    const back = await startBot({ DISCORD_SHARD_COUNT: '2', DISCORD_SHARD_IDS: '0' }, stores[2]);
    const again = slash(discord, PAPERS[0]);
    expect(again.connections).toBe(1);
    expect(JSON.stringify(await discord.waitForAnswer(again.id))).toContain('/papers');
    expect(commandChannels(back)).toEqual([PAPERS[0]]);
    expect(commandChannels(b)).toEqual([PAPERS[1]]);
  }, 90_000);

  it('share a shard two instances both run through the interaction claim', async () => {
    const { discord } = await startFakes();
    stores = await kind.openShared(2);
    await startBot({ DISCORD_SHARD_COUNT: '2' }, stores[0]);
    await startBot({ DISCORD_SHARD_COUNT: '2', DISCORD_SHARD_IDS: '1' }, stores[1]);
    const shared = slash(discord, PAPERS[1]);
    expect(shared.connections).toBe(2);
    expect(JSON.stringify(await discord.waitForAnswer(shared.id))).toContain('/papers');
    await until(
      () => sum(logged('interaction answered by another instance')) === 1,
      'the loser to stand aside',
    );
    expect(callbacksTo(discord, shared.id)).toHaveLength(1);
    const alone = slash(discord, PAPERS[0]);
    expect(alone.connections).toBe(1);
    await discord.waitForAnswer(alone.id);
    expect(callbacksTo(discord, alone.id)).toHaveLength(1);
  }, 90_000);
});

describe('one instance running every shard', () => {
  it('serves both guilds with DISCORD_SHARD_COUNT=2 and no ids (on SQLite: one process, all shards)', async () => {
    const { discord } = await startFakes();
    const bot = await startBot({ DISCORD_SHARD_COUNT: '2' });
    await subscribeDigests(bot.core.store);
    expect(discord.gateway.identifiedShards).toEqual([
      [0, 2],
      [1, 2],
    ]);
    await expectBothGuildsAnswered(discord);
    await bot.tickAt('2024-10-26T09:00:00Z');
    expectOneDigestIn(discord, [DIGEST[0], DIGEST[1]]);
  }, 60_000);

  it('runs the count Discord recommends with auto, and /readyz names the shards', async () => {
    const { discord } = await startFakes({ recommendedShards: 2 });
    const bot = await startBot({ DISCORD_SHARD_COUNT: 'auto', METRICS_PORT: '0' });
    expect(discord.gateway.identifiedShards).toEqual([
      [0, 2],
      [1, 2],
    ]);
    await expectBothGuildsAnswered(discord);
    const response = await fetch(`http://127.0.0.1:${bot.started.metricsPort}/readyz`);
    const report = (await response.json()) as { checks: Record<string, unknown> };
    expect(report.checks.discord).toEqual({
      ok: true,
      detail: 'connected (shards 0,1 of 2)',
    });
  }, 60_000);
});
