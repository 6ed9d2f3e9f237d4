/**
 * The Discord adapter on a sharded gateway (the real discord.js against the fake, which shards as Discord
 * does): each adapter identifies its shards as `[id, count]` and gets only their guilds; an event for a
 * guild on a shard it does not run is left alone (logged at debug, never claimed, never answered);
 * `connected()` holds only while every one of its shards is ready; `auto` runs the count Discord
 * recommends; a shard Discord refuses (4010, 4011) stops the start with a message naming the settings.
 */
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { createDiscordAdapter, type DiscordAdapter } from '../../adapters/discord/discord-adapter';
import type { ShardPlan } from '../../adapters/discord/discord-shards';
import { createLogger } from '../../src/logging/logger';
import {
  DEFAULT_GUILD,
  FakeDiscord,
  type FakeDiscordOptions,
  type Route,
} from '../fakes/discord/fake-discord';
import { fakeShardOf } from '../fakes/discord/fake-gateway';
import { slashInteraction, userPayload } from '../fakes/discord/fake-payloads';
import { Recorder } from '../fakes/discord/fake-recorder';
import { until } from '../support/until';
import type { LogLine } from './discord-harness';
import { FakeCommandService } from './fake-command-service';

/** `(id >> 22) % 2`: 0 for this guild, 1 for the default one. */
const GUILD_ON_0 = {
  id: '930000000000000001',
  name: 'Shard Zero Lab',
  channels: [{ id: '930000000000000101', name: 'papers' }],
};
const GUILD_ON_1 = DEFAULT_GUILD;
const CHANNEL_ON_0 = '930000000000000101';
const CHANNEL_ON_1 = '900000000000000101';
const ALICE = userPayload('700000000000000001', 'alice');
const MISROUTED = 'event for a shard this instance does not run; left to its owner';

interface Instance {
  adapter: DiscordAdapter;
  commands: FakeCommandService;
  logs: Recorder<LogLine>;
  claims: string[];
}

let fake: FakeDiscord | null = null;
let instances: Instance[] = [];
afterEach(async () => {
  await Promise.all(instances.map((instance) => instance.adapter.stop()));
  await fake?.close();
  instances = [];
  fake = null;
});

async function startFake(options: FakeDiscordOptions = {}): Promise<FakeDiscord> {
  fake = await FakeDiscord.start({ guilds: [GUILD_ON_0, GUILD_ON_1], maxConcurrency: 2, ...options });
  return fake;
}

/** An adapter on `shards`; `claimed` is the database claim both instances share (first asker wins). */
function instance(discord: FakeDiscord, shards: ShardPlan, claimed = new Set<string>()): Instance {
  const logs = new Recorder<LogLine>();
  const destination = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) logs.push(JSON.parse(line) as LogLine);
      done();
    },
  });
  const commands = new FakeCommandService();
  const claims: string[] = [];
  const adapter = createDiscordAdapter({
    token: discord.token,
    applicationId: discord.applicationId,
    apiBase: discord.apiBase,
    commands,
    log: createLogger({ level: 'debug', format: 'json', destination }),
    rest: { offset: 0, retries: 1, timeout: 2000 },
    readyTimeoutMs: 10_000,
    shards,
    claimInteraction: async (id) => {
      claims.push(id);
      if (claimed.has(id)) return false;
      claimed.add(id);
      return true;
    },
  });
  const started = { adapter, commands, logs, claims };
  instances.push(started);
  return started;
}

function slash(discord: FakeDiscord, channelId: string, route: Route = {}) {
  const channel = discord.store.channels.get(channelId);
  if (!channel) throw new Error(`no channel ${channelId}`);
  const base = { applicationId: discord.applicationId, guildId: channel.guild_id, channel, user: ALICE };
  return discord.injectInteraction(slashInteraction(base, '850000000000000001', 'help', []), route);
}

const identified = (discord: FakeDiscord) =>
  discord.gateway.frames
    .filter((frame) => frame.op === 2)
    .map((frame) => (frame.d as { shard?: unknown }).shard);

describe('the fake gateway’s shards', () => {
  it('put the two test guilds on shards 0 and 1 of 2', () => {
    expect(fakeShardOf(GUILD_ON_0.id, 2)).toBe(0);
    expect(fakeShardOf(GUILD_ON_1.id, 2)).toBe(1);
    expect(fakeShardOf(null, 2)).toBe(0);
  });
});

describe('a sharded Discord adapter', () => {
  it('identifies each of its shards as [id, count] and receives only the guilds on them', async () => {
    const discord = await startFake();
    const a = instance(discord, { ids: [0], count: 2 });
    const b = instance(discord, { ids: [1], count: 2 });
    await Promise.all([a.adapter.start(), b.adapter.start()]);
    expect(identified(discord).sort()).toEqual([
      [0, 2],
      [1, 2],
    ]);
    expect(discord.gateway.identifiedShards).toEqual([
      [0, 2],
      [1, 2],
    ]);
    const ready = (who: Instance) => who.logs.entries.find((line) => line.msg === 'discord ready');
    expect(ready(a)).toMatchObject({ guilds: 1, shards: [0], shardCount: 2 });
    expect(ready(b)).toMatchObject({ guilds: 1, shards: [1], shardCount: 2 });
    expect(a.adapter.shards()).toEqual({ ids: [0], count: 2 });
    expect(a.adapter.connectionDetail?.()).toBe('connected (shard 0 of 2)');
  });

  it('answers the interactions of its guilds, and leaves a misrouted one to its owner without claiming it', async () => {
    const discord = await startFake();
    const claimed = new Set<string>();
    const a = instance(discord, { ids: [0], count: 2 }, claimed);
    const b = instance(discord, { ids: [1], count: 2 }, claimed);
    await Promise.all([a.adapter.start(), b.adapter.start()]);

    const own = slash(discord, CHANNEL_ON_0);
    expect((await discord.waitForAnswer(own.id)).callbackType).toBe(4);
    // Sent to both connections (as if Discord misrouted it): only shard 1's instance answers.
    const misrouted = slash(discord, CHANNEL_ON_1, { to: 'everyone' });
    expect((await discord.waitForAnswer(misrouted.id)).callbackType).toBe(4);
    const refusal = await a.logs.waitFor((line) => line.msg === MISROUTED, 'the refusal');
    expect(refusal).toMatchObject({ level: 20, interaction: misrouted.id, guild: GUILD_ON_1.id, shard: 1 });

    expect(a.claims).toEqual([own.id]);
    expect(b.claims).toEqual([misrouted.id]);
    expect(a.commands.calls.entries.map((call) => call.context.channel.channelId)).toEqual([CHANNEL_ON_0]);
    expect(b.commands.calls.entries.map((call) => call.context.channel.channelId)).toEqual([CHANNEL_ON_1]);
    const callbacks = discord.requestsTo('POST', /^\/interactions\/\d+\/[^/]+\/callback$/);
    expect(callbacks.map((request) => request.path.split('/')[2]).sort()).toEqual(
      [own.id, misrouted.id].sort(),
    );
  });

  it('leaves a misrouted reaction to the instance running its guild’s shard', async () => {
    const discord = await startFake();
    const a = instance(discord, { ids: [0], count: 2 });
    const b = instance(discord, { ids: [1], count: 2 });
    await Promise.all([a.adapter.start(), b.adapter.start()]);
    const message = discord.store.addMessage({
      channel_id: CHANNEL_ON_1,
      author: discord.botUser,
      content: 'a paper',
    });
    discord.react({
      channelId: CHANNEL_ON_1,
      messageId: message.id,
      user: ALICE,
      emoji: '🔖',
      action: 'added',
      route: { to: 'everyone' },
    });
    await b.commands.reactions.waitFor(() => true, 'the owner to handle the reaction');
    await a.logs.waitFor((line) => line.msg === MISROUTED && line.messageId === message.id, 'the refusal');
    expect(a.commands.reactions.entries).toEqual([]);
    expect(b.commands.reactions.entries).toHaveLength(1);
  });

  it('checks the registered commands from the instance running shard 0 only', async () => {
    const discord = await startFake();
    const a = instance(discord, { ids: [0], count: 2 });
    const b = instance(discord, { ids: [1], count: 2 });
    await Promise.all([a.adapter.start(), b.adapter.start()]);
    await discord.waitForRequest(
      (request) => request.method === 'PUT' && request.path.endsWith('/commands'),
      'the registration',
    );
    expect(discord.requestsTo('GET', /^\/applications\/\d+\/commands$/)).toHaveLength(1);
    expect(
      b.logs.entries.some(
        (line) => line.msg === 'discord commands are checked by the instance running shard 0',
      ),
    ).toBe(true);
  });

  it('runs several shards in one process and serves every guild; connected only while all are ready', async () => {
    const discord = await startFake();
    const both = instance(discord, { ids: [0, 1], count: 2 });
    await both.adapter.start();
    expect(discord.gateway.identifiedShards).toEqual([
      [0, 2],
      [1, 2],
    ]);
    for (const channelId of [CHANNEL_ON_0, CHANNEL_ON_1]) {
      const record = slash(discord, channelId);
      expect((await discord.waitForAnswer(record.id)).callbackType).toBe(4);
    }
    expect(both.adapter.connected()).toBe(true);
    expect(both.adapter.connectionDetail?.()).toBe('connected (shards 0,1 of 2)');

    // Shard 1 is closed for good (4014 is not recoverable): the instance is no longer connected.
    discord.gateway.drop(4014, 1);
    await until(() => !both.adapter.connected(), 'the adapter to notice shard 1 is gone');
    expect(both.adapter.connectionDetail?.()).toBe('not connected (shards 0,1 of 2; not ready: 1)');
  });

  it('takes its shards from its options only, never from SHARDS / SHARD_COUNT in the environment', async () => {
    const discord = await startFake();
    process.env.SHARDS = '[1]';
    process.env.SHARD_COUNT = '4';
    try {
      const single = instance(discord, { ids: [0], count: 1 });
      await single.adapter.start();
    } finally {
      delete process.env.SHARDS;
      delete process.env.SHARD_COUNT;
    }
    expect(identified(discord)).toEqual([[0, 1]]);
    expect(instances[0]?.adapter.shards()).toEqual({ ids: [0], count: 1 });
  });

  it('with auto, runs the count Discord recommends', async () => {
    const discord = await startFake({ recommendedShards: 2 });
    const auto = instance(discord, 'auto');
    expect(auto.adapter.connectionDetail?.()).toMatch(/^not connected \(shards: auto/);
    await auto.adapter.start();
    expect(auto.adapter.shards()).toEqual({ ids: [0, 1], count: 2 });
    expect(identified(discord).sort()).toEqual([
      [0, 2],
      [1, 2],
    ]);
    expect(auto.adapter.connectionDetail?.()).toBe('connected (shards 0,1 of 2)');
    const record = slash(discord, CHANNEL_ON_1);
    expect((await discord.waitForAnswer(record.id)).callbackType).toBe(4);
  });

  it('fails to start, naming the settings, when Discord requires more shards (4011)', async () => {
    const discord = await startFake({ requiredShards: 2 });
    const single = instance(discord, { ids: [0], count: 1 });
    await expect(single.adapter.start()).rejects.toThrow(
      "Discord requires more shards than shard 0 of 1 for this bot's servers (gateway close 4011, sharding required): set DISCORD_SHARD_COUNT=auto, or a larger count split over the instances",
    );
    instances = [];
  });

  it('fails to start, naming the settings, when Discord refuses a shard (4010)', async () => {
    const discord = await startFake();
    const impossible = instance(discord, { ids: [3], count: 2 });
    await expect(impossible.adapter.start()).rejects.toThrow(
      'Discord refused shard 3 of 2 (gateway close 4010, invalid shard): check DISCORD_SHARD_COUNT and DISCORD_SHARD_IDS',
    );
    instances = [];
  });
});
