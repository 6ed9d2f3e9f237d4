/**
 * Memory under a soak. The real bot (`dist/paperboy.js start`) runs against the fake Discord (gateway and
 * REST), the fake Slack in HTTP mode (signed requests) and the fake Hugging Face, and is sent N commands
 * (default 100,000) of a realistic mix: search with varied words, today, paper, why, help, queue, subscribe
 * and settings changes, flag reactions on posted papers (Discord) and reaction events (Slack), from 500
 * people in 4 channels, `--concurrency` at a time (default 8). Every `--sample` commands (default 500) the
 * bot's own `/metrics` is read: `process_resident_memory_bytes` and `nodejs_heap_size_used_bytes`, which
 * prom-client takes from `process.memoryUsage()` when scraped. Printed: medians of the first, middle and
 * last third, and one row per 10,000 commands (1,000 below 20,000) with commands/s.
 *
 *   npm run build && npm run bench:soak [-- --commands 10000 --gc --snapshots /tmp/snaps --before old.js]
 *
 * `--gc` starts the bot with an inspector on loopback and forces a full collection
 * (`HeapProfiler.collectGarbage`) before each sample, so what remains is live memory, not garbage.
 * `--snapshots DIR` writes a heap snapshot (`--heapsnapshot-signal`) after a third and at the end, to
 * compare in DevTools or with `npm run bench:heap-diff -- early.heapsnapshot late.heapsnapshot` (count and
 * self size per constructor). Taking a snapshot raises the bot's RSS for good (glibc keeps the memory the
 * snapshot was built in), so read RSS from a run without `--snapshots`. `--before` runs another build first
 * (e.g. main's).
 * Between samples the fakes forget what they recorded, so the harness's own memory stays flat.
 */
import { closeSync, mkdirSync, openSync, readdirSync, readSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg } from 'node:os';
import WebSocket from 'ws';
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
import { reactionEvent } from '../test/fakes/slack/fake-slack-inbound';
import { oct25Batch } from '../test/support/fixtures';

const argValue = (name: string): string | undefined => {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
};
const total = Number(argValue('commands') ?? 100_000);
const concurrency = Number(argValue('concurrency') ?? 8);
const sampleEvery = Number(argValue('sample') ?? 500);
const rowEvery = Number(argValue('row') ?? (total >= 20_000 ? 10_000 : 1_000));
const forceGc = process.argv.includes('--gc');
const snapshotDir = argValue('snapshots');
const before = argValue('before');

const papers = oct25Batch().map((item) => ({ id: item.paper.id, title: item.paper.title }));
const words = [
  ...new Set(
    papers.flatMap((paper) =>
      paper.title
        .toLowerCase()
        .split(/[^a-z]+/)
        .filter((word) => word.length > 3),
    ),
  ),
];
const pick = <T>(list: readonly T[], index: number): T => list[index % list.length] as T;

/** Command `index` of the mix: mostly reads, some settings changes, and reactions. */
function commandText(index: number): string {
  const paper = pick(papers, index * 7);
  const word = (k: number) => pick(words, index * 13 + k * 31);
  const texts = [
    `search ${word(1)} ${word(2)}`,
    'today',
    `paper ${paper.id}`,
    `why ${paper.id}`,
    `search ${word(3)}`,
    'help',
    `subscribe top=${3 + (index % 5)}`,
    `settings threads=${index % 2 === 0 ? 'on' : 'off'}`,
    'queue',
    `search "${word(4)} ${word(5)}"`,
    'react',
    'trending',
  ];
  return pick(texts, index);
}

const people = Array.from({ length: 500 }, (_, i) => ({
  discord: userPayload(String(960000000000000000n + BigInt(i + 1)), `reader${i}`),
  slack: `U_READER${i}`,
}));

interface Sample {
  done: number;
  at: number;
  rssMb: number;
  heapMb: number;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function memory(metricsPort: number): Promise<{ rssMb: number; heapMb: number }> {
  const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
  const read = (name: string) => Number(new RegExp(`^paperboy_${name} (\\S+)$`, 'm').exec(text)?.[1]);
  return {
    rssMb: read('process_resident_memory_bytes') / 2 ** 20,
    heapMb: read('nodejs_heap_size_used_bytes') / 2 ** 20,
  };
}

/** A DevTools-protocol session with the bot (only with `--gc`). */
async function inspector(bot: BotProcess): Promise<(method: string) => Promise<void>> {
  await waitUntil(() => /ws:\/\/\S+/.test(bot.stderr()), 10_000);
  const url = /ws:\/\/\S+/.exec(bot.stderr())?.[0];
  if (!url) throw new Error(`the bot printed no inspector address:\n${bot.stderr()}`);
  const socket = new WebSocket(url);
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  let id = 0;
  const pending = new Map<number, () => void>();
  socket.on('message', (data) => {
    const reply = JSON.parse(String(data)) as { id?: number };
    if (reply.id !== undefined) pending.get(reply.id)?.();
  });
  return (method) =>
    new Promise<void>((resolve) => {
      id += 1;
      pending.set(id, resolve);
      socket.send(JSON.stringify({ id, method }));
    });
}

function discordCommand(world: BotWorld, index: number, text: string): Promise<unknown> {
  const person = pick(people, index * 17);
  const channel = world.discord.store.channels.get(pick(world.channels, index));
  if (!channel) throw new Error('the world has no channel');
  if (text === 'react') {
    const posted = world.discord.store.channelHistory(channel.id).filter((message) => message.embeds.length);
    const message = pick(posted, index);
    for (const action of ['added', 'removed'] as const)
      world.discord.react({
        channelId: channel.id,
        messageId: message.id,
        user: person.discord,
        emoji: '🔖',
        action,
      });
    return Promise.resolve();
  }
  const { sub, options } = slashFromText(text, commandSpecs);
  const record = world.discord.injectInteraction(
    slashInteraction(
      { applicationId: world.discord.applicationId, guildId, channel, user: person.discord, admin: true },
      '850000000000000001',
      sub,
      options,
    ),
  );
  return world.discord.outputs.waitFor(
    (output) =>
      output.interactionId === record.id &&
      (output.kind === 'edit' || output.kind === 'followup' || output.callbackType === 4),
    `an answer to ${text}`,
    60_000,
  );
}

async function slackCommand(world: BotWorld, index: number, text: string): Promise<unknown> {
  const slack = world.slack;
  const inbound = world.slackInbound;
  if (!slack || !inbound) throw new Error('the world has no Slack');
  const user = pick(people, index * 17).slack;
  if (text === 'react') {
    const ts = `${1_730_000_000 + (index % 50)}.000100`;
    for (const action of ['added', 'removed'] as const)
      await inbound.event(reactionEvent({ action, user, reaction: 'bookmark', channel: 'C_PAPERS', ts }));
    return;
  }
  const ack = await inbound.command({ channel: 'C_PAPERS', user: 'U_ADMIN', text });
  if (ack.status !== 200) throw new Error(`slack answered ${ack.status} to ${text}`);
  return slack.waitFor(() => slack.responsesTo(ack.responseUrlId)[0], `an answer to ${text}`, 60_000);
}

/** Drops what the fakes recorded (requests, outputs, answered interactions), between samples. */
function forget(world: BotWorld): void {
  world.discord.requests.entries.length = 0;
  world.discord.outputs.entries.length = 0;
  world.discord.store.interactions.clear();
  world.slack?.calls.splice(0);
  world.slack?.responses.splice(0);
}

async function snapshot(bot: BotProcess, dir: string): Promise<void> {
  const snapshots = () => readdirSync(dir).filter((name) => name.endsWith('.heapsnapshot'));
  const had = new Set(snapshots());
  bot.child.kill('SIGUSR2');
  await waitUntil(() => snapshots().some((name) => !had.has(name)), 120_000);
  const file = `${dir}/${snapshots().find((name) => !had.has(name))}`;
  // The new file is written in pieces (an earlier one's size says nothing about it): it is whole when its
  // JSON is closed and its size has stopped changing.
  let size = -1;
  for (;;) {
    await delay(1_000);
    const now = statSync(file).size;
    if (now > 0 && now === size && endsWithBrace(file, now)) return;
    size = now;
  }
}

function endsWithBrace(file: string, size: number): boolean {
  const tail = Buffer.alloc(Math.min(size, 16));
  const fd = openSync(file, 'r');
  try {
    readSync(fd, tail, 0, tail.length, size - tail.length);
  } finally {
    closeSync(fd);
  }
  return tail.toString('utf8').trimEnd().endsWith('}');
}

async function soak(bundle: string | undefined): Promise<{ samples: Sample[]; errors: number }> {
  const metricsPort = await freePort();
  const nodeOptions = [
    forceGc ? '--inspect=127.0.0.1:0' : '',
    snapshotDir ? `--heapsnapshot-signal=SIGUSR2 --diagnostic-dir=${snapshotDir}` : '',
  ].join(' ');
  if (snapshotDir) mkdirSync(snapshotDir, { recursive: true });
  const world = await startBotWorld({
    channels: 4,
    slack: 'http',
    env: { METRICS_PORT: String(metricsPort), NODE_OPTIONS: nodeOptions },
  });
  let bot: BotProcess | null = null;
  try {
    bot = startBot(world.env, bundle);
    let slackUp = false;
    await waitUntil(
      () => countKeys(world).size >= 44 && slackUp,
      120_000,
      async () => {
        slackUp = await world.slackReady();
      },
    );
    if (!slackUp) throw new Error(`the bot did not come up:\n${bot.stderr()}`);
    const inspect = forceGc ? await inspector(bot) : null;
    const samples: Sample[] = [];
    const started = performance.now();
    let errors = 0;
    let next = 0;
    const take = async (done: number) => {
      await inspect?.('HeapProfiler.collectGarbage');
      samples.push({ done, at: performance.now() - started, ...(await memory(metricsPort)) });
    };
    await take(0);
    while (next < total) {
      const end = Math.min(total, next + sampleEvery);
      const worker = async () => {
        while (next < end) {
          const index = next++;
          const text = commandText(index);
          // Every text reaches both platforms: a third of the commands go to Slack, shifted per round of the mix.
          const send = (index + Math.floor(index / 12)) % 3 === 2 ? slackCommand : discordCommand;
          await send(world, index, text).catch((error: unknown) => {
            errors += 1;
            if (errors <= 5) process.stderr.write(`command ${index} (${text}): ${String(error)}\n`);
          });
        }
      };
      await Promise.all(Array.from({ length: concurrency }, worker));
      forget(world);
      await take(end);
      if (end % rowEvery === 0) {
        // Each row as it is reached, so a run cut short still leaves its figures.
        const last = samples.at(-1);
        const rowStart = samples.find((sample) => sample.done === end - rowEvery);
        const rate = last && rowStart ? (rowEvery / ((last.at - rowStart.at) / 1000)).toFixed(0) : '—';
        process.stderr.write(
          `  ${end} commands: RSS ${mb(last?.rssMb ?? Number.NaN)}, heap ${mb(last?.heapMb ?? Number.NaN)}, ${rate} commands/s, load ${loadavg()[0]?.toFixed(1)}\n`,
        );
      }
      if (snapshotDir && (end === Math.round(total / 3 / sampleEvery) * sampleEvery || end === total))
        await snapshot(bot, snapshotDir);
    }
    return { samples, errors };
  } finally {
    bot?.child.kill('SIGKILL');
    if (bot) await exitOf(bot.child);
    await world.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? Number.NaN : (sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN);
};
const mb = (value: number) => `${value.toFixed(0)} MB`;

function thirds(variant: string, samples: Sample[]) {
  const measured = samples.filter((sample) => sample.done > 0);
  const third = (k: number) =>
    measured.filter((sample) => sample.done > (k * total) / 3 && sample.done <= ((k + 1) * total) / 3);
  const [first, middle, last] = [third(0), third(1), third(2)];
  const rate = (part: Sample[]) => {
    const start = samples.find((sample) => sample.done === (part[0]?.done ?? 0) - sampleEvery);
    const end = part.at(-1);
    return start && end ? ((end.done - start.done) / ((end.at - start.at) / 1000)).toFixed(0) : '—';
  };
  return (['rssMb', 'heapMb'] as const).map((key) => ({
    variant,
    measure: key === 'rssMb' ? 'RSS' : 'heap used',
    'first third': mb(median(first.map((sample) => sample[key]))),
    'middle third': mb(median(middle.map((sample) => sample[key]))),
    'last third': mb(median(last.map((sample) => sample[key]))),
    'commands/s (first, last)': `${rate(first)}, ${rate(last)}`,
  }));
}

function perRow(variant: string, samples: Sample[]) {
  const rows = [];
  for (let end = rowEvery; end <= total; end += rowEvery) {
    const mine = samples.filter((sample) => sample.done > end - rowEvery && sample.done <= end);
    const start = samples.find((sample) => sample.done === end - rowEvery);
    const last = mine.at(-1);
    rows.push({
      variant,
      commands: `${(end - rowEvery).toLocaleString('en')}–${end.toLocaleString('en')}`,
      'RSS median': mb(median(mine.map((sample) => sample.rssMb))),
      'RSS at end': mb(last?.rssMb ?? Number.NaN),
      'heap median': mb(median(mine.map((sample) => sample.heapMb))),
      'heap at end': mb(last?.heapMb ?? Number.NaN),
      'commands/s': start && last ? (rowEvery / ((last.at - start.at) / 1000)).toFixed(0) : '—',
    });
  }
  return rows;
}

const variants = [
  ...(before ? [{ name: 'before', bundle: before }] : []),
  { name: 'after', bundle: undefined },
];
const summary = [];
const rows = [];
for (const variant of variants) {
  process.stderr.write(
    `${variant.name}: ${total} commands, ${concurrency} at a time${forceGc ? ', full GC before each sample' : ''} (load average ${loadavg()[0]?.toFixed(1)})…\n`,
  );
  const { samples, errors } = await soak(variant.bundle);
  if (errors > 0) process.stderr.write(`${variant.name}: ${errors} commands had no answer\n`);
  summary.push(...thirds(variant.name, samples));
  rows.push(...perRow(variant.name, samples));
}
console.table(summary);
console.table(rows);
console.log(
  `${forceGc ? 'after a forced full GC' : 'no forced GC'}; load average at the end: ${loadavg()
    .map((value) => value.toFixed(1))
    .join(' ')}`,
);
