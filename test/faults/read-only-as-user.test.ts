/**
 * Fault: a database a person (not root) cannot write, as a lab admin meets it (issue 23, item 7): a folder
 * without write permission, a database made read-only with chmod 444 in a writable folder, and the
 * read-only -wal, -shm and -lock files such a chmod (or an older paperboy) leaves behind. Reads answer from
 * what is stored; nothing is created beside the database that the person could not fix; a refusal names
 * the file that actually blocks.
 */
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeHfServer } from '../fakes/hf/fake-hf-server';
import { oct25Batch } from '../support/fixtures';
import { runCli } from '../support/run-cli';
import { handOver, openToOthers, unprivileged } from '../support/unprivileged';

describe('a database a person without root cannot write', () => {
  let hf: FakeHfServer;
  const root = mkdtempSync(join(tmpdir(), 'paperboy-ro-user-'));
  const filled = join(root, 'filled', 'paperboy.db');
  const env = (database: string) => ({
    HF_BASE_URL: hf.url,
    DATABASE_URL: database,
    HF_RETRY_BUDGET_MS: '2000',
  });
  const asPerson = (args: string[], database: string, input?: string) =>
    runCli(args, {
      env: env(database),
      cwd: root,
      user: unprivileged,
      ...(input === undefined ? {} : { input }),
    });
  /** A cleanly closed copy of the filled database in a folder of its own, both the person's. */
  const copyOfFilled = (name: string) => {
    const folder = join(root, name);
    mkdirSync(folder);
    copyFileSync(filled, join(folder, 'paperboy.db'));
    openToOthers(folder);
    handOver(folder, join(folder, 'paperboy.db'));
    return { folder, database: join(folder, 'paperboy.db') };
  };
  const locked: string[] = [];

  beforeAll(async () => {
    openToOthers(root);
    hf = await new FakeHfServer().start();
    hf.setDay('2024-10-25', oct25Batch());
    const fetched = await runCli(['fetch', '--date', '2024-10-25'], { env: env(filled), cwd: root });
    expect(fetched.code).toBe(0);
  });
  afterAll(async () => {
    for (const folder of locked) chmodSync(folder, 0o755);
    await hf.stop();
  });

  it('in a folder without write permission, search and digest answer from what is stored', async () => {
    const { folder, database } = copyOfFilled('no-write-folder');
    chmodSync(folder, 0o555);
    locked.push(folder);

    const search = await asPerson(['search', 'memory', '--limit', '3'], database);
    expect(search.stderr).toBe('');
    expect(search.stdout).toContain('Breaking the Memory Barrier');
    expect(search.code).toBe(0);

    const day = await asPerson(['digest', '--date', '2024-10-25'], database);
    expect(day.stdout).toContain('Daily Papers — Fri 25 Oct · top 10 of 29');
    expect(day.code).toBe(0);
    const newest = await asPerson(['digest'], database);
    expect(newest.stdout).toContain('Fri 25 Oct · top 10 of 29');
    expect(newest.stderr).toContain(`Read-only database (the folder ${folder} is not writable`);
    expect(newest.code).toBe(0);

    const fetch = await asPerson(['fetch', '--date', '2024-10-25'], database);
    expect(fetch.code).toBe(1);
    expect(fetch.stderr).toContain(`but the folder ${folder} is not writable`);
    expect(readdirSync(folder)).toEqual(['paperboy.db']);
  }, 60_000);

  it('a chmod 444 database in a writable folder is read without leaving a file beside it, and writes again after chmod 644', async () => {
    const { folder, database } = copyOfFilled('read-only-file');
    chmodSync(database, 0o444);

    const search = await asPerson(['search', 'memory', '--limit', '3'], database);
    expect(search.stdout).toContain('Breaking the Memory Barrier');
    expect(search.code).toBe(0);
    const start = await asPerson(['start'], database, 'exit\n');
    expect(start.code).toBe(1);
    expect(start.stderr).toContain(
      `cannot run on the database ${database}: the file ${database} is not writable`,
    );
    expect(readdirSync(folder)).toEqual(['paperboy.db']);

    chmodSync(database, 0o644);
    const fetch = await asPerson(['fetch', '--date', '2024-10-25'], database);
    expect(fetch.stderr).not.toContain('paperboy:');
    expect(fetch.stdout).toContain('Fetched 1 day: 29 papers.');
    const restarted = await asPerson(['start'], database, 'subscribe 09:00 UTC\nexit\n');
    expect(restarted.stdout).toContain('Posts every day at 09:00 UTC');
    expect(restarted.code).toBe(0);
  }, 60_000);

  it('read-only -wal and -shm files left beside a writable database are named as what blocks', async () => {
    const { folder, database } = copyOfFilled('read-only-side-files');
    // What an older paperboy left: SQLite created them, read-only like the database was, for a search.
    chmodSync(database, 0o444);
    const reader = new Database(database, { readonly: true });
    reader.prepare('SELECT count(*) FROM papers').get();
    reader.close();
    handOver(`${database}-wal`, `${database}-shm`);
    chmodSync(database, 0o644);

    const start = await asPerson(['start'], database, 'exit\n');
    expect(start.code).toBe(1);
    const [wal, shm] = [`${database}-wal`, `${database}-shm`];
    expect(start.stderr).toContain(
      `paperboy: paperboy cannot run on the database ${database}: the files ${wal} and ${shm} beside it are not writable (SQLite's own files: make them writable, chmod u+w ${wal} ${shm})`,
    );
    expect(start.stderr).not.toContain(`${database}-lock`);
    const search = await asPerson(['search', 'memory', '--limit', '1'], database);
    expect(search.stdout).toContain('Breaking the Memory Barrier');

    chmodSync(wal, 0o644);
    chmodSync(shm, 0o644);
    const restarted = await asPerson(['start'], database, 'subscribe 09:00 UTC\nexit\n');
    expect(restarted.stdout).toContain('Posts every day at 09:00 UTC');
    expect(restarted.code).toBe(0);
    expect(readdirSync(folder).sort()).toEqual(['paperboy.db', 'paperboy.db-lock']);
  }, 60_000);

  it('a read-only lock file is named as the lock file, not as the database', async () => {
    const { database } = copyOfFilled('read-only-lock');
    writeFileSync(`${database}-lock`, '');
    handOver(`${database}-lock`);
    chmodSync(`${database}-lock`, 0o444);

    const start = await asPerson(['start'], database, 'exit\n');
    expect(start.code).toBe(1);
    expect(start.stderr).toContain(`paperboy cannot take its lock file ${database}-lock`);
    expect(start.stderr).toContain('delete it while no paperboy is running (it holds no data)');
    expect(start.stderr).not.toContain(`the database ${database}-lock`);
  }, 60_000);
});
