/**
 * The digest fan-out against fakes that enforce the platforms' limits: one digest of 11 messages (header +
 * top 10 of the real 2024-10-25 batch) to N channels, posted by the real bot (runBot, real discord.js /
 * Bolt, real SQLite file) on one instance. Fake Discord: 5 messages per 5 s per channel and 50 requests/s
 * per bot; fake Slack: about 1 message/s per channel and chat.postMessage's workspace tier (600 a minute,
 * held as 10/s). Each cell: wall time of the scheduler tick that posts the digest, the platform bound (the
 * least time the limits allow), when the median and the last channel got their whole digest, the 429s
 * the fake answered, the most channels being posted at once, and a check that every channel got its 11
 * messages exactly once. The baseline is the old behaviour: the same bot posting one channel at a time.
 *
 * Then the same digest with 1, 2 and 4 instances sharing one PostgreSQL database (the server at
 * TEST_DATABASE_URL, or postgres://postgres@127.0.0.1:5432/test; a fresh schema per run), all ticking at
 * 09:00: one of them wins the `digests` lease and runs the whole fan-out. The platform's per-bot global
 * limit is shared by every instance of the bot, so one poster already reaches the bound; more instances
 * buy availability (a dead instance's run is taken over after its lease expires, exactly once through the
 * markSending → post → markSent protocol), not throughput. Columns: wall time, 429s, duplicates, and the
 * peak requests that reached the fake in one of its global windows (Discord: never over 50 a second).
 *
 *   npm run bench:fanout [-- --channels 20,100,200 --baseline 20 --platforms discord,slack --instances 1,2,4]
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPostgresStore } from '../src/engines/postgres/pg-store';
import { openSqliteStore } from '../src/engines/sqlite/sqlite-store';
import type { ChannelRef } from '../src/records/channel';
import { defaultDigestSettings } from '../src/records/subscription';
import type { Store } from '../src/store/store';
import { FakeDiscord } from '../test/fakes/discord/fake-discord';
import { FakeHfServer } from '../test/fakes/hf/fake-hf-server';
import { FakeSlack } from '../test/fakes/slack/fake-slack';
import { BotHarness } from '../test/support/bot-harness';
import { oct25Batch } from '../test/support/fixtures';
import { localServerUrl, onServer } from '../test/support/pg-server';

const argList = (name: string, fallback: string) => {
  const index = process.argv.indexOf(`--${name}`);
  return (index >= 0 ? (process.argv[index + 1] ?? fallback) : fallback).split(',').filter(Boolean);
};
const channelCounts = argList('channels', '20,100,200').map(Number);
const baselineCounts = new Set(argList('baseline', '20').map(Number));
const platforms = argList('platforms', 'discord,slack') as ('discord' | 'slack')[];
const instanceCounts = argList('instances', '1,2,4').map(Number);
const serverUrl = process.env.TEST_DATABASE_URL ?? localServerUrl;

const messagesPerDigest = 11;
const guildId = '940000000000000001';

/** The least time the documented limits allow for the last of `total` messages, in seconds. */
function bound(platform: 'discord' | 'slack', channels: number): number {
  const windowsFor = (messages: number, perWindow: number) => Math.ceil(messages / perWindow) - 1;
  const total = channels * messagesPerDigest;
  if (platform === 'discord')
    return Math.max(windowsFor(messagesPerDigest, 5) * 5, windowsFor(total, 50) * 1);
  return Math.max((messagesPerDigest - 1) * 1, windowsFor(total, 10) * 1);
}

interface Cell {
  wall: number;
  /** Messages beyond the first with the same delivery key in a channel. */
  duplicates: number;
  /** The most requests that reached the fake in one of its global windows (Discord 1 s, Slack's tier 1 s). */
  peakRate: number;
  median: number;
  last: number;
  rateLimited: number;
  inFlight: number;
  complete: boolean;
}

async function runOnce(
  platform: 'discord' | 'slack',
  channels: number,
  sequential: boolean,
  /** 0: one instance on SQLite; n: n instances on one PostgreSQL schema. */
  postgresInstances = 0,
): Promise<Cell> {
  const hf = (await new FakeHfServer().start()).setDay('2024-10-25', oct25Batch());
  const ids = Array.from({ length: channels }, (_, i) =>
    platform === 'discord'
      ? String(950000000000000000n + BigInt(i + 1))
      : `C${String(i + 1).padStart(6, '0')}`,
  );
  const discord =
    platform === 'discord'
      ? await FakeDiscord.start({
          guilds: [{ id: guildId, channels: ids.map((id, i) => ({ id, name: `papers-${i}` })) }],
        })
      : null;
  discord?.limits.enforce();
  const slack = platform === 'slack' ? await FakeSlack.start() : null;
  if (slack) {
    slack.workspace.addUser({ id: slack.botUserId, isBot: true });
    for (const id of ids) slack.workspace.addChannel({ id });
    slack.postLimits.enforceTier();
  }
  const channelOf = (channelId: string): ChannelRef =>
    platform === 'discord'
      ? { platform, workspaceId: guildId, channelId }
      : { platform, workspaceId: slack?.teamId ?? '', channelId };
  const database = join(mkdtempSync(join(tmpdir(), 'paperboy-fanout-')), 'bot.db');
  const schema = `pb_bench_${randomUUID().replaceAll('-', '')}`;
  const stores: Store[] = [];
  if (postgresInstances > 0) {
    await onServer(serverUrl, `CREATE SCHEMA ${schema}`);
    for (let i = 0; i < postgresInstances; i++)
      stores.push(await openPostgresStore(serverUrl, { schema, maxConnections: 4 }));
  }
  const seed = stores[0] ?? openSqliteStore(database);
  for (const id of ids)
    await seed.subscriptions.upsert(channelOf(id), defaultDigestSettings, '2024-10-20T00:00:00Z');
  if (postgresInstances === 0) await seed.close();
  const env: Record<string, string> = { LOG_LEVEL: 'warn' };
  if (slack) Object.assign(env, { SLACK_BOT_TOKEN: slack.botToken, SLACK_APP_TOKEN: slack.appToken });
  if (slack) env.SLACK_API_URL = slack.apiUrl;
  const bots: BotHarness[] = [];
  for (const store of stores.length > 0 ? stores : [undefined])
    bots.push(
      await BotHarness.start({
        now: '2024-10-26T08:00:00Z',
        hf,
        discord,
        database,
        env,
        ...(store ? { store } : {}),
      }),
    );
  const bot = bots[0] as BotHarness;
  const port = bot.core.ports.get(platform);
  // The old behaviour: the same port, one channel at a time.
  if (sequential && port) bot.core.ports.register({ ...port, concurrentChannels: 1 });
  const started = Date.now();
  await Promise.all(bots.map((each) => each.tickAt('2024-10-26T09:00:00Z')));
  const wall = (Date.now() - started) / 1000;
  const limits = discord?.limits ?? slack?.postLimits;
  const times = (limits?.lastPostTimes() ?? []).map((at) => (at - started) / 1000).sort((a, b) => a - b);
  const keysOf = (id: string): string[] =>
    discord
      ? discord.store
          .channelHistory(id)
          .map((m) => [m.content, ...m.embeds.map((e) => e.footer?.text ?? '')].join('\n'))
      : (slack?.workspace.channelMessages(id) ?? []).map((m) => String(m.metadata?.event_payload.key));
  const posted = ids.map((id) => keysOf(id).length);
  const duplicates = ids.reduce((sum, id) => sum + keysOf(id).length - new Set(keysOf(id)).size, 0);
  const cell: Cell = {
    wall,
    duplicates,
    peakRate: discord ? discord.limits.peakGlobalAttempts : (slack?.postLimits.peakTierAttempts ?? 0),
    median: times[Math.floor(times.length / 2)] ?? Number.NaN,
    last: times.at(-1) ?? Number.NaN,
    rateLimited: discord
      ? discord.limits.rateLimited.channel + discord.limits.rateLimited.global
      : (slack?.postLimits.rateLimited.channel ?? 0) + (slack?.postLimits.rateLimited.workspace ?? 0),
    inFlight: limits?.maxChannelsInFlight() ?? 0,
    complete: posted.every((count) => count === messagesPerDigest),
  };
  await Promise.all(bots.map((each) => each.stop(false)));
  for (const store of stores) await store.close();
  if (postgresInstances > 0) await onServer(serverUrl, `DROP SCHEMA ${schema} CASCADE`);
  await discord?.close();
  await slack?.close();
  await hf.stop();
  return cell;
}

const seconds = (value: number) => `${value.toFixed(1)} s`;
const rows: string[] = [];
const instanceRows: string[] = [];
const instanceRow = (platform: string, channels: number, setup: string, cell: Cell) => {
  const limit = bound(platform as 'discord' | 'slack', channels);
  instanceRows.push(
    [
      platform,
      String(channels),
      setup,
      seconds(limit),
      seconds(cell.wall),
      `${(cell.wall / limit).toFixed(2)}×`,
      String(cell.rateLimited),
      String(cell.duplicates),
      `${cell.peakRate} (limit ${platform === 'discord' ? 50 : 10})`,
      cell.complete ? 'yes' : 'NO',
    ].join(' | '),
  );
  process.stderr.write(`${instanceRows.at(-1)}\n`);
};
for (const platform of platforms) {
  for (const channels of channelCounts) {
    const fanned = await runOnce(platform, channels, false);
    const baseline = baselineCounts.has(channels) ? await runOnce(platform, channels, true) : null;
    const limit = bound(platform, channels);
    rows.push(
      [
        platform,
        String(channels),
        seconds(limit),
        seconds(fanned.wall),
        `${(fanned.wall / limit).toFixed(2)}×`,
        `${seconds(fanned.median)} / ${seconds(fanned.last)}`,
        String(fanned.rateLimited),
        String(fanned.inFlight),
        String(Math.floor(fanned.last / 60)),
        fanned.complete ? 'yes' : 'NO',
        baseline
          ? `${seconds(baseline.wall)} (${(baseline.wall / fanned.wall).toFixed(1)}× slower), 429s ${baseline.rateLimited}, ${baseline.complete ? 'complete' : 'INCOMPLETE'}`
          : '—',
      ].join(' | '),
    );
    process.stderr.write(`${rows.at(-1)}\n`);
    instanceRow(platform, channels, 'SQLite, 1 instance', fanned);
    for (const count of instanceCounts)
      instanceRow(
        platform,
        channels,
        `PostgreSQL, ${count} instance${count > 1 ? 's' : ''}`,
        await runOnce(platform, channels, false, count),
      );
  }
}

console.log(
  [
    '| platform | channels | bound | wall (1 instance) | wall / bound | channel done: median / last | 429s | max channels at once | ticks skipped | 11 each, once | sequential baseline |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
    ...rows.map((row) => `| ${row} |`),
    '',
    `Digest of ${messagesPerDigest} messages per channel. Bound: Discord max(10 s per channel at 5 msgs/5 s, ` +
      '(⌈messages/50⌉−1) s at 50 req/s); Slack max(10 s per channel at 1 msg/s, (⌈messages/10⌉−1) s at the ' +
      'workspace tier of 600/min held as 10/s). Ticks skipped: minute ticks the digest job sat out while the ' +
      'fan-out ran (⌊last channel / 60 s⌋). Sequential baseline measured only where listed (--baseline). ' +
      'One instance on SQLite.',
    '',
    '| platform | channels | store, instances | bound | wall | wall / bound | 429s | duplicates | peak requests in one 1 s window | 11 each |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...instanceRows.map((row) => `| ${row} |`),
    '',
    'Several instances on one PostgreSQL database all tick at 09:00; the one that wins the `digests` lease runs ' +
      'the whole fan-out. The per-bot global limit is shared by every instance of a bot, so one poster at a time ' +
      'already reaches the bound: more instances buy availability (a killed instance’s run is taken over once its ' +
      'lease expires, exactly once through markSending → post → markSent and the channel-history check), not ' +
      'throughput. Peak: requests that arrived at the fake in one of its global windows (Discord: every request, ' +
      '50 a second; Slack: chat.postMessage, its tier held as 10 a second), accepted and refused: the fake accepts ' +
      'at most the limit and answers the rest 429 (the 429s column). One instance overshoots as much as four: each ' +
      'client paces by its own clock, not the fake’s window, and the instances not holding the lease send nothing.',
  ].join('\n'),
);
