/**
 * Back up and restore (issue 23, item 6), as a lab admin does it: `paperboy backup` while the bot runs in
 * the console and a second process keeps committing writes, `paperboy restore` refused while the bot runs
 * and done once it stopped, and a downgrade meeting a database a newer paperboy upgraded.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../../src/engines/sqlite/migrations';
import { FakeHfServer } from '../fakes/hf/fake-hf-server';
import { oct25Batch } from '../support/fixtures';
import { childEnv, repoRoot, runCli } from '../support/run-cli';
import { until } from '../support/until';

const bin = join(repoRoot, 'bin', 'paperboy.js');
const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
const digestOf = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

/** The bot in console mode as a child whose prompt the test types into, line by line. */
function consoleBot(env: Record<string, string>) {
  const child = spawn(process.execPath, [bin, 'start'], { env: childEnv(env), cwd: tmpdir() });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  return {
    child,
    stderr: () => stderr,
    /** Types `line` and waits for the answer that matches `answer`. */
    async type(line: string, answer: RegExp): Promise<void> {
      const from = stdout.length;
      child.stdin.write(`${line}\n`);
      await until(() => answer.test(stdout.slice(from)), `an answer to "${line}"`, 20_000);
    },
    async exit(): Promise<number | null> {
      child.stdin.end('exit\n');
      return await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

/**
 * A second process committing one row at a time into a table of its own in the same database, printing
 * each number once it is committed.
 */
function probeWriter(database: string) {
  const script = `
    const Database = require(${JSON.stringify(join(repoRoot, 'node_modules', 'better-sqlite3'))});
    const db = new Database(${JSON.stringify(database)});
    db.pragma('busy_timeout = 5000');
    db.exec('CREATE TABLE IF NOT EXISTS backup_probe (n INTEGER PRIMARY KEY)');
    const insert = db.prepare('INSERT INTO backup_probe (n) VALUES (?)');
    let n = 0;
    const step = () => { insert.run(++n); process.stdout.write(n + '\\n'); setTimeout(step, 2); };
    step();`;
  const child = spawn(process.execPath, ['-e', script]);
  let committed = 0;
  child.stdout.on('data', (chunk: Buffer) => {
    const last = chunk.toString().trim().split('\n').at(-1);
    if (last) committed = Number(last);
  });
  return { child, committed: () => committed };
}

describe('paperboy backup and restore', () => {
  let hf: FakeHfServer;
  const folder = mkdtempSync(join(tmpdir(), 'paperboy-backup-'));
  const database = join(folder, 'data', 'paperboy.db');
  const env = (over: Record<string, string> = {}) => ({
    HF_BASE_URL: hf.url,
    DATABASE_URL: database,
    HF_RETRY_BUDGET_MS: '2000',
    ...over,
  });
  const cli = (args: string[], over: Record<string, string> = {}, input?: string) =>
    runCli(args, { env: env(over), cwd: folder, ...(input === undefined ? {} : { input }) });
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    hf = await new FakeHfServer().start();
    hf.setDay(yesterday, oct25Batch());
    expect((await cli(['fetch', '--date', yesterday])).code).toBe(0);
  });
  afterEach(() => {
    for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  });
  afterAll(() => hf.stop());

  it('copies every committed change while the bot runs and another process writes; restore waits for the bot to stop', async () => {
    const bot = consoleBot(env());
    children.push(bot.child);
    await bot.type('subscribe 08:30 UTC top=3', /Posts every day at 08:30 UTC/);
    await bot.type('react 2410.17243', /2410\.17243|flag/i);
    // A plain copy of the file is what lost the last minutes: those changes are still in the -wal.
    expect(statSync(`${database}-wal`).size).toBeGreaterThan(0);
    const plainCopy = join(folder, 'plain-copy.db');
    copyFileSync(database, plainCopy);
    const copied = new Database(plainCopy, { readonly: true });
    expect(copied.prepare('SELECT count(*) AS n FROM subscriptions').get()).toEqual({ n: 0 });
    copied.close();

    const writer = probeWriter(database);
    children.push(writer.child);
    await until(() => writer.committed() >= 50, 'the writer committing', 20_000);
    const committedBefore = writer.committed();
    const backupFile = join(folder, 'backups', 'paperboy-backup.db');
    const backup = await cli(['backup', 'backups/paperboy-backup.db']);
    const committedAfter = writer.committed();
    writer.child.kill('SIGKILL');
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toContain(
      `Backed up ${database} to ${backupFile} (29 papers, 1 active subscription`,
    );
    expect(committedAfter).toBeGreaterThan(committedBefore);

    const copy = new Database(backupFile, { readonly: true });
    expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
    const probe = copy.prepare('SELECT count(*) AS n, max(n) AS last FROM backup_probe').get() as {
      n: number;
      last: number;
    };
    // A snapshot: every row committed before the backup began, and no gap (each commit whole or absent).
    expect(probe.last).toBeGreaterThanOrEqual(committedBefore);
    expect(probe.last).toBeLessThanOrEqual(committedAfter);
    expect(probe.n).toBe(probe.last);
    const settings = copy.prepare('SELECT settings FROM subscriptions').get() as { settings: string };
    expect(JSON.parse(settings.settings)).toMatchObject({ time: '08:30', topN: 3 });
    expect(copy.prepare('SELECT paper_id FROM queue_items').all()).toEqual([{ paper_id: '2410.17243' }]);
    copy.close();
    expect(readdirSync(join(folder, 'backups'))).toEqual(['paperboy-backup.db']);

    // A change after the backup, then restore while the bot still runs: refused, nothing changed.
    await bot.type('subscribe 10:00 UTC', /Posts every day at 10:00 UTC/);
    const whileRunning = await cli(['restore', backupFile]);
    expect(whileRunning.code).toBe(1);
    expect(whileRunning.stderr).toContain(
      `paperboy: A paperboy is running on the database ${database} (pid ${bot.child.pid} on `,
    );
    expect(whileRunning.stderr).toContain(
      'stop it first, then run paperboy restore again. Nothing was changed.',
    );
    expect(await bot.exit()).toBe(0);

    const restored = await cli(['restore', backupFile]);
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    const keptAs = restored.stdout.match(/kept as (\S+):/)?.[1] ?? '';
    expect(restored.stdout).toContain(
      `Restored ${database} from ${backupFile} (29 papers, 1 active subscription`,
    );
    expect(keptAs).toMatch(new RegExp(`^${database}\\.before-restore-\\d{4}-\\d\\d-\\d\\dT`));
    expect(readdirSync(join(folder, 'data')).sort()).toEqual(
      ['paperboy.db', 'paperboy.db-lock', keptAs.split('/').at(-1) ?? ''].sort(),
    );
    // The database it replaced is whole, with the change made after the backup.
    const replaced = new Database(keptAs, { readonly: true });
    const replacedSettings = replaced.prepare('SELECT settings FROM subscriptions').get() as {
      settings: string;
    };
    expect(JSON.parse(replacedSettings.settings)).toMatchObject({ time: '10:00' });
    replaced.close();

    const after = await cli(['start'], {}, 'settings\nqueue\nexit\n');
    expect(after.code).toBe(0);
    expect(after.stdout).toContain('Posts every day at 08:30 UTC: the top 3 papers');
    expect(after.stdout).toContain('Breaking the Memory Barrier');
  }, 90_000);

  it('refuses to overwrite a file, to back up what is not there, and a PostgreSQL database (pointing at pg_dump)', async () => {
    const existing = join(folder, 'existing.db');
    copyFileSync(database, existing);
    const before = digestOf(existing);
    const overwrite = await cli(['backup', existing]);
    expect(overwrite.code).toBe(1);
    expect(overwrite.stderr).toContain(
      `${existing} already exists, and paperboy backup does not overwrite a file`,
    );
    expect(digestOf(existing)).toBe(before);

    const missing = await cli(['backup', join(folder, 'x.db')], { DATABASE_URL: join(folder, 'none.db') });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(
      `There is no database at ${join(folder, 'none.db')} yet: nothing to back up.`,
    );
    expect(existsSync(join(folder, 'none.db'))).toBe(false);

    const postgres = await cli(['backup', 'pg.db'], {
      DATABASE_URL: 'postgres://paperboy@127.0.0.1:1/paperboy',
    });
    expect(postgres.code).toBe(1);
    expect(postgres.stderr).toContain('pg_dump --format=custom --file=paperboy.dump "$DATABASE_URL"');
    const pgRestore = await cli(['restore', 'pg.dump'], {
      DATABASE_URL: 'postgres://paperboy@127.0.0.1:1/paperboy',
    });
    expect(pgRestore.stderr).toContain('pg_restore --clean --if-exists');

    const notADatabase = join(folder, 'notes.txt');
    copyFileSync(new URL('../../README.md', import.meta.url), notADatabase);
    const target = digestOf(database);
    const garbage = await cli(['restore', notADatabase]);
    expect(garbage.code).toBe(1);
    expect(garbage.stderr).toContain(`${notADatabase} is not a usable paperboy database`);
    expect(digestOf(database)).toBe(target);
  }, 60_000);

  it('restores over a damaged database, which "restore it from a backup" told the person to do', async () => {
    const backupFile = join(folder, 'for-damaged.db');
    expect((await cli(['backup', backupFile])).code).toBe(0);
    const damaged = join(folder, 'damaged', 'paperboy.db');
    const fetched = await cli(['fetch', '--date', yesterday], { DATABASE_URL: damaged });
    expect(fetched.code).toBe(0);
    writeFileSync(damaged, 'not a database any more '.repeat(500));
    const broken = await cli(['search', 'memory'], { DATABASE_URL: damaged });
    expect(broken.stderr).toContain('restore it from a backup');

    const restored = await cli(['restore', backupFile], { DATABASE_URL: damaged });
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    const keptAs = restored.stdout.match(/kept as (\S+):/)?.[1] ?? '';
    expect(readFileSync(keptAs, 'utf8')).toContain('not a database any more');
    const search = await cli(['search', 'memory', '--limit', '1'], { DATABASE_URL: damaged });
    expect(search.stdout).toContain('Breaking the Memory Barrier');
  }, 60_000);

  it('a downgrade leaves a database a newer paperboy upgraded untouched and says how to go back', async () => {
    const newer = join(folder, 'newer.db');
    copyFileSync(database, newer);
    const db = new Database(newer);
    db.pragma(`user_version = ${migrations.length + 1}`);
    db.close();
    const before = digestOf(newer);

    const search = await cli(['search', 'memory'], { DATABASE_URL: newer });
    expect(search.code).toBe(1);
    expect(search.stderr.trim()).toBe(
      `paperboy: The database ${newer} is at schema version ${migrations.length + 1}, newer than this paperboy (${migrations.length}): a newer paperboy upgraded it, and this one leaves it untouched (a downgrade never rewrites the database). Run the newer paperboy again, or, to go back to this one, restore the backup made before the upgrade (paperboy restore <file>).`,
    );
    const start = await cli(['start'], { DATABASE_URL: newer }, 'exit\n');
    expect(start.code).toBe(1);
    expect(start.stderr).toContain('newer than this paperboy');
    expect(digestOf(newer)).toBe(before);

    const restoreNewer = await cli(['restore', newer]);
    expect(restoreNewer.code).toBe(1);
    expect(restoreNewer.stderr).toContain(`comes from a newer paperboy (schema ${migrations.length + 1}`);
  }, 60_000);
});
