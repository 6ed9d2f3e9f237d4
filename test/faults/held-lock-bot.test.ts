/**
 * Fault: another process holds the SQLite database's write lock (`BEGIN IMMEDIATE`) while a burst of
 * commands arrives on Discord (gateway + REST, the real discord.js) and on Slack (signed HTTP requests),
 * through the composition root (#24 item 6, #28 item 3). Every interaction is acknowledged while the lock
 * is still held, within each platform's 3 s (the fake Discord refuses a later callback, the fake Slack marks
 * a later HTTP answer); the reads answer while it is held; the changes answer once it is gone, saved. No
 * timing is asserted beyond the platforms' own deadlines: the lock is released only after the
 * acknowledgements and the reads' answers are in, so each of them came while another process held it.
 */
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { commandSpecs } from '../../commands/command-list';
import { slashFromText } from '../discord/discord-driver';
import type { FakeDiscord } from '../fakes/discord/fake-discord';
import { slashInteraction, userPayload } from '../fakes/discord/fake-payloads';
import type { InteractionOutput } from '../fakes/discord/fake-types';
import { FakeHfServer } from '../fakes/hf/fake-hf-server';
import { FakeSlack } from '../fakes/slack/fake-slack';
import { SlackInbound } from '../fakes/slack/fake-slack-inbound';
import { BotHarness } from '../support/bot-harness';
import { oct25Batch } from '../support/fixtures';
import { holdWriteLock, type LockHolder } from '../support/lock-holder';

const signingSecret = 'held-lock-signing-secret-91f3';
const papersChannel = '900000000000000101';
/** Long enough for anything that is not stuck; the platforms' deadlines are what the fakes enforce. */
const patience = 15_000;

const discordReads = [
  'today',
  'search contrastive loss',
  'search memory barrier',
  'why 2410.17243',
  'paper 2410.17243',
  'queue',
  'help',
];
const discordChanges = ['settings threads=off', 'subscribe 09:00 UTC top=5', 'settings agenda=off'];
const slackReads = ['today', 'search contrastive loss', 'paper 2410.17243', 'queue'];
const slackChanges = ['settings threads=off', 'subscribe 09:00 UTC top=3'];

let bot: BotHarness | null = null;
let slack: FakeSlack | null = null;
let holder: LockHolder | null = null;
afterEach(async () => {
  await holder?.release();
  await bot?.stop();
  await slack?.close();
  bot = null;
  slack = null;
  holder = null;
});

async function startWorld() {
  const hf = (await new FakeHfServer().start()).setDay('2024-10-25', oct25Batch());
  slack = await FakeSlack.start();
  slack.workspace.addChannel({ id: 'C_PAPERS', name: 'papers', creator: 'U_ADMIN' });
  slack.workspace.addUser({ id: 'U_ADMIN', isAdmin: true });
  slack.workspace.addUser({ id: slack.botUserId, isBot: true });
  bot = await BotHarness.start({
    now: '2024-10-26T08:00:00Z',
    hf,
    env: {
      SLACK_BOT_TOKEN: slack.botToken,
      SLACK_SIGNING_SECRET: signingSecret,
      SLACK_API_URL: slack.apiUrl,
      SLACK_PORT: '0',
    },
  });
  const started = bot.logs.entries.find((line) => line.msg === 'slack adapter started');
  if (typeof started?.port !== 'number') throw new Error('the Slack adapter logged no port');
  const inbound = new SlackInbound(slack, {
    kind: 'http',
    url: `http://127.0.0.1:${started.port}/slack/events`,
    signingSecret,
  });
  const discord = bot.discord;
  if (!discord) throw new Error('no Discord');
  return { bot, slack, inbound, discord };
}

function injectSlash(discord: FakeDiscord, text: string): string {
  const { sub, options } = slashFromText(text, commandSpecs);
  const channel = discord.store.channels.get(papersChannel);
  if (!channel) throw new Error('no #papers in the fake');
  const base = {
    applicationId: discord.applicationId,
    guildId: channel.guild_id,
    channel,
    user: userPayload('700000000000000001', 'alice'),
    admin: true,
  };
  return discord.injectInteraction(slashInteraction(base, '850000000000000001', sub, options)).id;
}

const isAnswer = (output: InteractionOutput) =>
  output.kind === 'edit' || output.kind === 'followup' || [4, 7].includes(output.callbackType ?? 0);

describe('another process holds the database write lock', () => {
  it('acknowledges every Discord and Slack command while it is held, answers the reads then, and the changes once it is gone', async () => {
    const { bot, slack, inbound, discord } = await startWorld();
    // The batch is stored and the bot has answered once before the lock is taken.
    expect(await bot.slash('today')).toContain('Breaking the Memory Barrier');

    holder = await holdWriteLock(bot.database);
    const discordIds = new Map(
      [...discordReads, ...discordChanges].map((text) => [injectSlash(discord, text), text]),
    );
    const slackSent = [...slackReads, ...slackChanges].map((text) =>
      inbound
        .command({ channel: 'C_PAPERS', user: 'U_ADMIN', text })
        .then((delivered) => ({ text, delivered })),
    );
    const idOf = (text: string) => [...discordIds].find(([, sent]) => sent === text)?.[0] ?? '';
    const outputsOf = (id: string) => discord.outputs.filter((output) => output.interactionId === id);

    // Acknowledged, all of them, with the lock held.
    await Promise.all(
      [...discordIds.keys()].map((id) =>
        discord.outputs.waitFor(
          (output) => output.interactionId === id && output.kind === 'callback',
          `the acknowledgement of ${discordIds.get(id)}`,
          patience,
        ),
      ),
    );
    const slackAcks = await Promise.all(slackSent);
    // The reads answer while it is still held.
    await Promise.all(
      discordReads.map((text) =>
        discord.outputs.waitFor(
          (output) => output.interactionId === idOf(text) && isAnswer(output),
          `the answer to ${text}`,
          patience,
        ),
      ),
    );
    const slackAnswer = (text: string) => {
      const sent = slackAcks.find((ack) => ack.text === text);
      return sent ? slack.responsesTo(sent.delivered.responseUrlId)[0] : undefined;
    };
    await slack.waitFor(
      () => slackReads.every((text) => slackAnswer(text)) || undefined,
      'the Slack reads',
      patience,
    );
    const changesAnsweredWhileHeld = [
      ...discordChanges.filter((text) => outputsOf(idOf(text)).some(isAnswer)),
      ...slackChanges.filter((text) => slackAnswer(text)),
    ];
    await holder.release();

    await Promise.all(
      discordChanges.map((text) =>
        discord.outputs.waitFor(
          (output) => output.interactionId === idOf(text) && isAnswer(output),
          `the answer to ${text}`,
          patience,
        ),
      ),
    );
    await slack.waitFor(
      () => slackChanges.every((text) => slackAnswer(text)) || undefined,
      'the Slack changes',
      patience,
    );

    // Discord took every callback: it refuses one that comes after its 3 s (10062).
    const callbacks = discord.requests.filter(
      (request) => request.method === 'POST' && /^\/interactions\/\d+\/[^/]+\/callback$/.test(request.path),
    );
    expect(callbacks.map((request) => request.status)).toEqual(callbacks.map(() => 204));
    expect(callbacks).toHaveLength(discordIds.size + 1);
    expect(slackAcks.map(({ text, delivered }) => [text, delivered.status, delivered.inTime])).toEqual(
      [...slackReads, ...slackChanges].map((text) => [text, 200, true]),
    );
    // Nothing was saved, and nothing claimed to be, while the lock was held.
    expect(changesAnsweredWhileHeld).toEqual([]);

    const answerText = (id: string) => JSON.stringify(outputsOf(id).find(isAnswer)?.message ?? null);
    const slackText = (text: string) => JSON.stringify(slackAnswer(text)?.body ?? null);
    expect(answerText(idOf('today'))).toContain('Breaking the Memory Barrier');
    expect(answerText(idOf('paper 2410.17243'))).toContain('Breaking the Memory Barrier');
    expect(slackText('paper 2410.17243')).toContain('Breaking the Memory Barrier');
    expect(slackText('today')).toContain('Breaking the Memory Barrier');
    const everything = [
      ...[...discordIds.keys()].map(answerText),
      ...[...slackReads, ...slackChanges].map(slackText),
    ];
    expect(everything.filter((text) => /locked|could not|went wrong/.test(text))).toEqual([]);
    expect(answerText(idOf('subscribe 09:00 UTC top=5'))).toContain('now gets');
    expect(slackText('subscribe 09:00 UTC top=3')).toContain('now gets');

    const check = new Database(bot.database, { readonly: true });
    try {
      const settings = check.prepare('SELECT channel_id, settings FROM channel_settings').all() as Array<{
        channel_id: string;
        settings: string;
      }>;
      const threads = settings.map((row) => [row.channel_id, JSON.parse(row.settings).threads]).sort();
      expect(threads).toEqual([
        [papersChannel, false],
        ['C_PAPERS', false],
      ]);
      const tops = check
        .prepare('SELECT channel_id, settings FROM subscriptions ORDER BY channel_id')
        .all() as Array<{ channel_id: string; settings: string }>;
      expect(tops.map((row) => [row.channel_id, JSON.parse(row.settings).topN])).toEqual([
        [papersChannel, 5],
        ['C_PAPERS', 3],
      ]);
    } finally {
      check.close();
    }
  }, 60_000);
});
