/**
 * A service manager sends SIGTERM to the process it started; with `npm start` that is npm. npm forwards the
 * signal to its script's shell, and a shell that is waiting for a child dies without passing it on, leaving
 * the bot running with parent 1: so the script `exec`s node, and the signal reaches the bot itself.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeHfServer } from '../fakes/hf/fake-hf-server';
import { oct25Batch } from '../support/fixtures';
import { childEnv, repoRoot } from '../support/run-cli';

/** Every live descendant of `pid`, from /proc (Linux). */
function descendants(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // Gone while we looked.
    }
  }
  const found: number[] = [];
  const pending = [pid];
  while (pending.length > 0) {
    for (const child of children.get(pending.pop() as number) ?? []) {
      found.push(child);
      pending.push(child);
    }
  }
  return found;
}

/** Alive and not a zombie waiting to be reaped. */
const alive = (pid: number) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
};

describe('npm start and SIGTERM', () => {
  let hf: FakeHfServer;
  beforeAll(async () => {
    hf = await new FakeHfServer().start();
    for (const back of [1, 2])
      hf.setDay(new Date(Date.now() - back * 86_400_000).toISOString().slice(0, 10), oct25Batch());
  });
  afterAll(() => hf.stop());

  it('stops the bot cleanly and leaves no process behind', async () => {
    expect(existsSync('/proc/self/stat')).toBe(true);
    const database = join(mkdtempSync(join(tmpdir(), 'paperboy-npm-')), 'bot.db');
    const npm = spawn('npm', ['start', '--silent'], {
      cwd: repoRoot,
      env: childEnv({ HF_BASE_URL: hf.url, DATABASE_URL: database, LOG_LEVEL: 'debug' }),
      // stdin stays open: the console bot waits at its prompt until it is told to stop.
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    npm.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    npm.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    await new Promise<void>((resolve, reject) => {
      // The start-up digest is printed once its batch is stored (the prompt may come up before it).
      const check = () =>
        stdout.includes('Type a command') && stdout.includes('📰 Daily Papers')
          ? resolve()
          : setTimeout(check, 50);
      npm.once('exit', (code) => reject(new Error(`npm start exited ${code}: ${stderr}`)));
      check();
    });
    const launched = descendants(npm.pid ?? 0);
    expect(launched.length).toBeGreaterThan(0);

    const exited = new Promise<number | null>((resolve) => npm.on('exit', (code) => resolve(code)));
    npm.kill('SIGTERM');
    expect(await exited).toBe(0);
    const deadline = Date.now() + 5_000;
    while (launched.some(alive) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(launched.filter(alive)).toEqual([]);
    // Stopped by the signal itself (not by losing its terminal), and the database was closed cleanly.
    expect(stderr).toMatch(/"signal":"SIGTERM","msg":"shutting down"/);
    const db = new Database(database, { readonly: true });
    expect((db.prepare('SELECT count(*) AS n FROM papers').get() as { n: number }).n).toBe(29);
    db.close();
  });
});
