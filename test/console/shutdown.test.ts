import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeHfServer } from '../fakes/hf/fake-hf-server';
import { oct25Batch } from '../support/fixtures';
import { childEnv } from '../support/run-cli';

const bin = fileURLToPath(new URL('../../bin/paperboy.js', import.meta.url));

describe('SIGTERM', () => {
  let hf: FakeHfServer;
  beforeAll(async () => {
    hf = await new FakeHfServer().start();
    // Yesterday's batch is complete only after 03:00 UTC: serve the day before too, whatever the time.
    for (const back of [1, 2])
      hf.setDay(new Date(Date.now() - back * 86_400_000).toISOString().slice(0, 10), oct25Batch());
  });
  afterAll(() => hf.stop());

  it('closes the database and exits 0 within a few seconds', async () => {
    const database = join(mkdtempSync(join(tmpdir(), 'paperboy-term-')), 'bot.db');
    // A console bot that keeps its prompt open (stdin stays open) until it is told to stop.
    const child = spawn(process.execPath, [bin, 'start'], {
      env: childEnv({ HF_BASE_URL: hf.url, DATABASE_URL: database }),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    // The start-up digest is printed once its batch is stored (the prompt may come up before it).
    await new Promise<void>((resolve) => {
      const check = () =>
        stdout.includes('Type a command') && stdout.includes('📰 Daily Papers')
          ? resolve()
          : setTimeout(check, 50);
      check();
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    // Closed cleanly: the WAL was checkpointed into the main file and the data reads back.
    const db = new Database(database, { readonly: true });
    expect((db.prepare('SELECT count(*) AS n FROM papers').get() as { n: number }).n).toBe(29);
    db.close();
  });

  it('during the start-up fetch, stops quietly: no "database connection is not open"', async () => {
    const slow = await new FakeHfServer().start();
    slow.failNext('daily_papers', { kind: 'slow', ms: 20_000 }, 10);
    const database = join(mkdtempSync(join(tmpdir(), 'paperboy-term-')), 'bot.db');
    const child = spawn(process.execPath, [bin, 'start'], {
      env: childEnv({ HF_BASE_URL: slow.url, DATABASE_URL: database, HF_TIMEOUT_MS: '30000' }),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    // The first request of the start-up digest is in flight (and the bot listens for signals by then).
    await new Promise<void>((resolve) => {
      const check = () => (slow.requestsFor('daily_papers').length > 0 ? resolve() : setTimeout(check, 50));
      check();
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    const code = await exited;
    await slow.stop();
    expect(code).toBe(0);
    expect(output).not.toContain('database connection is not open');
    expect(output).not.toContain('✖');
  });
});
