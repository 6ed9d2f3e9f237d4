/** The command line as a person meets it (issue 23, items 5, 11 and 12): mistakes in one line, help when bare. */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeHfServer } from '../fakes/hf/fake-hf-server';
import { repoRoot, runCli } from '../support/run-cli';

describe('paperboy at the command line', () => {
  let hf: FakeHfServer;
  const cwd = mkdtempSync(join(tmpdir(), 'paperboy-cli-words-'));
  const database = join(cwd, 'words.db');
  const env = (extra: Record<string, string> = {}) => ({
    HF_BASE_URL: hf.url,
    DATABASE_URL: database,
    ...extra,
  });
  beforeAll(async () => {
    hf = await new FakeHfServer().start();
  });
  afterAll(() => hf.stop());

  it('refuses a future day in fetch and digest --date with the same words, exit 1, and stores no batch', async () => {
    const fetch = await runCli(['fetch', '--date', '2099-01-01'], { env: env(), cwd });
    const digest = await runCli(['digest', '--date', '2099-01-01'], { env: env(), cwd });
    for (const run of [fetch, digest]) {
      expect(run.code).toBe(1);
      expect(run.stdout).toBe('');
    }
    const line = fetch.stderr.trim().split('\n').at(-1) ?? '';
    expect(line).toMatch(/^paperboy: 2099-01-01 is in the future \(today is \d{4}-\d{2}-\d{2} UTC\)/);
    expect(digest.stderr.trim().split('\n').at(-1)).toBe(line);
    expect(digest.stderr).not.toContain('weekends and holidays');
    const db = new Database(database, { readonly: true });
    expect(db.prepare("select count(*) as n from batches where day = '2099-01-01'").get()).toEqual({ n: 0 });
    db.close();
  }, 90_000);

  it('names a mistyped flag in one line with what was meant, without the usage or parseArgs text', async () => {
    const run = await runCli(['fetch', '--dat', '2024-10-25'], { env: env(), cwd });
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe(
      'paperboy: unknown option --dat (did you mean --date?). paperboy help lists the commands and options.',
    );
    const missing = await runCli(['digest', '--date'], { env: env(), cwd });
    expect(missing.stderr.trim()).toBe(
      'paperboy: --date needs a value, e.g. --date 2024-10-25. paperboy help lists the commands and options.',
    );
    const command = await runCli(['serch', 'x'], { env: env(), cwd });
    expect(command.code).toBe(1);
    expect(command.stderr.trim()).toBe(
      'paperboy: Unknown command "serch" (did you mean search?). paperboy help lists the commands.',
    );
    for (const output of [run.stderr, missing.stderr, command.stderr]) expect(output).not.toContain('Usage:');
  }, 90_000);

  it('prints help when run bare (npx paperboy), while npm start still starts the bot by name', async () => {
    const bare = await runCli([], { env: env(), cwd, input: 'exit\n' });
    expect(bare.code).toBe(0);
    expect(bare.stdout).toContain('Usage:\n  paperboy start [--demo]');
    expect(bare.stdout).not.toContain('Console: on');
    const scripts = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')).scripts;
    expect(scripts.start).toMatch(/paperboy\.js start$/);
  }, 90_000);

  it('points at npm start -- --demo when Hugging Face cannot be reached', async () => {
    const run = await runCli(['fetch', '--date', '2024-10-25'], {
      env: {
        DATABASE_URL: join(cwd, 'offline.db'),
        HF_BASE_URL: 'http://127.0.0.1:9',
        HF_RETRY_BUDGET_MS: '500',
      },
      cwd,
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('run offline on a bundled batch with `npm start -- --demo`');
    expect(run.stderr).not.toContain('try --demo');
  }, 90_000);

  it('speaks of configuration mistakes in the user words: the variable, the value given, what would work', async () => {
    const level = await runCli(['search', 'x'], { env: env({ LOG_LEVEL: 'loud' }), cwd });
    expect(level.code).toBe(1);
    expect(level.stderr).toContain(
      'LOG_LEVEL is "loud": expected one of fatal, error, warn, info, debug, trace or silent',
    );
    const token = await runCli(['search', 'x'], { env: env({ SLACK_BOT_TOKEN: 'oops-secret-value' }), cwd });
    expect(token.stderr).toContain(
      'SLACK_BOT_TOKEN starts with xoxb- (SLACK_BOT_TOKEN is set (17 characters, not shown))',
    );
    expect(token.stderr).not.toContain('oops-secret-value');
    for (const run of [level, token]) {
      expect(run.stderr).not.toContain('→ at');
      expect(run.stderr).not.toContain('Invalid option');
    }
    // The usual spellings of on and off.
    for (const value of ['YES', 'Off']) {
      const on = await runCli(['search', 'x'], { env: env({ SLACK_PROCESS_BEFORE_RESPONSE: value }), cwd });
      expect(on.code, value).toBe(0);
    }
    const maybe = await runCli(['search', 'x'], { env: env({ DISCORD_MESSAGE_CONTENT: 'maybe' }), cwd });
    expect(maybe.code).toBe(1);
    expect(maybe.stderr).toContain(
      'DISCORD_MESSAGE_CONTENT is true or false (yes/no, on/off and 1/0 work too)',
    );
    expect(maybe.stderr).toContain('(DISCORD_MESSAGE_CONTENT is "maybe")');
  }, 90_000);

  it('explains to an email address in words about the address, not a channel', async () => {
    const run = await runCli(['email', 'why', 'ada@lab.org', '2410.17243'], { env: env(), cwd });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('ada@lab.org is not subscribed, so no paper is mailed to it.');
    expect(run.stdout).not.toMatch(/channel/i);
  }, 90_000);
});
