/**
 * The fan-out through the composition root: runBot (manual clock, real discord.js) posting one digest to
 * twelve channels on a fake Discord that enforces Discord's limits (50 requests/s per bot; 5 messages per
 * channel per window, the window shortened from 5 s to 1 s so the test is quick). Every channel gets the
 * whole digest, in order, once, and channels are posted to at the same time.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { selectForDigest } from '../../src/digest/digest-preview';
import { normalizeHfDailyItem } from '../../src/sources/hf/hf-normalize';
import { hfDailyItemSchema } from '../../src/sources/hf/hf-schemas';
import { openSqliteStore } from '../../src/store/sqlite/sqlite-store';
import { defaultDigestSettings } from '../../src/subscriptions/subscription';
import { FakeDiscord } from '../fakes/discord/fake-discord';
import { FakeHfServer } from '../fakes/hf/fake-hf-server';
import { BotHarness } from '../support/bot-harness';
import { oct25Batch } from '../support/fixtures';

const guildId = '900000000000000001';
const channelIds = Array.from({ length: 12 }, (_, i) => String(930000000000000000n + BigInt(i + 1)));

/** The delivery key each of the channel's messages carries, oldest first. */
const keysIn = (discord: FakeDiscord, channelId: string) =>
  discord.store.channelHistory(channelId).map((message) => {
    const texts = [message.content, ...message.embeds.map((embed) => embed.footer?.text ?? '')];
    return texts.join('\n').match(/ref (pb:[\w.:/-]+)/)?.[1] ?? `(no key: ${message.content})`;
  });

let bot: BotHarness | null = null;
afterEach(async () => {
  await bot?.stop();
  bot = null;
});

describe('a digest to many channels', () => {
  it('posts every channel its whole digest in order, exactly once, several channels at a time, under enforced limits', async () => {
    const hf = (await new FakeHfServer().start()).setDay('2024-10-25', oct25Batch());
    const discord = await FakeDiscord.start({
      guilds: [{ id: guildId, channels: channelIds.map((id, i) => ({ id, name: `papers-${i}` })) }],
    });
    discord.limits.enforce({ channelWindowMs: 1_000 });
    const database = join(mkdtempSync(join(tmpdir(), 'paperboy-fan-out-')), 'bot.db');
    const store = openSqliteStore(database);
    const subscriptionIds = channelIds.map(
      (channelId) =>
        store.subscriptions.upsert(
          { platform: 'discord', workspaceId: guildId, channelId },
          defaultDigestSettings,
          '2024-10-20T00:00:00Z',
        ).id,
    );
    store.close();
    bot = await BotHarness.start({ now: '2024-10-26T08:00:00Z', hf, discord, database });

    await bot.tickAt('2024-10-26T09:00:00Z');

    const papers = oct25Batch().map((item) =>
      normalizeHfDailyItem(hfDailyItemSchema.parse(item), 'http://x', 'day'),
    );
    const topTen = selectForDigest(papers, defaultDigestSettings).map(({ paper }) => paper.id);
    expect(topTen).toHaveLength(10);
    channelIds.forEach((channelId, index) => {
      const keys = keysIn(discord, channelId);
      // The header first, then the papers in the digest's order: the channel's crash-safe order held.
      expect(keys[0], channelId).toMatch(/^pb:run:\d+$/);
      expect(keys.slice(1), channelId).toEqual(topTen.map((id) => `pb:${subscriptionIds[index]}:${id}`));
    });
    expect(discord.limits.maxChannelsInFlight()).toBeGreaterThan(1);
    const finished = bot.logs.filter((line) => line.msg === 'digest run finished');
    expect(finished).toHaveLength(1);
    expect(finished[0]).toMatchObject({ channels: 12, posts: 120, failures: 0 });
  }, 60_000);
});
