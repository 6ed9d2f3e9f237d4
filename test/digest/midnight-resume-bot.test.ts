/**
 * A digest run that was started is finished whatever the date at restart (issue 28, item 1): the bot
 * dies at 23:59 with a four-channel digest part-posted (its store stops answering right after Discord
 * created a post, before `sent` was written: a SIGKILL as the database sees it) and a new bot starts on
 * the same database at 00:00:40, a new local date. The start-up reconcile settles the post in flight, the
 * catch-up tick posts every paper the run left, once, and `why` says so. Crossing the channel's midnight
 * (America/Los_Angeles, 07:00 UTC) and UTC's, on SQLite and PostgreSQL (PGlite, and TEST_DATABASE_URL's).
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ChannelRef } from '../../src/records/channel';
import { type DigestSettings, defaultDigestSettings } from '../../src/records/subscription';
import type { Store } from '../../src/store/store';
import { DEFAULT_GUILD, FakeDiscord } from '../fakes/discord/fake-discord';
import { FakeHfServer } from '../fakes/hf/fake-hf-server';
import { BotHarness } from '../support/bot-harness';
import { oct25Batch } from '../support/fixtures';
import { freezable } from '../support/freezable-store';
import { testStores } from '../support/test-stores';
import { until } from '../support/until';

const guildId = DEFAULT_GUILD.id;
const papersChannel = '900000000000000101';
/** #papers (where the harness asks `why`) and three more. */
const channels = [
  papersChannel,
  ...Array.from({ length: 3 }, (_, i) => String(932000000000000000n + BigInt(i + 1))),
];
const STRING = 3;

const keysIn = (discord: FakeDiscord, channelId: string) =>
  discord.store.channelHistory(channelId).map((message) => {
    const texts = [message.content, ...message.embeds.map((embed) => embed.footer?.text ?? '')];
    return texts.join('\n').match(/ref (pb:[\w.:/-]+)/)?.[1] ?? `(no key: ${message.content})`;
  });
const postsIn = (discord: FakeDiscord) =>
  channels.reduce((sum, id) => sum + discord.store.channelHistory(id).length, 0);

/** The two midnights: the channel's own (Los Angeles, where UTC's date does not change) and UTC's. */
const midnights = [
  {
    crossing: "the channel's midnight (America/Los_Angeles)",
    timezone: 'America/Los_Angeles',
    // 23:40, 23:50 and 00:00:40 in Los Angeles (PDT, UTC-7): all on 27 October in UTC.
    startedAt: '2024-10-27T06:40:00Z',
    digestAt: '2024-10-27T06:50:00Z',
    restartedAt: '2024-10-27T07:00:40Z',
    batchDay: '2024-10-26',
  },
  {
    crossing: 'UTC midnight',
    timezone: 'UTC',
    startedAt: '2024-10-26T23:40:00Z',
    digestAt: '2024-10-26T23:50:00Z',
    restartedAt: '2024-10-27T00:00:40Z',
    batchDay: '2024-10-25',
  },
];

let cleanup: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

describe.each(testStores)('a digest killed at 23:59, on $name', (kind) => {
  it.each(midnights)(
    'is finished after $crossing: every paper once, reconciled, and why agrees',
    async ({ timezone, startedAt, digestAt, restartedAt, batchDay }) => {
      const hf = (await new FakeHfServer().start()).setDay(batchDay, oct25Batch());
      const discord = await FakeDiscord.start({
        guilds: [
          {
            ...DEFAULT_GUILD,
            channels: [
              ...DEFAULT_GUILD.channels,
              ...channels.slice(1).map((id, i) => ({ id, name: `night-${i}` })),
            ],
          },
        ],
        enforceNonces: false,
      });
      const [first, second] = (await kind.openShared(2)) as [Store, Store];
      cleanup.push(
        () => hf.stop(),
        () => discord.close(),
        () => first.close(),
        () => second.close(),
      );
      const settings: DigestSettings = { ...defaultDigestSettings, time: '23:50', timezone };
      for (const channelId of channels) {
        const channel: ChannelRef = { platform: 'discord', workspaceId: guildId, channelId };
        await first.subscriptions.upsert(channel, settings, '2024-10-20T00:00:00Z');
      }
      const env = { DATABASE_URL: 'postgres://shared-test-database/paperboy' };

      // 23:50 local: the digest starts; the bot dies right after Discord created its 18th post.
      const dying = freezable(first);
      const before = await BotHarness.start({ now: startedAt, hf, discord, store: dying.store, env });
      cleanup.push(() => before.stop(false));
      const died = dying.freezeAt('deliveries', 'markSent', 18);
      void before.tickAt(digestAt);
      await died;
      let settled = -1;
      await until(async () => {
        const now = postsIn(discord);
        const same = now === settled;
        settled = now;
        await new Promise((resolve) => setTimeout(resolve, 150));
        return same;
      }, "the dead bot's last posts to land");
      expect(settled).toBeGreaterThanOrEqual(18);
      expect(settled).toBeLessThan(channels.length * 11);
      await before.stop(false);
      expect(await second.deliveries.inFlight()).not.toEqual([]);
      // The runs the dead bot left unfinished (a channel may have finished before it died).
      const unfinished = (await second.deliveries.unfinishedRuns()).length;
      expect(unfinished).toBeGreaterThan(0);

      // 00:00:40 the next local day: the start-up reconcile and catch-up finish yesterday's run.
      const after = await BotHarness.start({ now: restartedAt, hf, discord, store: second, env });
      cleanup.push(() => after.stop(false));
      for (const channelId of channels) {
        const keys = keysIn(discord, channelId);
        expect(keys, channelId).toHaveLength(11);
        expect(new Set(keys).size, channelId).toBe(11);
        expect(keys[0], channelId).toMatch(/^pb:run:\d+$/);
      }
      expect(await second.deliveries.inFlight()).toEqual([]);
      const finished = after.logs.filter((line) => line.msg === 'digest run finished');
      expect(finished).toHaveLength(1);
      expect(finished[0]).toMatchObject({ channels: unfinished });

      // A later tick the same night posts nothing more; `why` names the post of the finished run.
      await after.tickAt(new Date(Date.parse(restartedAt) + 60_000).toISOString());
      expect(postsIn(discord)).toBe(channels.length * 11);
      const lastKey = keysIn(discord, papersChannel).at(-1) as string;
      const paperId = lastKey.split(':').at(-1) as string;
      const why = await after.slash('why', [{ name: 'id', type: STRING, value: paperId }]);
      expect(why).toMatch(/was posted here on/);
      expect(why).not.toMatch(/being posted now/);
    },
    60_000,
  );
});
