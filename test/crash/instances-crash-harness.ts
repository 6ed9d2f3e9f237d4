/**
 * The crash harness with several instances on one PostgreSQL database: N real `paperboy start` processes
 * (bin/paperboy.js) share a fresh database created for the run, one fake Discord (which does NOT honour
 * `enforce_nonce`) and one fake Hugging Face. Each cycle SIGKILLs one instance and starts it again: odd
 * cycles the one running the fan-out (the holder of the `digests` lease), at the moment Discord has just
 * created a chosen post and before the bot heard back; even cycles a random instance at a random moment
 * once posting is under way again.
 * The survivors carry on; a killed holder's run is taken over by whichever instance wins a tick after its
 * lease expired (short TICK_SECONDS and JOB_LEASE_SECONDS, so that takes seconds). At the end every post is
 * counted per channel by its delivery key.
 */
import { seededRandom } from '../../src/seeded-random';
import {
  type BotProcess,
  type BotWorld,
  countKeys,
  countPosts,
  delay,
  exitOf,
  expectedPostsPerChannel,
  startBot,
  startBotWorld,
  waitUntil,
} from './bot-world';
import { createCrashDatabase } from './crash-database';
import type { CrashReport, CrashRunOptions } from './crash-harness';
import { MidnightClock } from './midnight-clock';

export interface InstancesCrashOptions extends CrashRunOptions {
  instances: number;
  /** The PostgreSQL server to create the run's database on (default: TEST_DATABASE_URL's, or the local one). */
  serverUrl?: string;
}

export interface InstancesCrashReport extends CrashReport {
  instances: number;
  /** Kills of the instance that held the `digests` lease at that moment (a takeover followed). */
  killsOfFanOutHolder: number;
}

/** Short enough that a takeover happens within seconds of a kill. */
const tickSeconds = 2;
const leaseSeconds = 3;

export async function runInstancesCrashHarness(
  options: InstancesCrashOptions,
): Promise<InstancesCrashReport> {
  const log = options.log ?? (() => {});
  const random = seededRandom(options.seed);
  const database = await createCrashDatabase(options.serverUrl);
  const midnight = options.midnight ? new MidnightClock(options.midnight, random) : null;
  const holderPid = async () => await database.digestsHolderPid(midnight?.clock.now());
  let world: BotWorld | null = null;
  const bots: BotProcess[] = [];
  try {
    world = await startBotWorld({
      channels: options.channels,
      postgresUrl: database.url,
      env: { TICK_SECONDS: String(tickSeconds), JOB_LEASE_SECONDS: String(leaseSeconds) },
      ...(options.trending ? { trending: true } : {}),
      ...(midnight ? { clock: midnight.clock, schedule: midnight.schedule } : {}),
    });
    const running = world;
    const { posts } = running;
    const expectedPosts = running.channels.length * expectedPostsPerChannel();
    const unfinished = () => countKeys(running).size < expectedPosts;
    for (let i = 0; i < options.instances; i++) bots.push(startBot(running.env));
    let killsDuringFanOut = 0;
    let killsOfFanOutHolder = 0;
    for (let cycle = 1; cycle <= options.cycles; cycle++) {
      const postsBefore = posts();
      // Odd cycles kill at 23:59; even ones just after that midnight (the clock of every instance moves).
      midnight?.startCycle(cycle);
      if (midnight && options.clockJumps && cycle % 3 === 0) {
        await waitUntil(() => posts() > postsBefore || !unfinished(), 10_000);
        midnight.jump();
      }
      let victim = Math.floor(random() * bots.length);
      let wasHolder = false;
      if (cycle % 2 === 1) {
        // Wait for the fan-out's holder, then kill it as Discord creates a chosen post.
        // (A killed holder's lease stays live until it expires: only a running instance counts.)
        let holder: number | null = null;
        const isRunning = () => bots.some((bot) => bot.child.pid === holder);
        await waitUntil(
          () => isRunning() || !unfinished(),
          10_000,
          async () => {
            holder = await holderPid();
          },
        );
        const index = bots.findIndex((bot) => bot.child.pid === holder);
        if (index >= 0) victim = index;
        wasHolder = index >= 0;
        const nth = posts() + 1 + Math.floor(random() * 15);
        // Waits as long as a loaded machine takes; returns at once when all is posted.
        const chosen = running.discord.requests.waitFor(
          () => posts() >= nth || !unfinished(),
          'the chosen post',
          30_000,
        );
        await chosen.catch(() => undefined);
      } else {
        // Any instance at any moment once posting is under way again (after the previous kill's takeover).
        await waitUntil(() => posts() > postsBefore || !unfinished(), 10_000);
        await delay(Math.floor(random() * 500));
        wasHolder = bots[victim]?.child.pid === (await holderPid());
      }
      const bot = bots[victim] as BotProcess;
      const postsAtKill = posts();
      midnight?.noteKill();
      bot.child.kill('SIGKILL');
      await exitOf(bot.child);
      const during = unfinished() && postsAtKill > postsBefore;
      if (during) killsDuringFanOut++;
      if (during && wasHolder) killsOfFanOutHolder++;
      log(
        `cycle ${cycle}: killed instance ${victim + 1}${wasHolder ? ' (the fan-out holder)' : ''}${midnight ? ` at ${midnight.describeNow()}` : ''} after ${postsAtKill - postsBefore} new post(s)`,
      );
      bots[victim] = startBot(running.env);
    }
    // All instances up and undisturbed (after the last midnight crossed): whatever is left goes out, then
    // a pause shows any late duplicate.
    midnight?.startCycle(2 * Math.ceil(options.cycles / 2) + 2);
    await waitUntil(() => !unfinished(), 60_000);
    await delay(2 * (leaseSeconds + tickSeconds) * 1000);
    for (const bot of bots) bot.child.kill('SIGTERM');
    await Promise.all(bots.map((bot) => exitOf(bot.child)));
    return {
      cycles: options.cycles,
      instances: options.instances,
      killsDuringFanOut,
      killsOfFanOutHolder,
      ...(midnight ? { killsBeforeMidnight: midnight.killsBeforeMidnight, clockJumps: midnight.jumps } : {}),
      ...(await countPosts(running)),
    };
  } finally {
    for (const bot of bots) bot.child.kill('SIGKILL');
    await Promise.all(bots.map((bot) => exitOf(bot.child)));
    await world?.close();
    await database.drop();
  }
}
