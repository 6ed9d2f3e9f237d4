/**
 * Start-up time and idle memory of the bot, the way `npm start` launched it before (TypeScript compiled at
 * every start by tsx) and now (the esbuild bundle). Each run starts the console bot against a local fake
 * Hugging Face with a real batch, times spawn → prompt ready ("Type a command"), waits for it to settle,
 * sums the resident memory of the process tree (tsx runs the bot in a child process), and stops it with
 * SIGTERM. Runs alternate between the variants so machine noise hits both alike.
 *
 *   npm run bench:startup [-- --runs 7 --idle-ms 3000]
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FakeHfServer } from '../test/fakes/hf/fake-hf-server';
import { oct25Batch } from '../test/support/fixtures';
import { childEnv } from '../test/support/run-cli';

const root = fileURLToPath(new URL('..', import.meta.url));
const argValue = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? Number(process.argv[index + 1]) : fallback;
};
const runs = argValue('runs', 7);
const idleMs = argValue('idle-ms', 3_000);

const variants = [
  {
    name: 'before: tsx src/main.ts start',
    command: join(root, 'node_modules/.bin/tsx'),
    args: ['src/main.ts'],
  },
  { name: 'after: node dist/paperboy.js start', command: process.execPath, args: ['dist/paperboy.js'] },
];

/** Resident memory (kB) of `pid` and all its descendants, from /proc. */
function treeRssKb(pid: number): number {
  const parents = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(ppid, [...(parents.get(ppid) ?? []), Number(entry)]);
    } catch {
      // The process ended while we looked.
    }
  }
  let total = 0;
  const pending = [pid];
  while (pending.length > 0) {
    const next = pending.pop() as number;
    try {
      const status = readFileSync(`/proc/${next}/status`, 'utf8');
      total += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    } catch {
      // Gone.
    }
    pending.push(...(parents.get(next) ?? []));
  }
  return total;
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });

async function runOnce(variant: (typeof variants)[number], hfUrl: string) {
  const database = join(mkdtempSync(join(tmpdir(), 'paperboy-bench-')), 'bot.db');
  const started = performance.now();
  const child = spawn(variant.command, [...variant.args, 'start'], {
    cwd: root,
    env: childEnv({ HF_BASE_URL: hfUrl, DATABASE_URL: database }),
    stdio: ['pipe', 'pipe', 'ignore'],
  });
  let output = '';
  let bannerMs = 0;
  const ready = new Promise<number>((resolve, reject) => {
    child.stdout?.on('data', (chunk) => {
      output += chunk;
      bannerMs ||= performance.now() - started;
      if (output.includes('Type a command')) resolve(performance.now() - started);
    });
    child.once('exit', (code) => reject(new Error(`${variant.name} exited ${code} before its prompt`)));
  });
  const startupMs = await ready;
  await new Promise((resolve) => setTimeout(resolve, idleMs));
  const rssMb = treeRssKb(child.pid ?? 0) / 1024;
  child.kill('SIGTERM');
  await exited(child);
  return { bannerMs, startupMs, rssMb };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

async function main() {
  if (!existsSync(join(root, 'dist/paperboy.js'))) throw new Error('run `npm run build` first');
  const hf = await new FakeHfServer().start();
  for (const back of [1, 2, 3])
    hf.setDay(new Date(Date.now() - back * 86_400_000).toISOString().slice(0, 10), oct25Batch());
  const results = variants.map(() => ({
    banner: [] as number[],
    startup: [] as number[],
    rss: [] as number[],
  }));
  try {
    for (let run = 0; run < runs; run++) {
      for (const [index, variant] of variants.entries()) {
        const { bannerMs, startupMs, rssMb } = await runOnce(variant, hf.url);
        results[index]?.banner.push(bannerMs);
        results[index]?.startup.push(startupMs);
        results[index]?.rss.push(rssMb);
      }
    }
  } finally {
    await hf.stop();
  }
  const rows = variants.map((variant, index) => ({
    name: variant.name,
    banner: median(results[index]?.banner ?? []),
    startup: median(results[index]?.startup ?? []),
    rss: median(results[index]?.rss ?? []),
  }));
  const [before, after] = rows;
  console.log(`Start-up and idle RSS (process tree, ${idleMs} ms after the prompt), median of ${runs} runs`);
  console.log('| command | to banner (ms) | to prompt (ms) | idle RSS (MB) |');
  console.log('|---|---:|---:|---:|');
  for (const row of rows)
    console.log(
      `| ${row.name} | ${row.banner.toFixed(0)} | ${row.startup.toFixed(0)} | ${row.rss.toFixed(1)} |`,
    );
  if (before && after) {
    const ratio = (key: 'banner' | 'startup' | 'rss') => (after[key] / before[key]).toFixed(2);
    console.log(`| after / before | ${ratio('banner')} | ${ratio('startup')} | ${ratio('rss')} |`);
  }
}

await main();
