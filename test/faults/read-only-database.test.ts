/**
 * Fault: the database cannot be written — a read-only folder (a backup on a read-only mount) or a read-only
 * file in a writable folder. Nothing is damaged: reading commands work, anything that must save says which
 * of the two is not writable, and the file is left byte for byte as it was. Real read-only bind mounts
 * (mounting needs root, as in CI's container; root ignores permission bits, not a read-only mount).
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/app/config';
import { createCore } from '../../src/app/create-core';
import { ManualClock } from '../../src/clock';
import { openSqliteStore } from '../../src/engines/sqlite/sqlite-store';
import { PaperboyError } from '../../src/errors';
import { createLogger } from '../../src/logging/logger';
import { defaultDigestSettings } from '../../src/records/subscription';
import { FakeHfServer } from '../fakes/hf/fake-hf-server';
import { oct25Batch } from '../support/fixtures';
import { runCli } from '../support/run-cli';

const mounts: string[] = [];
/** Makes `path` (a folder or a single file) read-only in place, for everyone including root. */
function mountReadOnly(path: string): void {
  execFileSync('mount', ['--bind', path, path]);
  mounts.push(path);
  execFileSync('mount', ['-o', 'remount,ro,bind', path]);
}
const digestOf = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

describe('a database paperboy cannot write', () => {
  let hf: FakeHfServer;
  const root = mkdtempSync(join(tmpdir(), 'paperboy-ro-'));
  const filled = join(root, 'filled', 'paperboy.db');
  const env = (database: string) => ({
    HF_BASE_URL: hf.url,
    DATABASE_URL: database,
    HF_RETRY_BUDGET_MS: '2000',
  });
  /** A copy of the filled database, cleanly closed (no -wal or -shm beside it), in a folder of its own. */
  const copyOfFilled = (name: string) => {
    const folder = join(root, name);
    mkdirSync(folder);
    copyFileSync(filled, join(folder, 'paperboy.db'));
    return join(folder, 'paperboy.db');
  };

  beforeAll(async () => {
    hf = await new FakeHfServer().start();
    hf.setDay('2024-10-25', oct25Batch());
    const fetched = await runCli(['fetch', '--date', '2024-10-25'], { env: env(filled), cwd: root });
    expect(fetched.code).toBe(0);
  });
  afterEach(() => {
    for (const path of mounts.splice(0).reverse()) execFileSync('umount', [path]);
  });
  afterAll(() => hf.stop());

  describe('in a read-only folder', () => {
    it('searches and shows digests, and leaves the folder exactly as it was', async () => {
      const database = copyOfFilled('ro-folder-reads');
      const before = digestOf(database);
      mountReadOnly(join(root, 'ro-folder-reads'));

      const search = await runCli(['search', 'memory', '--limit', '3'], { env: env(database), cwd: root });
      expect(search.stderr).toBe('');
      expect(search.stdout).toContain('Breaking the Memory Barrier');
      expect(search.code).toBe(0);

      const day = await runCli(['digest', '--date', '2024-10-25'], { env: env(database), cwd: root });
      expect(day.stdout).toContain('Daily Papers — Fri 25 Oct · top 10 of 29');
      expect(day.code).toBe(0);

      const newest = await runCli(['digest'], { env: env(database), cwd: root });
      expect(newest.stdout).toContain('Fri 25 Oct · top 10 of 29');
      expect(newest.stderr).toContain('Read-only database (the folder');
      expect(newest.stderr).toContain('showing what is stored, nothing was fetched');
      expect(newest.code).toBe(0);

      expect(digestOf(database)).toBe(before);
      expect(existsSync(`${database}-wal`)).toBe(false);
      expect(existsSync(`${database}-shm`)).toBe(false);
    });

    it('refuses what must save in one line naming the folder, never as damage to restore from a backup', async () => {
      const database = copyOfFilled('ro-folder-writes');
      const folder = join(root, 'ro-folder-writes');
      mountReadOnly(folder);

      const fetch = await runCli(['fetch', '--date', '2024-10-25'], { env: env(database), cwd: root });
      expect(fetch.code).toBe(1);
      expect(fetch.stderr.trim()).toBe(
        `paperboy: fetch saves what it fetches, but the folder ${folder} is not writable (SQLite keeps its -wal and -shm files beside the database): nothing was fetched. Make it writable, or point DATABASE_URL at a writable copy.`,
      );

      const start = await runCli(['start'], { env: env(database), cwd: root });
      expect(start.code).toBe(1);
      const lastLine = start.stderr.trim().split('\n').at(-1) ?? '';
      expect(lastLine).toContain(
        `paperboy: paperboy cannot run on the database ${database}: the folder ${folder} is not writable`,
      );
      expect(lastLine).toContain('paperboy search and paperboy digest read it as it is');
      for (const run of [fetch, start]) {
        expect(run.stderr).not.toContain('restore it from a backup');
        expect(run.stderr).not.toMatch(/\n\s+at /);
      }

      const missing = await runCli(['digest', '--date', '2024-10-24'], { env: env(database), cwd: root });
      expect(missing.code).toBe(1);
      expect(missing.stderr).toContain(
        '2024-10-24 is not stored, and it cannot be fetched because the folder',
      );
    });

    it('cannot hold a new database, and says so instead of failing to open it', async () => {
      const folder = join(root, 'ro-empty');
      mkdirSync(folder);
      mountReadOnly(folder);
      const run = await runCli(['search', 'memory'], { env: env(join(folder, 'new.db')), cwd: root });
      expect(run.code).toBe(1);
      expect(run.stderr.trim()).toBe(
        `paperboy: Cannot create the database ${join(folder, 'new.db')}: the folder ${folder} is not writable (SQLite keeps its -wal and -shm files beside the database). Point DATABASE_URL at a writable folder.`,
      );
    });
  });

  describe('a read-only file in a writable folder', () => {
    it('is read, and a write names the file; the file is unchanged', async () => {
      const database = copyOfFilled('ro-file');
      const before = digestOf(database);
      mountReadOnly(database);

      const search = await runCli(['search', 'memory', '--limit', '3'], { env: env(database), cwd: root });
      expect(search.stdout).toContain('Breaking the Memory Barrier');
      expect(search.code).toBe(0);

      const store = openSqliteStore(database);
      try {
        expect(store.readOnly).toBe(`the file ${database} is not writable`);
        expect((await store.papers.get('2410.17243'))?.title).toContain('Breaking the Memory Barrier');
        const channel = { platform: 'console' as const, workspaceId: 'local', channelId: 'terminal' };
        let refused: unknown;
        try {
          await store.subscriptions.upsert(channel, defaultDigestSettings, '2024-10-26T00:00:00Z');
        } catch (error) {
          refused = error;
        }
        expect(refused).toBeInstanceOf(PaperboyError);
        expect((refused as PaperboyError).code).toBe('store_read_only');
        expect((refused as PaperboyError).message).toBe(
          `Nothing was saved: the file ${database} is not writable, so the database ${database} can be read but not written. Make it writable, or point DATABASE_URL at a writable copy. The database itself is not damaged.`,
        );
      } finally {
        await store.close();
      }
      expect(digestOf(database)).toBe(before);
    });

    it('answers a chat command that must save with what to fix, and still answers one that reads', async () => {
      const database = copyOfFilled('ro-file-chat');
      mountReadOnly(database);
      const lines: string[] = [];
      const log = createLogger({
        level: 'error',
        format: 'json',
        destination: { write: (line: string) => lines.push(line) },
      });
      const config = parseConfig({ HF_BASE_URL: hf.url, DATABASE_URL: database });
      const core = await createCore({ config, clock: new ManualClock('2024-10-26T08:00:00Z'), log });
      const context = {
        channel: { platform: 'console' as const, workspaceId: 'local', channelId: 'terminal' },
        userId: 'you',
        canManageChannel: true,
        manageChannelRequirement: 'anyone at this terminal',
        commandPrefix: '',
      };
      try {
        const subscribe = await core.commands.executeText('subscribe 09:00 UTC', context);
        expect(JSON.stringify(subscribe)).toContain(
          "paperboy's database is not writable just now, so `subscribe` could not be saved (nothing was changed).",
        );
        const paper = await core.commands.executeText('paper 2410.17243', context);
        expect(JSON.stringify(paper)).toContain('Breaking the Memory Barrier');
        expect(lines.join('')).toContain(`the file ${database} is not writable`);
      } finally {
        await core.close();
      }
    });
  });

  it('keeps the old wording for a file that is not a database at all', async () => {
    const folder = join(root, 'garbage');
    mkdirSync(folder);
    writeFileSync(join(folder, 'paperboy.db'), 'not a database, just text '.repeat(200));
    const run = await runCli(['search', 'memory'], { env: env(join(folder, 'paperboy.db')), cwd: root });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('restore it from a backup');
  });
});
