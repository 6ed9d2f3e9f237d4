/**
 * Fault: the bot started twice on one SQLite file (by mistake, or during a rolling deploy). Two real bot
 * processes against a fake Discord that does not deduplicate nonces: the second must refuse, naming the
 * first, so every channel gets its digest exactly once; one-shot CLI reads keep working beside the bot; and
 * a SIGKILLed holder must not leave the file locked.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  type BotProcess,
  type BotWorld,
  countKeys,
  countPosts,
  delay,
  exitOf,
  startBot,
  startBotWorld,
  waitUntil,
} from '../crash/bot-world';
import { repoRoot, runCli } from '../support/run-cli';

describe('a second bot process on the same database', () => {
  let world: BotWorld;
  const bots: BotProcess[] = [];
  afterEach(async () => {
    for (const bot of bots) bot.child.kill('SIGKILL');
    await Promise.all(bots.map((bot) => exitOf(bot.child)));
    bots.length = 0;
    await world.close();
  });

  it('refuses to start and names the holder; every digest goes out once; CLI reads work; a kill frees it', async () => {
    world = await startBotWorld({ channels: 5 });
    const first = startBot(world.env);
    const second = startBot(world.env);
    bots.push(first, second);
    const exited = () => [first, second].filter((bot) => bot.child.exitCode !== null);
    await waitUntil(() => exited().length > 0, 20_000);
    const expected = world.channels.length * 11;
    await waitUntil(() => countKeys(world).size >= expected, 30_000);
    await delay(1_000);

    const count = await countPosts(world);
    expect(count.expected).toBe(55);
    expect(count.duplicates).toEqual([]);
    expect(count.missing).toEqual([]);
    expect(count.delivered).toBe(55);
    const [refused] = exited();
    expect(refused?.child.exitCode).toBe(1);
    const holder = refused === first ? second : first;
    expect(holder.child.exitCode).toBeNull();
    expect(refused?.stderr()).toContain(
      `Another paperboy is already running on the database ${world.database}`,
    );
    expect(refused?.stderr()).toMatch(new RegExp(`pid ${holder.child.pid} on \\S+, running since`));
    expect(refused?.stderr()).not.toMatch(/\n\s+at /);

    const search = await runCli(['search', 'contrastive loss', '--json'], {
      env: { DATABASE_URL: world.database, HF_BASE_URL: world.hf.url },
      cwd: repoRoot,
    });
    expect(search.code).toBe(0);
    expect(JSON.parse(search.stdout)[0]).toMatchObject({ id: '2410.17243' });

    holder.child.kill('SIGKILL');
    await exitOf(holder.child);
    const identifies = () => world.discord.gateway.frames.filter((frame) => frame.op === 2).length;
    const before = identifies();
    const next = startBot(world.env);
    bots.push(next);
    // The lock is claimed before any platform is connected: an IDENTIFY means the restart got past it.
    await waitUntil(() => identifies() > before || next.child.exitCode !== null, 20_000);
    expect(identifies()).toBeGreaterThan(before);
    expect(next.stderr()).not.toContain('Another paperboy');
    expect(next.child.exitCode).toBeNull();
    await delay(1_000);
    expect((await countPosts(world)).delivered).toBe(55);
  }, 90_000);
});
