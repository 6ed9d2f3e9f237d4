/**
 * The crash harness: the real bot (`bin/paperboy.js start`, real discord.js) as a child process against a
 * fake Discord and a fake Hugging Face in this process, with many subscribed channels. It kills the bot
 * with SIGKILL at random moments during the fan-out, restarts it, and finally counts every digest post
 * per channel by its delivery key. The fake does NOT honour `enforce_nonce` here, so only paperboy's own
 * log-before-send and reconcile-after-restart stand between a kill and a duplicate.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { selectForDigest } from '../../src/digest/digest-preview';
import { normalizeHfDailyItem } from '../../src/sources/hf/hf-normalize';
import { hfDailyItemSchema } from '../../src/sources/hf/hf-schemas';
import { openSqliteStore } from '../../src/store/sqlite/sqlite-store';
import { defaultDigestSettings } from '../../src/subscriptions/subscription';
import { FakeDiscord } from '../fakes/discord/fake-discord';
import { FakeHfServer } from '../fakes/hf/fake-hf-server';
import { oct25Batch } from '../support/fixtures';
import { childEnv } from '../support/run-cli';

const bin = fileURLToPath(new URL('../../bin/paperboy.js', import.meta.url));
const guildId = '910000000000000001';

export interface CrashRunOptions {
  cycles: number;
  channels: number;
  /** Seed of the kill timings, so a failing run can be replayed. */
  seed: number;
  log?: (line: string) => void;
}

export interface CrashReport {
  cycles: number;
  killsDuringFanOut: number;
  expected: number;
  delivered: number;
  duplicates: string[];
  missing: string[];
  unexpected: string[];
}

/** A small seeded PRNG (mulberry32). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const channelIds = (count: number) =>
  Array.from({ length: count }, (_, i) => String(920000000000000000n + BigInt(i + 1)));
const isPost = (request: { method: string; path: string }) =>
  request.method === 'POST' && /^\/channels\/\d+\/messages$/.test(request.path);

export async function runCrashHarness(options: CrashRunOptions): Promise<CrashReport> {
  const log = options.log ?? (() => {});
  const random = seededRandom(options.seed);
  const channels = channelIds(options.channels);
  const discord = await FakeDiscord.start({
    guilds: [
      { id: guildId, name: 'Crash Lab', channels: channels.map((id, i) => ({ id, name: `papers-${i}` })) },
    ],
    enforceNonces: false,
  });
  const hf = await new FakeHfServer().start();
  const day = (back: number) => new Date(Date.now() - back * 86_400_000).toISOString().slice(0, 10);
  for (const back of [1, 2]) hf.setDay(day(back), oct25Batch());
  const database = join(mkdtempSync(join(tmpdir(), 'paperboy-crash-')), 'bot.db');
  const store = openSqliteStore(database);
  for (const channelId of channels) {
    store.subscriptions.upsert(
      { platform: 'discord', workspaceId: guildId, channelId },
      { ...defaultDigestSettings, time: '00:00' },
      day(7),
    );
  }
  store.close();
  const env = childEnv({
    HF_BASE_URL: hf.url,
    DATABASE_URL: database,
    DISCORD_TOKEN: discord.token,
    DISCORD_APPLICATION_ID: discord.applicationId,
    DISCORD_API_BASE: discord.apiBase,
    DISCORD_GUILD_ID: guildId,
    LOG_LEVEL: 'warn',
  });
  let killsDuringFanOut = 0;
  try {
    for (let cycle = 1; cycle <= options.cycles; cycle++) {
      const posts = () => discord.requests.filter(isPost).length;
      const postsBefore = posts();
      const bot = startBot(env);
      if (cycle % 2 === 1) {
        // The worst moment: Discord has just created the message and the bot has not heard back yet.
        const nth = postsBefore + 1 + Math.floor(random() * 15);
        // The recorder calls its waiters as it records the post: the kill goes out before the bot hears back.
        const chosen = discord.requests.waitFor(() => posts() >= nth, 'the chosen post', 6_000);
        await Promise.race([chosen.catch(() => undefined), exitOf(bot)]);
      } else {
        // Any moment: soon after this run starts posting (or, once all is posted, after start-up).
        await waitUntil(() => posts() > postsBefore || bot.exitCode !== null, 4_000);
        await delay(Math.floor(random() * 60));
      }
      const postsAtKill = posts();
      bot.kill('SIGKILL');
      await exitOf(bot);
      if (postsAtKill > postsBefore && countKeys(discord, channels).size < channels.length * 11)
        killsDuringFanOut++;
      log(`cycle ${cycle}: killed after ${postsAtKill - postsBefore} new post(s)`);
    }
    // One last, undisturbed run finishes whatever is left.
    const expectedPosts = channels.length * 11;
    const bot = startBot(env);
    await waitUntil(() => countKeys(discord, channels).size >= expectedPosts, 30_000);
    await delay(300);
    bot.kill('SIGTERM');
    await exitOf(bot);
    return report(discord, channels, options.cycles, killsDuringFanOut);
  } finally {
    await discord.close();
    await hf.stop();
  }
}

function startBot(env: NodeJS.ProcessEnv): ChildProcess {
  const bot = spawn(process.execPath, [bin, 'start'], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  bot.stderr?.resume();
  return bot;
}

const exitOf = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function waitUntil(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition() && Date.now() < deadline) await delay(50);
}

/** Delivery keys of the bot's posts, per `channel:key`, with how often each appears. */
function countKeys(discord: FakeDiscord, channels: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const channelId of channels) {
    for (const message of discord.store.channelHistory(channelId)) {
      const texts = [message.content, ...message.embeds.map((embed) => embed.footer?.text ?? '')];
      const key = texts.join('\n').match(/ref (pb:[\w.:/-]+)/)?.[1];
      if (key) counts.set(`${channelId}:${key}`, (counts.get(`${channelId}:${key}`) ?? 0) + 1);
    }
  }
  return counts;
}

/** Every channel expects one header and the day's top 10, chosen exactly as the digest engine ranks them. */
function report(
  discord: FakeDiscord,
  channels: string[],
  cycles: number,
  killsDuringFanOut: number,
): CrashReport {
  const counts = countKeys(discord, channels);
  const papers = oct25Batch().map((item) =>
    normalizeHfDailyItem(hfDailyItemSchema.parse(item), 'http://x', 'day'),
  );
  const topTen = selectForDigest(papers, defaultDigestSettings);
  const expected = new Set<string>();
  channels.forEach((channelId, index) => {
    for (const paper of topTen) expected.add(`${channelId}:pb:${index + 1}:${paper.id}`);
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
    cycles,
    killsDuringFanOut,
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
