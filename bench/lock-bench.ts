/**
 * What a held SQLite write lock does to chat commands. The real bot (`dist/paperboy.js start`) runs against
 * the fake Discord (gateway and REST) and the fake Slack in HTTP mode (signed requests); another process
 * holds `BEGIN IMMEDIATE` on the bot's database for 6 s and then for 14 s, and 2 s into each hold a burst
 * of Discord interactions and Slack slash commands arrives (reads and settings changes mixed). Printed per
 * hold and platform: acknowledgement latency (median, p95, max), how many were acknowledged within the
 * platforms' 3 s, and how the commands ended (answered, "could not be saved", nothing).
 *
 *   npm run build && npm run bench:lock [-- --before /path/to/old/dist/paperboy.js --runs 1]
 *
 * `--before` runs the same scenario against another build first (e.g. main's, copied aside), so the
 * table shows both.
 */
import { commandSpecs } from '../commands/specs';
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
  ackMs: number | null;
  outcome: Outcome;
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
  return { acked, answered };
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
  };
}

async function runOnce(bundle: string | undefined): Promise<Sample[]> {
  const world = await startBotWorld({ channels: 2, slack: 'http' });
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
    for (const [holdIndex, hold] of holds.entries()) {
      const holder = await holdWriteLock(world.database);
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
      await delay(hold.heldMs - burstAfterMs);
      await holder.release();
      for (const command of commands) {
        const [ackMs, answer] = await Promise.all([command.acked, command.answered]);
        samples.push({ hold: holdIndex, platform: command.platform, ackMs, outcome: outcomeOf(answer) });
      }
      // The next hold starts from a quiet bot.
      await delay(2_000);
    }
    return samples;
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

function rows(variant: string, samples: Sample[]) {
  return holds.flatMap((hold, holdIndex) =>
    (['discord', 'slack'] as const).map((platform) => {
      const mine = samples.filter((sample) => sample.hold === holdIndex && sample.platform === platform);
      const acks = mine
        .map((sample) => sample.ackMs)
        .filter((ms): ms is number => ms !== null)
        .sort((a, b) => a - b);
      const count = (outcome: Outcome) => mine.filter((sample) => sample.outcome === outcome).length;
      return {
        variant,
        lock: `${hold.heldMs / 1000} s`,
        platform,
        commands: mine.length,
        'ack median': seconds(quantile(acks, 0.5)),
        'ack p95': seconds(quantile(acks, 0.95)),
        'ack max': seconds(acks.at(-1) ?? Number.NaN),
        'acked ≤ 3 s': `${acks.filter((ms) => ms <= deadlineMs).length}/${mine.length}`,
        answered: count('answered'),
        'not saved': count('not saved'),
        'failed/none': count('failed') + count('none'),
      };
    }),
  );
}

const variants = [
  ...(before ? [{ name: 'before', bundle: before }] : []),
  { name: 'after', bundle: undefined },
];
const table = [];
for (const variant of variants) {
  const samples: Sample[] = [];
  for (let run = 0; run < runs; run++) {
    process.stderr.write(`${variant.name}: run ${run + 1} of ${runs}…\n`);
    samples.push(...(await runOnce(variant.bundle)));
  }
  table.push(...rows(variant.name, samples));
}
console.table(table);
