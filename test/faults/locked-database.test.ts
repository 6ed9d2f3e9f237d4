/**
 * Fault: another process holds the database's write lock for 6 s (longer than SQLite's old 5 s busy wait)
 * while people use the bot on Discord and Slack. The real bot runs as a child process; the test holds
 * `BEGIN IMMEDIATE` on the same file. Every command must be acknowledged within the platforms' 3 s, reads
 * answered while the lock is held, and both settings changes saved once it is released — none dropped.
 */
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { commandSpecs } from '../../commands/command-list';
import {
  type BotProcess,
  type BotWorld,
  countKeys,
  delay,
  exitOf,
  guildId,
  startBot,
  startBotWorld,
  waitUntil,
} from '../crash/bot-world';
import { slashFromText } from '../discord/discord-driver';
import { slashInteraction, userPayload } from '../fakes/discord/fake-payloads';
import type { SlackInbound } from '../fakes/slack/fake-slack-inbound';
import { SlackInbound as Inbound } from '../fakes/slack/fake-slack-inbound';

const lockHeldMs = 6_000;
const commandId = '850000000000000001';

describe('a database locked by another process', () => {
  let world: BotWorld;
  let bot: BotProcess | null = null;
  afterEach(async () => {
    bot?.child.kill('SIGKILL');
    if (bot) await exitOf(bot.child);
    await world.close();
  });

  it('acknowledges every Discord and Slack command in time and saves both settings changes', async () => {
    world = await startBotWorld({ channels: 2, slack: true });
    const slack = world.slack;
    if (!slack) throw new Error('the world has no Slack');
    bot = startBot(world.env);
    await waitUntil(() => countKeys(world).size >= 22 && slack.socket.connected, 30_000);
    expect(countKeys(world).size).toBe(22);
    const inbound: SlackInbound = new Inbound(slack, { kind: 'socket' });

    const blocker = new Database(world.database);
    blocker.exec('BEGIN IMMEDIATE');
    blocker.prepare('UPDATE subscriptions SET updated_at = updated_at WHERE id = 1').run();
    const [first, second] = world.channels;
    const discordCommands = [
      { channelId: first, text: 'settings threads=off' },
      { channelId: second, text: 'subscribe top=5' },
      { channelId: first, text: 'today' },
      { channelId: second, text: 'search contrastive loss' },
      { channelId: first, text: 'why 2410.17243' },
    ].map(({ channelId, text }) => {
      const { sub, options } = slashFromText(text, commandSpecs);
      const channel = world.discord.store.channels.get(channelId ?? '');
      if (!channel) throw new Error(`no channel ${channelId}`);
      const base = {
        applicationId: world.discord.applicationId,
        guildId,
        channel,
        user: userPayload('960000000000000001', 'ada'),
        admin: true,
      };
      return world.discord.injectInteraction(slashInteraction(base, commandId, sub, options));
    });
    const slackCommands = ['settings threads=off', 'today', 'search contrastive loss'].map((text) =>
      inbound
        .command({ channel: 'C_PAPERS', user: 'U_ADMIN', text })
        .catch(() => ({ inTime: false, responseUrlId: 'never acked' })),
    );
    const slackAcks = await Promise.all(slackCommands);
    await delay(lockHeldMs);
    blocker.exec('ROLLBACK');
    blocker.close();

    const answers = await Promise.all(
      discordCommands.map((record) => world.discord.waitForAnswer(record.id).catch(() => null)),
    );
    await waitUntil(() => slackAcks.every((ack) => slack.responsesTo(ack.responseUrlId).length > 0), 15_000);
    const refusedCallbacks = world.discord.requests.filter(
      (request) => /^\/interactions\/\d+\/[^/]+\/callback$/.test(request.path) && request.status >= 400,
    );
    const slackReplies = slackAcks.map((ack) =>
      JSON.stringify(slack.responsesTo(ack.responseUrlId)[0]?.body ?? null),
    );
    const discordReplies = answers.map((answer) => JSON.stringify(answer?.message ?? null));
    const failed = (reply: string) =>
      reply === 'null' || /went wrong|could not be saved|database/.test(reply);
    expect({
      discordAnsweredInTime: answers.length - refusedCallbacks.length,
      discordAnswered: answers.filter((answer) => answer !== null).length,
      discordFailedReplies: discordReplies.filter(failed).length,
      slackAckedInTime: slackAcks.filter((ack) => ack.inTime).length,
      slackAnswered: slackReplies.filter((reply) => reply !== 'null').length,
      slackFailedReplies: slackReplies.filter(failed).length,
    }).toEqual({
      discordAnsweredInTime: 5,
      discordAnswered: 5,
      discordFailedReplies: 0,
      slackAckedInTime: 3,
      slackAnswered: 3,
      slackFailedReplies: 0,
    });
    expect(slackReplies[0]).toContain('threads');

    const check = new Database(world.database, { readonly: true });
    const threads = check.prepare('SELECT channel_id, settings FROM channel_settings').all() as Array<{
      channel_id: string;
      settings: string;
    }>;
    const topOf = check
      .prepare('SELECT settings FROM subscriptions WHERE channel_id = ?')
      .pluck()
      .get(second) as string;
    check.close();
    expect(threads.map((row) => [row.channel_id, JSON.parse(row.settings).threads]).sort()).toEqual(
      [
        [first, false],
        ['C_PAPERS', false],
      ].sort(),
    );
    expect(JSON.parse(topOf)).toMatchObject({ topN: 5 });
  }, 90_000);
});
