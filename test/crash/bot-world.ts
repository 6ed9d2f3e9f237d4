/**
 * The real bot as a child process (`bin/paperboy.js start`, real discord.js) against a fake Discord with
 * many subscribed channels and a fake Hugging Face serving the 2024-10-25 batch as yesterday's and the day
 * before's (and a trending list). With `trending: true` every other channel subscribes with
 * `source=trending`. The crash harness and the second-process test share it; both count posts by delivery
 * key.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { selectForDigest } from '../../src/digest/digest-preview';
import { openPostgresStore } from '../../src/engines/postgres/pg-store';
import { openSqliteStore } from '../../src/engines/sqlite/sqlite-store';
import { defaultDigestSettings } from '../../src/records/subscription';
import { normalizeHfDailyItem } from '../../src/sources/hf/hf-normalize';
import { hfDailyItemSchema } from '../../src/sources/hf/hf-schemas';
import type { Store } from '../../src/store/store';
import { FakeDiscord } from '../fakes/discord/fake-discord';
import { FakeHfServer } from '../fakes/hf/fake-hf-server';
import { FakeSlack } from '../fakes/slack/fake-slack';
import { SlackInbound } from '../fakes/slack/fake-slack-inbound';
import { oct25Batch } from '../support/fixtures';
import { childEnv } from '../support/run-cli';
import { trendingList } from '../support/trending';
import type { ProcessClock } from './process-clock';

const bin = fileURLToPath(new URL('../../bin/paperboy.js', import.meta.url));
export const guildId = '910000000000000001';

export interface BotWorld {
  discord: FakeDiscord;
  /**
   * Only with `slack`: Socket Mode (`true`) or HTTP mode (`'http'`, signed requests to the bot's port),
   * channel C_PAPERS, users U_ADMIN (an admin) and U_MEMBER.
   */
  slack: FakeSlack | null;
  /** What Slack sends the bot, over the transport the world chose; null without Slack. */
  slackInbound: SlackInbound | null;
  /** Whether the bot can be reached by Slack (its socket is connected, or its HTTP port accepts). */
  slackReady(): Promise<boolean>;
  hf: FakeHfServer;
  database: string;
  channels: string[];
  /** The channels subscribed with `source=trending`. */
  trendingChannels: Set<string>;
  env: NodeJS.ProcessEnv;
  /** Posts (message creations) the fake has seen so far. */
  posts(): number;
  close(): Promise<void>;
}

export interface PostCount {
  expected: number;
  delivered: number;
  duplicates: string[];
  missing: string[];
  unexpected: string[];
}

const channelIds = (count: number) =>
  Array.from({ length: count }, (_, i) => String(920000000000000000n + BigInt(i + 1)));
const isPost = (request: { method: string; path: string }) =>
  request.method === 'POST' && /^\/channels\/\d+\/messages$/.test(request.path);

/** The fake does NOT honour `enforce_nonce`: only paperboy itself stands between a fault and a duplicate. */
export async function startBotWorld(options: {
  channels: number;
  slack?: boolean | 'http';
  trending?: boolean;
  /** DATABASE_URL of a PostgreSQL database (several instances may share it); default a new SQLite file. */
  postgresUrl?: string;
  /** More environment for the bots (TICK_SECONDS, JOB_LEASE_SECONDS). */
  env?: Record<string, string>;
  /** The bots' wall clock (libfaketime); the days served are counted from it. Default: the real clock. */
  clock?: ProcessClock;
  /** When and where each channel's digest is due; default 00:00 UTC (due at once). */
  schedule?: { time: string; timezone: string };
}): Promise<BotWorld> {
  const channels = channelIds(options.channels);
  const trendingChannels = new Set(options.trending ? channels.filter((_, i) => i % 2 === 1) : []);
  const discord = await FakeDiscord.start({
    guilds: [
      { id: guildId, name: 'Crash Lab', channels: channels.map((id, i) => ({ id, name: `papers-${i}` })) },
    ],
    enforceNonces: false,
  });
  const hf = await new FakeHfServer().start();
  const now = options.clock?.now() ?? new Date();
  const day = (back: number) => new Date(now.getTime() - back * 86_400_000).toISOString().slice(0, 10);
  for (const back of [1, 2]) hf.setDay(day(back), oct25Batch());
  hf.setTrending(trendingList());
  const database = options.postgresUrl ?? join(mkdtempSync(join(tmpdir(), 'paperboy-crash-')), 'bot.db');
  const store: Store = options.postgresUrl
    ? await openPostgresStore(options.postgresUrl)
    : openSqliteStore(database);
  for (const channelId of channels) {
    await store.subscriptions.upsert(
      { platform: 'discord', workspaceId: guildId, channelId },
      {
        ...defaultDigestSettings,
        ...(options.schedule ?? { time: '00:00' }),
        source: trendingChannels.has(channelId) ? 'trending' : 'daily',
      },
      day(7),
    );
  }
  await store.close();
  const slack = options.slack ? await startSlack() : null;
  const slackPort = options.slack === 'http' ? await freePort() : null;
  const slackTransport =
    slackPort === null
      ? { SLACK_APP_TOKEN: slack?.appToken ?? '' }
      : { SLACK_SIGNING_SECRET: slackSigningSecret, SLACK_PORT: String(slackPort) };
  const env = childEnv({
    ...(slack ? { SLACK_BOT_TOKEN: slack.botToken, SLACK_API_URL: slack.apiUrl, ...slackTransport } : {}),
    HF_BASE_URL: hf.url,
    DATABASE_URL: database,
    DISCORD_TOKEN: discord.token,
    DISCORD_APPLICATION_ID: discord.applicationId,
    DISCORD_API_BASE: discord.apiBase,
    DISCORD_GUILD_ID: guildId,
    LOG_LEVEL: 'warn',
    ...options.clock?.env,
    ...options.env,
  });
  const slackUrl = `http://127.0.0.1:${slackPort}`;
  return {
    discord,
    slack,
    slackInbound: slack
      ? new SlackInbound(
          slack,
          slackPort === null
            ? { kind: 'socket' }
            : { kind: 'http', url: `${slackUrl}/slack/events`, signingSecret: slackSigningSecret },
        )
      : null,
    async slackReady() {
      if (!slack) return false;
      if (slackPort === null) return slack.socket.connected;
      return fetch(slackUrl).then(
        () => true,
        () => false,
      );
    },
    hf,
    database,
    channels,
    trendingChannels,
    env,
    posts: () => discord.requests.filter(isPost).length,
    async close() {
      await discord.close();
      await slack?.close();
      await hf.stop();
    },
  };
}

export const slackSigningSecret = 'bot-world-signing-secret-7e21';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function startSlack(): Promise<FakeSlack> {
  const slack = await FakeSlack.start();
  slack.workspace.addChannel({ id: 'C_PAPERS', name: 'papers', creator: 'U_ADMIN' });
  slack.workspace.addUser({ id: 'U_ADMIN', isAdmin: true });
  slack.workspace.addUser({ id: 'U_MEMBER' });
  slack.workspace.addUser({ id: slack.botUserId, isBot: true });
  return slack;
}

export interface BotProcess {
  child: ChildProcess;
  /** Everything the bot wrote to stderr so far. */
  stderr(): string;
}

/** `bundle`: another build's `dist/paperboy.js` (a benchmark's "before"); default this checkout's bin. */
export function startBot(env: NodeJS.ProcessEnv, bundle: string = bin): BotProcess {
  const child = spawn(process.execPath, [bundle, 'start'], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  return { child, stderr: () => stderr };
}

/** Resolves with the exit code (null when killed by a signal). */
export const exitOf = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });

export const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Polls `condition` every 50 ms (after `refresh`, when given, which updates what it reads). */
export async function waitUntil(
  condition: () => boolean,
  timeoutMs: number,
  refresh?: () => Promise<void>,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  await refresh?.();
  while (!condition() && Date.now() < deadline) {
    await delay(50);
    await refresh?.();
  }
}

/** Delivery keys of the bot's posts, per `channel:key`, with how often each appears. */
export function countKeys(world: BotWorld): Map<string, number> {
  const counts = new Map<string, number>();
  for (const channelId of world.channels) {
    for (const message of world.discord.store.channelHistory(channelId)) {
      const texts = [message.content, ...message.embeds.map((embed) => embed.footer?.text ?? '')];
      const key = texts.join('\n').match(/ref (pb:[\w.:/-]+)/)?.[1];
      if (key) counts.set(`${channelId}:${key}`, (counts.get(`${channelId}:${key}`) ?? 0) + 1);
    }
  }
  return counts;
}

/**
 * Every channel expects one header and ten papers: the day's top 10, chosen exactly as the digest engine
 * ranks them, or the trending list's top 10.
 */
export function expectedPostsPerChannel(): number {
  return 11;
}

export async function countPosts(world: BotWorld): Promise<PostCount> {
  const { channels } = world;
  const counts = countKeys(world);
  const papers = oct25Batch().map((item) =>
    normalizeHfDailyItem(hfDailyItemSchema.parse(item), 'http://x', 'day'),
  );
  const topTen = (await selectForDigest(papers, defaultDigestSettings)).map(({ paper }) => paper);
  // A trending channel's first digest: the top 10 of the list, in its order.
  const trendingTopTen = trendingList()
    .slice(0, 10)
    .map((item) => item.paper);
  const expected = new Set<string>();
  channels.forEach((channelId, index) => {
    const chosen = world.trendingChannels.has(channelId) ? trendingTopTen : topTen;
    for (const paper of chosen) expected.add(`${channelId}:pb:${index + 1}:${paper.id}`);
  });
  const paperKeys = [...counts.keys()].filter((key) => !/:pb:run:\d+$/.test(key));
  const headersPerChannel = channels.map((channelId) =>
    [...counts.entries()].filter(([key]) => key.startsWith(`${channelId}:pb:run:`)),
  );
  const duplicates = [...counts.entries()]
    .filter(([, count]) => count > 1)
    .map(([key, count]) => `${key} ×${count}`);
  headersPerChannel.forEach((headers, index) => {
    if (headers.length > 1) duplicates.push(`${channels[index]}: ${headers.length} digest headers`);
  });
  return {
    expected: expected.size + channels.length,
    delivered: [...counts.values()].reduce((sum, count) => sum + count, 0),
    duplicates,
    missing: [
      ...[...expected].filter((key) => !counts.has(key)),
      ...channels
        .filter((_, index) => headersPerChannel[index]?.length === 0)
        .map((channelId) => `${channelId}: header`),
    ],
    unexpected: paperKeys.filter((key) => !expected.has(key)),
  };
}
