/**
 * The fan-out through the composition root: runBot (manual clock, real discord.js) posting one digest to
 * twelve channels on a fake Discord that enforces Discord's limits (50 requests/s per bot; 5 messages per
 * channel per window, the window shortened from 5 s to 1 s so the test is quick), and to four channels
 * on a fake Slack holding each channel to one message a second and chat.postMessage to its workspace tier.
 * Every channel gets the whole digest, in order, once, and channels are posted to at the same time.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { selectForDigest } from '../../src/digest/digest-preview';
import { openSqliteStore } from '../../src/engines/sqlite/sqlite-store';
import type { ChannelRef } from '../../src/records/channel';
import { defaultDigestSettings } from '../../src/records/subscription';
import { normalizeHfDailyItem } from '../../src/sources/hf/hf-normalize';
import { hfDailyItemSchema } from '../../src/sources/hf/hf-schemas';
import { FakeDiscord } from '../fakes/discord/fake-discord';
import { FakeHfServer } from '../fakes/hf/fake-hf-server';
import { FakeSlack } from '../fakes/slack/fake-slack';
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

/** The day's top 10 as the digest engine ranks them. */
const topTen = async () => {
  const papers = oct25Batch().map((item) =>
    normalizeHfDailyItem(hfDailyItemSchema.parse(item), 'http://x', 'day'),
  );
  return (await selectForDigest(papers, defaultDigestSettings)).map(({ paper }) => paper.id);
};

/** A database with a subscription for each channel; returns the subscription ids. */
async function subscribed(channels: ChannelRef[]): Promise<{ database: string; ids: number[] }> {
  const database = join(mkdtempSync(join(tmpdir(), 'paperboy-fan-out-')), 'bot.db');
  const store = openSqliteStore(database);
  const ids: number[] = [];
  for (const channel of channels)
    ids.push((await store.subscriptions.upsert(channel, defaultDigestSettings, '2024-10-20T00:00:00Z')).id);
  await store.close();
  return { database, ids };
}

let bot: BotHarness | null = null;
let slack: FakeSlack | null = null;
afterEach(async () => {
  await bot?.stop();
  bot = null;
  await slack?.close();
  slack = null;
});

describe('a digest to many channels', () => {
  it('posts every channel its whole digest in order, exactly once, several channels at a time, under enforced limits', async () => {
    const hf = (await new FakeHfServer().start()).setDay('2024-10-25', oct25Batch());
    const discord = await FakeDiscord.start({
      guilds: [{ id: guildId, channels: channelIds.map((id, i) => ({ id, name: `papers-${i}` })) }],
    });
    discord.limits.enforce({ channelWindowMs: 1_000 });
    const { database, ids: subscriptionIds } = await subscribed(
      channelIds.map((channelId) => ({ platform: 'discord', workspaceId: guildId, channelId })),
    );
    bot = await BotHarness.start({ now: '2024-10-26T08:00:00Z', hf, discord, database });

    await bot.tickAt('2024-10-26T09:00:00Z');

    const top = await topTen();
    expect(top).toHaveLength(10);
    channelIds.forEach((channelId, index) => {
      const keys = keysIn(discord, channelId);
      // The header first, then the papers in the digest's order: the channel's crash-safe order held.
      expect(keys[0], channelId).toMatch(/^pb:run:\d+$/);
      expect(keys.slice(1), channelId).toEqual(top.map((id) => `pb:${subscriptionIds[index]}:${id}`));
    });
    expect(discord.limits.maxChannelsInFlight()).toBeGreaterThan(1);
    const finished = bot.logs.filter((line) => line.msg === 'digest run finished');
    expect(finished).toHaveLength(1);
    expect(finished[0]).toMatchObject({ channels: 12, posts: 120, failures: 0 });
  }, 60_000);

  it('on Slack too: each channel its whole digest in order, once, several channels at a time, under the tier', async () => {
    const hf = (await new FakeHfServer().start()).setDay('2024-10-25', oct25Batch());
    slack = await FakeSlack.start();
    slack.workspace.addUser({ id: slack.botUserId, isBot: true });
    const slackChannels = ['C_FAN_1', 'C_FAN_2', 'C_FAN_3', 'C_FAN_4'];
    for (const id of slackChannels) slack.workspace.addChannel({ id });
    slack.postLimits.enforceTier();
    const teamId = slack.teamId;
    const { database, ids } = await subscribed(
      slackChannels.map((channelId) => ({ platform: 'slack', workspaceId: teamId, channelId })),
    );
    const env = {
      SLACK_BOT_TOKEN: slack.botToken,
      SLACK_APP_TOKEN: slack.appToken,
      SLACK_API_URL: slack.apiUrl,
    };
    bot = await BotHarness.start({ now: '2024-10-26T08:00:00Z', hf, discord: null, database, env });

    await bot.tickAt('2024-10-26T09:00:00Z');

    const top = await topTen();
    slackChannels.forEach((channelId, index) => {
      const fake = slack as FakeSlack;
      const keys = fake.workspace
        .channelMessages(channelId)
        .map((message) => message.metadata?.event_payload.key);
      expect(keys[0], channelId).toMatch(/^pb:run:\d+$/);
      expect(keys.slice(1), channelId).toEqual(top.map((id) => `pb:${ids[index]}:${id}`));
    });
    expect(slack.postLimits.maxChannelsInFlight()).toBeGreaterThan(1);
    expect(bot.logs.filter((line) => line.msg === 'digest run finished')).toHaveLength(1);
  }, 60_000);
});
