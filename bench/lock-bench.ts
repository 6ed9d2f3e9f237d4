/**
 * What a held SQLite write lock does to chat commands. The real bot (`dist/paperboy.js start`) runs against
 * the fake Discord (gateway and REST) and the fake Slack in HTTP mode (signed requests); another process
 * holds `BEGIN IMMEDIATE` on the bot's database for 6 s and then for 14 s, and 2 s into each hold a burst
 * of Discord interactions and Slack slash commands arrives (reads and settings changes mixed). Printed per
 * hold and platform: acknowledgement latency (median, p95, max), how many were acknowledged within the
 * platforms' 3 s, how the commands ended (answered, "could not be saved", nothing) and the bot's longest
 * event-loop stall meanwhile (its own `paperboy_nodejs_eventloop_lag_max_seconds`, read before and after
 * each hold). A first burst with no lock at all shows what the machine's load alone costs; the load
 * average is printed too (2 cores shared with other work make every latency longer).
 *
 *   npm run build && npm run bench:lock [-- --before /path/to/old/dist/paperboy.js --runs 1]
 *
 * `--before` runs the same scenario against another build first (e.g. main's, copied aside), so the
 * table shows both.
 */
import { createServer } from 'node:net';
import { loadavg } from 'node:os';
import { commandSpecs } from '../commands/command-list';
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
} from '../test/crash/bot-world';
import { slashFromText } from '../test/discord/discord-driver';
import { slashInteraction, userPayload } from '../test/fakes/discord/fake-payloads';
import { holdWriteLock } from '../test/support/lock-holder';

const argValue = (name: string): string | undefined => {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
};
const runs = Number(argValue('runs') ?? 1);
const before = argValue('before');

const holds = [
  { heldMs: 0, discord: 8, slack: 5 },
  { heldMs: 6_000, discord: 8, slack: 5 },
  { heldMs: 14_000, discord: 12, slack: 6 },
];
const burstAfterMs = 2_000;
const deadlineMs = 3_000;

const discordTexts = [
  'settings threads=off',
  'today',
  'search contrastive loss',
  'subscribe top=5',
  'why 2410.17243',
  'paper 2410.17243',
  'queue',
  'settings agenda=off',
];
const slackTexts = ['settings threads=off', 'today', 'search contrastive loss', 'subscribe top=3', 'queue'];

type Outcome = 'answered' | 'not saved' | 'failed' | 'none';

interface Sample {
  hold: number;
  platform: 'discord' | 'slack';
  text: string;
  ackMs: number | null;
  outcome: Outcome;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** The bot's longest event-loop stall since the last read (prom-client resets it on each scrape). */
async function loopLagMaxMs(metricsPort: number): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
  const value = /^paperboy_nodejs_eventloop_lag_max_seconds (\S+)$/m.exec(text)?.[1];
  return value === undefined ? Number.NaN : Number(value) * 1000;
}

const outcomeOf = (text: string | null): Outcome => {
  if (text === null) return 'none';
  if (/could not be saved/.test(text)) return 'not saved';
  if (/went wrong/.test(text)) return 'failed';
  return 'answered';
};

function discordCommand(world: BotWorld, index: number) {
  const text = discordTexts[index % discordTexts.length] ?? 'help';
  const { sub, options } = slashFromText(text, commandSpecs);
  const channel = world.discord.store.channels.get(world.channels[index % world.channels.length] ?? '');
  if (!channel) throw new Error('the world has no channel');
  const sentAt = performance.now();
  const record = world.discord.injectInteraction(
    slashInteraction(
      {
        applicationId: world.discord.applicationId,
        guildId,
        channel,
        user: userPayload('960000000000000001', 'ada'),
        admin: true,
      },
      '850000000000000001',
      sub,
      options,
    ),
  );
  const acked = world.discord.outputs
    .waitFor(
      (output) => output.interactionId === record.id && output.kind === 'callback',
      'an acknowledgement',
      60_000,
    )
    .then(
      () => performance.now() - sentAt,
      () => null,
    );
  // As the fake's waitForAnswer, with room for a command that waits out the lock.
  const answered = world.discord.outputs
    .waitFor(
      (output) =>
        output.interactionId === record.id &&
        (output.kind === 'edit' || output.kind === 'followup' || output.callbackType === 4),
      'an answer',
      60_000,
    )
    .then(
      (answer) => JSON.stringify(answer.message ?? null),
      () => null,
    );
  return { acked, answered, text };
}

function slackCommand(world: BotWorld, index: number) {
  const slack = world.slack;
  const inbound = world.slackInbound;
  if (!slack || !inbound) throw new Error('the world has no Slack');
  const text = slackTexts[index % slackTexts.length] ?? 'help';
  const sentAt = performance.now();
  const delivered = inbound.command({ channel: 'C_PAPERS', user: 'U_ADMIN', text }).then(
    (ack) => ({ ack, ms: ack.status === 200 ? performance.now() - sentAt : null }),
    () => null,
  );
  return {
    acked: delivered.then((result) => result?.ms ?? null),
    answered: delivered.then(async (result) => {
      if (!result) return null;
      const responses = () => slack.responsesTo(result.ack.responseUrlId);
      await waitUntil(() => responses().length > 0, 30_000);
      const first = responses()[0];
      return first ? JSON.stringify(first.body) : null;
    }),
    text,
  };
}

interface Run {
  samples: Sample[];
  /** Per hold: the bot's longest event-loop stall, ms. */
  lagMs: number[];
}

async function runOnce(bundle: string | undefined): Promise<Run> {
  const metricsPort = await freePort();
  const world = await startBotWorld({
    channels: 2,
    slack: 'http',
    env: { METRICS_PORT: String(metricsPort) },
  });
  let bot: BotProcess | null = null;
  try {
    bot = startBot(world.env, bundle);
    let slackUp = false;
    await waitUntil(
      () => countKeys(world).size >= 22 && slackUp,
      60_000,
      async () => {
        slackUp = await world.slackReady();
      },
    );
    if (!slackUp) throw new Error(`the bot did not come up:\n${bot.stderr()}`);
    const samples: Sample[] = [];
    const lagMs: number[] = [];
    for (const [holdIndex, hold] of holds.entries()) {
      await loopLagMaxMs(metricsPort);
      const holder = hold.heldMs > 0 ? await holdWriteLock(world.database) : null;
      await delay(burstAfterMs);
      const commands = [
        ...Array.from({ length: hold.discord }, (_, i) => ({
          platform: 'discord' as const,
          ...discordCommand(world, i),
        })),
        ...Array.from({ length: hold.slack }, (_, i) => ({
          platform: 'slack' as const,
          ...slackCommand(world, i),
        })),
      ];
      await delay(Math.max(0, hold.heldMs - burstAfterMs));
      await holder?.release();
      for (const command of commands) {
        const [ackMs, answer] = await Promise.all([command.acked, command.answered]);
        samples.push({
          hold: holdIndex,
          platform: command.platform,
          text: command.text,
          ackMs,
          outcome: outcomeOf(answer),
        });
      }
      lagMs.push(await loopLagMaxMs(metricsPort));
      // The next hold starts from a quiet bot.
      await delay(2_000);
    }
    return { samples, lagMs };
  } finally {
    bot?.child.kill('SIGKILL');
    if (bot) await exitOf(bot.child);
    await world.close();
  }
}

const quantile = (sorted: number[], q: number) =>
  sorted.length === 0
    ? Number.NaN
    : (sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0);
const seconds = (ms: number) => (Number.isNaN(ms) ? '—' : `${(ms / 1000).toFixed(2)} s`);

function rows(variant: string, runs: Run[]) {
  const samples = runs.flatMap((run) => run.samples);
  return holds.flatMap((hold, holdIndex) =>
    (['discord', 'slack'] as const).map((platform) => {
      const mine = samples.filter((sample) => sample.hold === holdIndex && sample.platform === platform);
      const acks = mine
        .map((sample) => sample.ackMs)
        .filter((ms): ms is number => ms !== null)
        .sort((a, b) => a - b);
      const count = (outcome: Outcome) => mine.filter((sample) => sample.outcome === outcome).length;
      const lag = Math.max(...runs.map((run) => run.lagMs[holdIndex] ?? Number.NaN));
      return {
        variant,
        lock: hold.heldMs === 0 ? 'none' : `${hold.heldMs / 1000} s`,
        platform,
        commands: mine.length,
        'ack median': seconds(quantile(acks, 0.5)),
        'ack p95': seconds(quantile(acks, 0.95)),
        'ack max': seconds(acks.at(-1) ?? Number.NaN),
        'acked ≤ 3 s': `${acks.filter((ms) => ms <= deadlineMs).length}/${mine.length}`,
        answered: count('answered'),
        'not saved': count('not saved'),
        'failed/none': count('failed') + count('none'),
        'loop stall max': seconds(lag),
      };
    }),
  );
}

const variants = [
  ...(before ? [{ name: 'before', bundle: before }] : []),
  { name: 'after', bundle: undefined },
];
const verbose = process.argv.includes('--verbose');
const table = [];
for (const variant of variants) {
  const done: Run[] = [];
  for (let run = 0; run < runs; run++) {
    process.stderr.write(
      `${variant.name}: run ${run + 1} of ${runs} (load average ${loadavg()[0]?.toFixed(1)})…\n`,
    );
    done.push(await runOnce(variant.bundle));
  }
  if (verbose) {
    for (const sample of done.flatMap((run) => run.samples))
      process.stderr.write(
        `${variant.name} hold ${sample.hold} ${sample.platform} ${sample.text}: ${sample.ackMs?.toFixed(0)} ms, ${sample.outcome}\n`,
      );
  }
  table.push(...rows(variant.name, done));
}
console.table(table);
console.log(
  `load average at the end: ${loadavg()
    .map((value) => value.toFixed(1))
    .join(' ')}`,
);
