/**
 * The crash harness: the real bot (`bin/paperboy.js start`, real discord.js) as a child process against a
 * fake Discord and a fake Hugging Face in this process, with many subscribed channels. It kills the bot
 * with SIGKILL at random moments during the fan-out, restarts it, and finally counts every digest post
 * per channel by its delivery key. The fake does NOT honour `enforce_nonce` here, so only paperboy's own
 * log-before-send and reconcile-after-restart stand between a kill and a duplicate.
 */
import {
  type BotWorld,
  countKeys,
  countPosts,
  delay,
  exitOf,
  expectedPostsPerChannel,
  type PostCount,
  startBot,
  startBotWorld,
  waitUntil,
} from './bot-world';

export interface CrashRunOptions {
  cycles: number;
  channels: number;
  /** Seed of the kill timings, so a failing run can be replayed. */
  seed: number;
  /** Every other channel subscribes with `source=trending`. */
  trending?: boolean;
  /**
   * Every kill just before a midnight and every restart just after it (the bots' clock moved with
   * libfaketime): the channels' own midnight (`local`: America/Los_Angeles, where UTC's date does not
   * change) or UTC's. Each cycle crosses the next midnight, a day later.
   */
  midnight?: 'local' | 'utc';
  /** With `midnight`: every third cycle the clock of the running bots jumps (across midnight, or back 2 h). */
  clockJumps?: boolean;
  log?: (line: string) => void;
}

export interface CrashReport extends PostCount {
  cycles: number;
  killsDuringFanOut: number;
  /** With `midnight`: kills at 23:59 (the bots' clock), and jumps of the running bots' clock. */
  killsBeforeMidnight?: number;
  clockJumps?: number;
}

import { seededRandom } from '../../src/seeded-random';
import { MidnightClock } from './midnight-clock';

export { seededRandom };

export async function runCrashHarness(options: CrashRunOptions): Promise<CrashReport> {
  const log = options.log ?? (() => {});
  const random = seededRandom(options.seed);
  const midnight = options.midnight ? new MidnightClock(options.midnight, random) : null;
  const world: BotWorld = await startBotWorld({
    channels: options.channels,
    ...(options.trending ? { trending: true } : {}),
    ...(midnight ? { clock: midnight.clock, schedule: midnight.schedule } : {}),
  });
  const { posts } = world;
  const expectedPosts = world.channels.length * expectedPostsPerChannel();
  let killsDuringFanOut = 0;
  const allPosted = () => countKeys(world).size >= expectedPosts;
  try {
    for (let cycle = 1; cycle <= options.cycles; cycle++) {
      const postsBefore = posts();
      // Odd cycles start at 23:59 (killed before midnight), even ones just after that midnight.
      midnight?.startCycle(cycle);
      const { child: bot } = startBot(world.env);
      if (midnight && options.clockJumps && cycle % 3 === 0) {
        await waitUntil(() => posts() > postsBefore || bot.exitCode !== null, 4_000);
        midnight.jump();
      }
      // Before midnight the day's run must have started (planned) for a kill to leave it part-posted.
      if (midnight && cycle % 2 === 1)
        await waitUntil(() => posts() > postsBefore || bot.exitCode !== null, 40_000);
      if (cycle % 2 === 1) {
        // The worst moment: Discord has just created the message and the bot has not heard back yet.
        const nth = postsBefore + 1 + Math.floor(random() * 15);
        // The recorder calls its waiters as it records the post: the kill goes out before the bot hears back.
        // Waits as long as a loaded machine takes to start the bot; returns at once when all is posted.
        const chosen = world.discord.requests.waitFor(
          () => posts() >= nth || allPosted(),
          'the chosen post',
          30_000,
        );
        await Promise.race([chosen.catch(() => undefined), exitOf(bot)]);
      } else {
        // Any moment: soon after this run starts posting (or, once all is posted, after start-up).
        await waitUntil(() => posts() > postsBefore || allPosted() || bot.exitCode !== null, 20_000);
        await delay(Math.floor(random() * 60));
      }
      const postsAtKill = posts();
      midnight?.noteKill();
      bot.kill('SIGKILL');
      await exitOf(bot);
      if (postsAtKill > postsBefore && countKeys(world).size < expectedPosts) killsDuringFanOut++;
      log(
        `cycle ${cycle}: killed${midnight ? ` at ${midnight.describeNow()}` : ''} after ${postsAtKill - postsBefore} new post(s)`,
      );
    }
    // One last, undisturbed run finishes whatever is left (after the last midnight crossed).
    midnight?.startCycle(2 * Math.ceil(options.cycles / 2) + 2);
    const { child: bot } = startBot(world.env);
    await waitUntil(() => countKeys(world).size >= expectedPosts, 30_000);
    await delay(300);
    bot.kill('SIGTERM');
    await exitOf(bot);
    return {
      cycles: options.cycles,
      killsDuringFanOut,
      ...(midnight ? { killsBeforeMidnight: midnight.killsBeforeMidnight, clockJumps: midnight.jumps } : {}),
      ...(await countPosts(world)),
    };
  } finally {
    await world.close();
  }
}
