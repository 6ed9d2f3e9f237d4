import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeHfServer } from '../fakes/hf/fake-hf-server';
import { oct25Batch } from '../support/fixtures';
import { childEnv, runCli } from '../support/run-cli';
import { trendingList } from '../support/trending';

const bin = fileURLToPath(new URL('../../bin/paperboy.js', import.meta.url));

/** A loopback port nothing listens on. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('paperboy CLI, end to end against a fake Hugging Face', () => {
  let hf: FakeHfServer;
  const cwd = mkdtempSync(join(tmpdir(), 'paperboy-cli-'));
  const database = join(cwd, 'data', 'paperboy.db');
  const env = () => ({ HF_BASE_URL: hf.url, DATABASE_URL: database, HF_RETRY_BUDGET_MS: '2000' });

  beforeAll(async () => {
    hf = await new FakeHfServer().start();
    hf.setDay('2024-10-25', oct25Batch());
    hf.setTrending(trendingList());
  });
  afterAll(() => hf.stop());

  it('fetches a range of days with progress, counting papers', async () => {
    const run = await runCli(['fetch', '--from', '2024-10-24', '--to', '2024-10-26'], { env: env(), cwd });
    expect(run.stderr).toContain('3/3');
    expect(run.stdout.trim()).toBe('Fetched 3 days: 29 papers. 29 papers stored.');
    expect(run.code).toBe(0);
  });

  it('searches the store and prints JSON in rank order', async () => {
    const run = await runCli(['search', 'contrastive loss', '--json', '--limit', '3'], { env: env(), cwd });
    expect(run.code).toBe(0);
    const rows = JSON.parse(run.stdout) as Array<{ id: string; title: string; score: number; url: string }>;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThanOrEqual(3);
    expect(rows[0]).toMatchObject({ id: '2410.17243', url: 'https://huggingface.co/papers/2410.17243' });
    expect(Object.keys(rows[0] ?? {})).toEqual(['id', 'title', 'score', 'coverage', 'url']);
    for (const [index, row] of rows.entries())
      if (index > 0) expect(row.score).toBeLessThanOrEqual(rows[index - 1]?.score ?? 0);
  });

  it('prints the digest of a day, as text and as JSON', async () => {
    const text = await runCli(['digest', '--date', '2024-10-25'], { env: env(), cwd });
    expect(text.stdout).toContain('Daily Papers — Fri 25 Oct · top 10 of 29');
    expect(text.stdout).toContain('Breaking the Memory Barrier');
    const json = await runCli(['digest', '--date', '2024-10-25', '--json'], { env: env(), cwd });
    const digest = JSON.parse(json.stdout) as { header: { count: number }; papers: Array<{ id: string }> };
    expect(digest.header.count).toBe(10);
    expect(digest.papers[0]?.id).toBe('2410.17243');
  });

  it("prints Hugging Face's trending list in its order, as text and as JSON, and says so in one line when it is down", async () => {
    const text = await runCli(['trending', '--limit', '3'], { env: env(), cwd });
    expect(text.code).toBe(0);
    const lines = text.stdout.split('\n');
    expect(lines[0]).toBe('Trending on Hugging Face');
    expect(lines[1]).toContain(' 1. Large Multimodal Models as General In-Context Classifiers');
    expect(lines).toHaveLength(8);
    const json = await runCli(['trending', '--json', '--limit', '2'], { env: env(), cwd });
    const rows = JSON.parse(json.stdout) as Array<{ rank: number; id: string }>;
    expect(rows.map((row) => [row.rank, row.id])).toEqual([
      [1, '2602.23229'],
      [2, '2410.18234'],
    ]);
    hf.failNext('sort=trending', { kind: 'status', status: 503 }, 20);
    const down = await runCli(['trending'], { env: { ...env(), HF_RETRY_BUDGET_MS: '300' }, cwd });
    hf.clearFaults();
    expect(down.code).toBe(1);
    const stderr = down.stderr.trim().split('\n');
    expect(stderr.at(-1)).toMatch(/^paperboy: .*trending.*503/);
    expect(down.stderr).not.toMatch(/at .*\.(ts|js):\d+/);
  });

  it('stops quietly when the reader of its output goes away (`paperboy digest | head -1`)', async () => {
    await runCli(['fetch', '--date', '2024-10-25'], { env: env(), cwd });
    const child = spawn(process.execPath, [bin, 'digest', '--date', '2024-10-25'], {
      cwd,
      env: childEnv(env()),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // The reader is gone before the first line: every write meets a closed pipe.
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    const code = await new Promise<number | null>((resolve) => child.on('close', (exit) => resolve(exit)));
    expect(stderr).not.toContain('EPIPE');
    expect(code).toBe(0);
  });

  it('fails in one clear line when Hugging Face cannot be reached, leaving the store untouched', async () => {
    const closedPort = await freePort();
    const offline = { ...env(), HF_BASE_URL: `http://127.0.0.1:${closedPort}`, HF_RETRY_BUDGET_MS: '1500' };
    const run = await runCli(['fetch', '--date', '2024-10-28'], { env: offline, cwd });
    expect(run.code).not.toBe(0);
    const lastLine = run.stderr.trim().split('\n').at(-1) ?? '';
    expect(lastLine).toContain(
      `paperboy: Could not reach http://127.0.0.1:${closedPort}/api/daily_papers?date=2024-10-28`,
    );
    expect(lastLine).toContain('ECONNREFUSED');
    expect(lastLine).toContain('HF_BASE_URL');
    expect(lastLine).toContain('--demo');
    const db = new Database(database, { readonly: true });
    expect(db.prepare(`SELECT count(*) AS n FROM batches WHERE day = '2024-10-28'`).get()).toEqual({ n: 0 });
    db.close();
  });

  it('asks for both ends of a range, refuses --date with a range, skips future days, and names an empty day', async () => {
    const fromOnly = await runCli(['fetch', '--from', '2024-10-24'], { env: env(), cwd });
    expect(fromOnly.code).toBe(1);
    expect(fromOnly.stderr).toContain('--from needs --to too');
    const both = await runCli(
      ['fetch', '--date', '2024-10-25', '--from', '2024-10-24', '--to', '2024-10-25'],
      {
        env: env(),
        cwd,
      },
    );
    expect(both.stderr).toContain('give either --date D or --from D --to D, not both');
    const future = await runCli(['fetch', '--date', '2099-01-01'], { env: env(), cwd });
    expect(future.code).toBe(1);
    expect(future.stderr).toMatch(/2099-01-01 is in the future \(today is \d{4}-\d{2}-\d{2} UTC\)/);
    const weekend = await runCli(['digest', '--date', '2024-10-26'], { env: env(), cwd });
    expect(weekend.stdout.trim()).toBe(
      'No Daily Papers batch on Sat 26 Oct 2024: nothing was listed that day (weekends and holidays have none).',
    );
  });

  it('documents --verbose and backfilling in its help', async () => {
    const help = await runCli(['help'], { env: env(), cwd });
    expect(help.stdout).toContain('--verbose');
    expect(help.stdout).toContain('paperboy fetch --from 2024-09-01 --to 2024-10-31');
  });

  it('rejects a bad date and a bad setting with messages that say what is expected', async () => {
    const date = await runCli(['fetch', '--date', '2024-13-45'], { env: env(), cwd });
    expect(date.code).toBe(1);
    expect(date.stderr).toContain('--date "2024-13-45" is not a date; use YYYY-MM-DD');
    const setting = await runCli(['search', 'x'], { env: { ...env(), HF_TIMEOUT_MS: 'soon' }, cwd });
    expect(setting.code).toBe(1);
    expect(setting.stderr).toContain('HF_TIMEOUT_MS is "soon": expected a whole number greater than 0');
    expect(setting.stderr).not.toContain('→ at');
    expect(setting.stderr).not.toMatch(/at .*\.ts:\d+/);
  });
});
