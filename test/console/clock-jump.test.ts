/**
 * A laptop that sleeps: the running bot is stopped (SIGSTOP) while the wall clock goes on, then woken
 * (SIGCONT), as a suspended machine is. node-cron then finds the ticks it missed.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeHfServer } from '../fakes/hf/fake-hf-server';
import { oct25Batch } from '../support/fixtures';
import { childEnv } from '../support/run-cli';
import { until } from '../support/until';

const bin = fileURLToPath(new URL('../../bin/paperboy.js', import.meta.url));

interface LogLine {
  msg: string;
  missed?: number;
  done?: string[];
}

describe('a console bot whose machine slept', () => {
  let hf: FakeHfServer;
  beforeAll(async () => {
    hf = await new FakeHfServer().start();
    for (const back of [1, 2])
      hf.setDay(new Date(Date.now() - back * 86_400_000).toISOString().slice(0, 10), oct25Batch());
  });
  afterAll(() => hf.stop());

  it('prints no node-cron warning on waking, and logs one line saying what it caught up', async () => {
    const database = join(mkdtempSync(join(tmpdir(), 'paperboy-sleep-')), 'bot.db');
    const child = spawn(process.execPath, [bin, 'start'], {
      // Ticks each second, so a few seconds asleep miss several; the log at info shows the catch-up line.
      env: childEnv({ HF_BASE_URL: hf.url, DATABASE_URL: database, TICK_SECONDS: '1', LOG_LEVEL: 'info' }),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    await until(() => stdout.includes('Type a command'), 'the prompt', 15_000);
    const atPrompt = stdout.length;

    // Asleep for 4 s: at least 3 one-second ticks pass unseen, however late the process is woken.
    child.kill('SIGSTOP');
    await sleep(4_000);
    child.kill('SIGCONT');
    const caughtUp = () =>
      stderr
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as LogLine)
        .filter((line) => line.msg.startsWith('Caught up after'));
    await until(() => caughtUp().length > 0, 'the catch-up line', 10_000);
    child.stdin.end('exit\n');
    expect(await exited).toBe(0);

    // node-cron's own logger would print "[NODE-CRON] [WARN] missed execution at …" once per tick.
    expect(`${stdout}${stderr}`).not.toMatch(/NODE-CRON|missed execution/);
    // The prompt stays clean: nothing was printed onto it after it came up.
    expect(stdout.slice(atPrompt).replaceAll('papers> ', '').trim()).toBe('');
    // One line for the sleep (a busy machine may hold the process up for another, shorter, missed tick).
    const sleepLines = caughtUp().filter((line) => (line.missed ?? 0) >= 3);
    expect(sleepLines).toHaveLength(1);
    expect(sleepLines[0]?.msg).toMatch(
      /^Caught up after \d+ missed ticks \(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC to .+ UTC: the machine slept or the process was held up\): .+\.$/,
    );
  }, 40_000);
});
