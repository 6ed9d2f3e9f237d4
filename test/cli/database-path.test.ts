/**
 * Where the database is (issue 23, item 8): started from another folder, paperboy opens the database of
 * its own folder instead of creating an empty one where it was started; `~` and `file:` URLs name the
 * file a person means; the banner says which database is open.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeHfServer } from '../fakes/hf/fake-hf-server';
import { oct25Batch } from '../support/fixtures';
import { copyOfPaperboy, type PaperboyFolder } from '../support/paperboy-folder';
import { runCli } from '../support/run-cli';

describe('the database paperboy opens', () => {
  let hf: FakeHfServer;
  let install: PaperboyFolder;
  const elsewhere = mkdtempSync(join(tmpdir(), 'paperboy-elsewhere-'));
  const home = mkdtempSync(join(tmpdir(), 'paperboy-home-'));
  const run = (args: string[], env: Record<string, string>, cwd: string, input?: string) =>
    runCli(args, {
      bin: install.bin,
      cwd,
      env: { HF_BASE_URL: hf.url, HF_RETRY_BUDGET_MS: '2000', HOME: home, ...env },
      ...(input === undefined ? {} : { input }),
    });

  beforeAll(async () => {
    hf = await new FakeHfServer().start();
    hf.setDay('2024-10-25', oct25Batch());
    install = copyOfPaperboy();
  });
  afterAll(() => hf.stop());

  it("is the paperboy folder's data/paperboy.db by default, from whichever folder it is started", async () => {
    const first = join(elsewhere, 'first');
    const second = join(elsewhere, 'second');
    mkdirSync(first);
    mkdirSync(second);
    const fetched = await run(['fetch', '--date', '2024-10-25'], {}, first);
    expect(fetched.stdout.trim()).toBe('Fetched 1 day: 29 papers. 29 papers stored.');
    expect(existsSync(join(install.folder, 'data', 'paperboy.db'))).toBe(true);
    expect(readdirSync(first)).toEqual([]);

    const search = await run(['search', 'memory', '--limit', '1'], {}, second);
    expect(search.stdout).toContain('Breaking the Memory Barrier');
    expect(readdirSync(second)).toEqual([]);

    const started = await run(['start'], {}, second, 'exit\n');
    expect(started.code).toBe(0);
    expect(started.stdout).toContain(`  Database: SQLite ${join(install.folder, 'data', 'paperboy.db')}\n`);
  });

  it('takes a relative DATABASE_URL from the paperboy folder too, as a .env beside package.json means it', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'paperboy-cwd-'));
    const fetched = await run(['fetch', '--date', '2024-10-25'], { DATABASE_URL: 'data/lab.db' }, cwd);
    expect(fetched.code).toBe(0);
    expect(existsSync(join(install.folder, 'data', 'lab.db'))).toBe(true);
    expect(readdirSync(cwd)).toEqual([]);
  });

  it('expands ~ to the home folder instead of creating a folder named ~', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'paperboy-cwd-'));
    const started = await run(['start'], { DATABASE_URL: '~/papers/paperboy.db' }, cwd, 'exit\n');
    expect(started.code).toBe(0);
    expect(started.stdout).toContain(`  Database: SQLite ${join(home, 'papers', 'paperboy.db')}\n`);
    expect(existsSync(join(home, 'papers', 'paperboy.db'))).toBe(true);
    expect(readdirSync(cwd)).toEqual([]);
    expect(existsSync(join(install.folder, '~'))).toBe(false);
  });

  it('accepts file: URLs, with one slash or three, and %-escapes', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'paperboy-cwd-'));
    const target = mkdtempSync(join(tmpdir(), 'paperboy-file-url-'));
    for (const url of [`file://${target}/three%20slashes.db`, `file:${target}/one-slash.db`]) {
      const fetched = await run(['fetch', '--date', '2024-10-25'], { DATABASE_URL: url }, cwd);
      expect(fetched.stderr).not.toContain('paperboy:');
      expect(fetched.code).toBe(0);
    }
    expect(
      readdirSync(target)
        .filter((name) => name.endsWith('.db'))
        .sort(),
    ).toEqual(['one-slash.db', 'three slashes.db']);
    expect(readdirSync(cwd)).toEqual([]);
    expect(existsSync(join(install.folder, 'file:'))).toBe(false);

    const withParameters = await run(
      ['search', 'memory'],
      { DATABASE_URL: `file:${target}/x.db?mode=ro` },
      cwd,
    );
    expect(withParameters.code).toBe(1);
    expect(withParameters.stderr).toContain('a file: URL names the file only');
  });

  it('names a PostgreSQL server in the banner without its password', async () => {
    const started = await run(
      ['start'],
      { DATABASE_URL: 'postgres://paperboy:s3cret-pw@127.0.0.1:1/paperboy' },
      elsewhere,
      'exit\n',
    );
    expect(started.stdout).toContain('  Database: PostgreSQL postgres://paperboy:***@127.0.0.1:1/paperboy\n');
    expect(started.stdout + started.stderr).not.toContain('s3cret-pw');
  });
});
