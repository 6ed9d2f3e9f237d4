/**
 * A day of arXiv through the real bot: one mailing of 400+ papers over five categories (cs.LG alone 420,
 * with cross-lists between them) fetched from the fake arXiv, stored, and digested for 50 channels that
 * follow one to three categories each, by runBot (real discord.js against the fake Discord with its limits
 * enforced, a real SQLite file). The fake enforces arXiv's rule at the interval given (default the real
 * 3000 ms; the client's gate waits on real timers, nothing injected): a request closer than that is
 * answered 503. Prints the tick's wall time, the requests to arXiv, the smallest gap between two of them,
 * the refusals, and that every channel got its header and top N exactly once.
 *
 *   npm run bench:arxiv [-- --channels 50 --interval 3000 --top 10]
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqliteStore } from '../src/engines/sqlite/sqlite-store';
import { defaultDigestSettings } from '../src/records/subscription';
import { type FakeArxivEntry, startFakeArxiv } from '../test/fakes/arxiv/fake-arxiv-server';
import { FakeDiscord } from '../test/fakes/discord/fake-discord';
import { FakeHfServer } from '../test/fakes/hf/fake-hf-server';
import { BotHarness } from '../test/support/bot-harness';

const arg = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? Number(process.argv[index + 1] ?? fallback) : fallback;
};
const channels = arg('channels', 50);
const interval = arg('interval', 3000);
const top = arg('top', 10);
const day = '2026-12-01';
const guildId = '940000000000000001';

/** Papers per category; every 10th cs.RO and cs.CV paper is cross-listed to cs.LG. */
const sizes: Record<string, number> = {
  'cs.LG': 420,
  'cs.RO': 120,
  'cs.CV': 200,
  'cs.CL': 150,
  'stat.ML': 80,
};
const categories = Object.keys(sizes);
const words = [
  'diffusion',
  'robot',
  'language',
  'graph',
  'policy',
  'vision',
  'kernel',
  'bandit',
  'transformer',
];

const arxiv = await startFakeArxiv({ minIntervalMs: interval });
const mailing = new Map<string, FakeArxivEntry[]>(categories.map((category) => [category, []]));
let serial = 0;
for (const category of categories)
  for (let i = 0; i < (sizes[category] ?? 0); i++) {
    serial++;
    const crossTo = (category === 'cs.RO' || category === 'cs.CV') && i % 10 === 0 ? 'cs.LG' : null;
    const entry: FakeArxivEntry = {
      id: `2611.${String(serial).padStart(5, '0')}`,
      title: `${words[serial % words.length]} ${words[(serial * 7) % words.length]} study ${serial}`,
      categories: crossTo ? [category, crossTo] : [category],
    };
    mailing.get(category)?.push(entry);
    if (crossTo) mailing.get(crossTo)?.push({ ...entry, announceType: 'cross' });
  }
for (const [category, entries] of mailing) arxiv.setDay(category, day, entries);
const listed = new Set([...mailing.values()].flat().map((entry) => entry.id));

const ids = Array.from({ length: channels }, (_, i) => String(950000000000000000n + BigInt(i + 1)));
const discord = await FakeDiscord.start({
  guilds: [{ id: guildId, channels: ids.map((id, i) => ({ id, name: `papers-${i}` })) }],
});
discord.limits.enforce();
const hf = await new FakeHfServer().start();
const database = join(mkdtempSync(join(tmpdir(), 'paperboy-arxiv-bench-')), 'bot.db');
const seed = openSqliteStore(database);
for (const [i, id] of ids.entries()) {
  // One to three categories a channel: every channel its own mix.
  const followed = [i, ...(i % 3 === 0 ? [i + 1] : []), ...(i % 7 === 0 ? [i + 2] : [])].map(
    (k) => categories[k % categories.length] as string,
  );
  await seed.subscriptions.upsert(
    { platform: 'discord', workspaceId: guildId, channelId: id },
    { ...defaultDigestSettings, source: 'arxiv', categories: followed, topN: top },
    '2026-11-20T00:00:00Z',
  );
}
await seed.close();

const bot = await BotHarness.start({
  now: '2026-12-01T08:00:00Z',
  hf,
  discord,
  database,
  arxiv,
  arxivIntervalMs: interval,
  env: { LOG_LEVEL: 'warn', REFRESH_INTERVAL_MINUTES: '6000' },
});
// The harness leaves the fake a little slack below the client's interval; here it enforces the rule itself.
arxiv.setMinInterval(interval);
const before = arxiv.requests.length;
const started = Date.now();
await bot.tickAt('2026-12-01T09:00:00Z');
const wall = (Date.now() - started) / 1000;
const requests = arxiv.requests.slice(before);
const refused = requests.filter((request) => request.status !== 200).length;
const perChannel = ids.map((id) => discord.store.channelHistory(id).length);
const complete = perChannel.every((count) => count === top + 1);
const stored = (await bot.core.store.papers.getMany([...listed])).length;
await bot.stop(false);
await discord.close();
await hf.stop();
await arxiv.close();

const rows = [
  ['papers in the mailing (distinct)', String(listed.size)],
  ['papers stored', String(stored)],
  ['channels', String(channels)],
  ['fake arXiv rule (ms)', String(interval)],
  ['tick wall time (fetch + store + plan + post)', `${wall.toFixed(1)} s`],
  ['requests to arXiv', String(requests.length)],
  ['smallest gap between two requests', `${arxiv.minGapMs()} ms`],
  ['requests refused by the fake (too soon)', String(refused)],
  [`every channel got header + top ${top} once`, complete ? 'yes' : `NO (${perChannel.join(',')})`],
];
process.stdout.write(
  `| measure | value |\n|---|---|\n${rows.map((row) => `| ${row.join(' | ')} |`).join('\n')}\n`,
);
