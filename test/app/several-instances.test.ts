/**
 * Several instances on one PostgreSQL database (PGlite, and the real server when TEST_DATABASE_URL is
 * set): three `runBot`s in this process, each with its own store connection, clock and ticker, on one fake
 * Discord (every gateway connection receives every interaction) and one fake Hugging Face. Each digest is
 * posted once per channel across them, each job runs once per tick, a slash command is answered once, and
 * an instance that dies in the middle of a fan-out (its store stops answering right after Discord created
 * a post, before `sent` was written) is taken over by another once its lease has expired: every channel
 * gets its digest whole, in order, once.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ChannelRef } from '../../src/records/channel';
import { defaultDigestSettings } from '../../src/records/subscription';
import type { Store } from '../../src/store/store';
import { DEFAULT_GUILD, FakeDiscord } from '../fakes/discord/fake-discord';
import { FakeHfServer } from '../fakes/hf/fake-hf-server';
import { BotHarness } from '../support/bot-harness';
import { oct25Batch } from '../support/fixtures';
import { type FreezableStore, freezable } from '../support/freezable-store';
import { testStores } from '../support/test-stores';
import { until } from '../support/until';

const guildId = DEFAULT_GUILD.id;
const papersChannel = '900000000000000101';
const digestChannels = Array.from({ length: 6 }, (_, i) => String(931000000000000000n + BigInt(i + 1)));
const postgresKinds = testStores.filter((kind) => kind.name !== 'sqlite');

/** The delivery key of each message in the channel, oldest first. */
const keysIn = (discord: FakeDiscord, channelId: string) =>
  discord.store.channelHistory(channelId).map((message) => {
    const texts = [message.content, ...message.embeds.map((embed) => embed.footer?.text ?? '')];
    return texts.join('\n').match(/ref (pb:[\w.:/-]+)/)?.[1] ?? `(no key: ${message.content})`;
  });

const postsIn = (discord: FakeDiscord, channels: string[]) =>
  channels.reduce((sum, id) => sum + discord.store.channelHistory(id).length, 0);

let bots: BotHarness[] = [];
let fakes: { discord: FakeDiscord; hf: FakeHfServer } | null = null;
let stores: Store[] = [];
afterEach(async () => {
  await Promise.all(bots.map((bot) => bot.stop(false)));
  await Promise.all(stores.map((store) => store.close()));
  await fakes?.discord.close();
  await fakes?.hf.stop();
  bots = [];
  stores = [];
  fakes = null;
});

/** Three instances on one fresh database with `digestChannels` subscribed (09:00 UTC, the defaults). */
async function threeInstances(
  kind: (typeof postgresKinds)[number],
  env: Record<string, string> = {},
  wrap: (store: Store, index: number) => Store = (store) => store,
) {
  const hf = (await new FakeHfServer().start()).setDay('2024-10-25', oct25Batch());
  const discord = await FakeDiscord.start({
    guilds: [
      {
        ...DEFAULT_GUILD,
        channels: [
          ...DEFAULT_GUILD.channels,
          ...digestChannels.map((id, i) => ({ id, name: `digest-${i}` })),
        ],
      },
    ],
  });
  fakes = { discord, hf };
  stores = await kind.openShared(3);
  const [first] = stores as [Store];
  for (const channelId of digestChannels) {
    const channel: ChannelRef = { platform: 'discord', workspaceId: guildId, channelId };
    await first.subscriptions.upsert(channel, defaultDigestSettings, '2024-10-20T00:00:00Z');
  }
  for (const [index, store] of stores.entries())
    bots.push(
      await BotHarness.start({
        now: '2024-10-26T08:00:00Z',
        hf,
        discord,
        store: wrap(store, index),
        env: { DATABASE_URL: 'postgres://shared-test-database/paperboy', ...env },
      }),
    );
  return { discord, hf };
}

const logged = (message: string) => bots.map((bot) => bot.logs.filter((line) => line.msg === message).length);

describe.each(postgresKinds)('three instances on one $name database', (kind) => {
  it('post each digest once per channel, run each job once per tick and answer a slash command once', async () => {
    const { discord } = await threeInstances(kind);
    // Start-up's catch-up tick (08:00) ran in all three: the daily prune went to one of them.
    expect(logged('pruned old log rows').reduce((a, b) => a + b)).toBe(1);

    // Every gateway connection receives the interaction; one instance claims and answers it.
    const answer = await (bots[1] as BotHarness).slash('subscribe');
    expect(answer).toMatch(/subscribed|digest/i);
    await until(
      () => logged('interaction answered by another instance').reduce((a, b) => a + b) === 2,
      'the other two instances to stand aside',
    );
    const callbacks = discord.requestsTo('POST', /^\/interactions\/\d+\/[^/]+\/callback$/);
    expect(callbacks).toHaveLength(1);
    expect(discord.outputs.filter((output) => output.kind === 'followup')).toEqual([]);
    const channels = [...digestChannels, papersChannel];
    expect(await (stores[0] as Store).subscriptions.listActive()).toHaveLength(channels.length);

    await Promise.all(bots.map((bot) => bot.tickAt('2024-10-26T09:00:00Z')));
    await Promise.all(bots.map((bot) => bot.tickAt('2024-10-26T09:01:00Z')));

    for (const channelId of channels) {
      // #papers also shows the (public) answer to /papers subscribe, which carries no delivery key.
      const keys = keysIn(discord, channelId).filter((key) => key.startsWith('pb:'));
      expect(keys, channelId).toHaveLength(11);
      expect(new Set(keys).size, channelId).toBe(11);
      expect(keys[0], channelId).toMatch(/^pb:run:\d+$/);
    }
    // One instance ran the 09:00 fan-out; the other two (and the 09:01 tick) found nothing to do.
    const finished = logged('digest run finished');
    expect(finished.reduce((a, b) => a + b)).toBe(1);
    expect(
      bots.flatMap((bot) => bot.logs.filter((line) => line.msg === 'digest run finished'))[0],
    ).toMatchObject({
      channels: channels.length,
      posts: channels.length * 10,
    });
    expect(logged('pruned old log rows').reduce((a, b) => a + b)).toBe(1);
  }, 90_000);

  it('take over the fan-out of an instance that died in the middle of it once its lease expired, with no duplicate and no loss', async () => {
    let dying: FreezableStore | null = null;
    const { discord } = await threeInstances(kind, { JOB_LEASE_SECONDS: '90' }, (store, index) => {
      if (index > 0) return store;
      dying = freezable(store);
      return dying.store;
    });
    const dead = dying as unknown as FreezableStore;
    const [first, second, third] = bots as [BotHarness, BotHarness, BotHarness];
    // The first instance wins the 09:00 tick and dies after Discord created its 8th post, before the
    // bot wrote it down as sent (the worst moment); the posts then in flight in other channels land too.
    const died = dead.freezeAt('deliveries', 'markSent', 8);
    void first.tickAt('2024-10-26T09:00:00Z');
    await died;
    let settled = -1;
    await until(async () => {
      const now = postsIn(discord, digestChannels);
      const same = now === settled;
      settled = now;
      await new Promise((resolve) => setTimeout(resolve, 150));
      return same;
    }, 'the dead instance’s last posts to land');
    expect(settled).toBeGreaterThanOrEqual(8);
    expect(settled).toBeLessThan(digestChannels.length * 11);

    // Its lease is live until 09:01:30: neither the same tick nor the next one takes the fan-out over.
    await Promise.all([second.tickAt('2024-10-26T09:00:00Z'), third.tickAt('2024-10-26T09:00:00Z')]);
    await Promise.all([second.tickAt('2024-10-26T09:01:00Z'), third.tickAt('2024-10-26T09:01:00Z')]);
    expect(postsIn(discord, digestChannels)).toBe(settled);
    // What the dead instance left: posts Discord created whose `sent` was never written.
    expect((await (stores[1] as Store).deliveries.inFlight()).length).toBeGreaterThan(0);

    // At 09:02 the lease has expired: one of the two survivors resumes the run where the dead one left it.
    await Promise.all([second.tickAt('2024-10-26T09:02:00Z'), third.tickAt('2024-10-26T09:02:00Z')]);
    for (const channelId of digestChannels) {
      const keys = keysIn(discord, channelId);
      expect(keys, channelId).toHaveLength(11);
      expect(new Set(keys).size, channelId).toBe(11);
      expect(keys[0], channelId).toMatch(/^pb:run:\d+$/);
    }
    const finished = logged('digest run finished');
    expect(finished[0]).toBe(0);
    expect((finished[1] ?? 0) + (finished[2] ?? 0)).toBe(1);
    // The dead instance's frozen store never recovers; the shutdown abandons its job after its grace.
    expect(dead.frozen).toBe(true);
  }, 90_000);
});
