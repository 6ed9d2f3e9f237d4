/**
 * Fault: the disk holding the database fills up. During a digest SQLite's own limit (`max_page_count` on
 * the bot's connection) makes every write fail with SQLITE_FULL on a real file; on restart and during a
 * backfill a real, full tmpfs does (mounting one needs root, as in CI's container). The bot must name the
 * disk as full with the path, keep the store consistent, lose nothing and carry on once there is room.
 */
import { execFileSync } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import type { CommandService } from '../../commands/command-service';
import { parseConfig } from '../../src/app/config';
import { type Core, createCore } from '../../src/app/create-core';
import { ManualClock } from '../../src/clock';
import { openSqliteStore } from '../../src/engines/sqlite/sqlite-store';
import { createLogger } from '../../src/logging/logger';
import { defaultDigestSettings } from '../../src/records/subscription';
import { GUILD_ID, Harness, PAPERS_CHANNEL } from '../discord/discord-harness';
import { FakeHfServer } from '../fakes/hf/fake-hf-server';
import { oct25Batch } from '../support/fixtures';
import { repoRoot, runCli } from '../support/run-cli';

const keyOf = (text: string) => /ref (pb:[\w.:-]+)/.exec(text)?.[1];

describe('a full disk during a digest', () => {
  let hf: FakeHfServer;
  let core: Core;
  let harness: Harness<CommandService>;
  afterEach(async () => {
    await harness.close();
    await core.close();
    await hf.stop();
  });

  it('is named as a full disk with the path, loses nothing, and the digest goes out once there is room', async () => {
    hf = await new FakeHfServer().start();
    hf.setDay('2024-10-25', oct25Batch());
    const path = join(mkdtempSync(join(tmpdir(), 'paperboy-full-')), 'bot.db');
    let db: Database.Database | null = null;
    const store = openSqliteStore(path, { onOpen: (opened) => (db = opened) });
    const logs: Array<{ level: number; msg: string }> = [];
    const destination = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) logs.push(JSON.parse(line));
        done();
      },
    });
    const clock = new ManualClock('2024-10-26T08:59:00Z');
    const config = parseConfig({ HF_BASE_URL: hf.url, DATABASE_URL: path });
    const log = createLogger({ level: 'info', format: 'json', destination });
    core = await createCore({ config, clock, log, store, sleep: () => Promise.resolve() });
    harness = await Harness.start({ commands: core.commands, adapter: { guildId: GUILD_ID } });
    core.ports.register(harness.adapter.port);
    await core.store.subscriptions.upsert(
      { platform: 'discord', workspaceId: GUILD_ID, channelId: PAPERS_CHANNEL },
      defaultDigestSettings,
      '2024-10-01T00:00:00Z',
    );
    const connection = db as unknown as Database.Database;
    // No page may be added from here on: the next write that needs room fails with SQLITE_FULL.
    connection.pragma(`max_page_count = ${connection.pragma('page_count', { simple: true })}`);

    clock.set('2024-10-26T09:00:00Z');
    const full = await core.digests.runDueDigests(clock.now());
    expect(full).toMatchObject({ due: 1, posted: 0 });
    expect(full.sourceError).toBeUndefined();
    expect(full.storeError).toContain(`Disk full: paperboy could not write to the database ${path}`);
    expect(full.storeError).toContain('free some space on that disk');
    const messages = logs.map((line) => line.msg).join('\n');
    expect(messages).toContain(`digests postponed: Disk full`);
    expect(messages).not.toContain('paper source is unavailable');
    expect(connection.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(await core.store.batches.get('2024-10-25')).toBeNull();
    expect(await core.store.papers.count()).toBe(0);

    connection.pragma('max_page_count = 1073741823');
    clock.advance(60_000);
    const recovered = await core.digests.runDueDigests(clock.now());
    expect(recovered).toMatchObject({ due: 1, posted: 10, failed: 0 });
    const keys = harness.fake.store
      .channelHistory(PAPERS_CHANNEL)
      .map((message) =>
        keyOf([message.content, ...message.embeds.map((embed) => embed.footer?.text ?? '')].join('\n')),
      )
      .filter(Boolean);
    expect(keys).toHaveLength(11);
    expect(new Set(keys).size).toBe(11);
  }, 30_000);
});

/** A 1 MB tmpfs; tests that need a really full disk skip nothing: without mount rights they fail loudly. */
function mountSmallDisk(size = '1m'): { dir: string; fill(): void; free(): void; unmount(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'paperboy-tmpfs-'));
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir]);
  const filler = join(dir, 'filler');
  return {
    dir,
    fill() {
      const fd = openSync(filler, 'w');
      const block = Buffer.alloc(4096);
      try {
        for (;;) writeSync(fd, block);
      } catch {
        // ENOSPC: the disk is full.
      } finally {
        closeSync(fd);
      }
    },
    free: () => rmSync(filler, { force: true }),
    unmount: () => execFileSync('umount', ['-l', dir]),
  };
}

describe('a really full disk', () => {
  let disk: ReturnType<typeof mountSmallDisk> | null = null;
  let hf: FakeHfServer | null = null;
  afterEach(async () => {
    disk?.unmount();
    await hf?.stop();
  });

  it('at start-up says the disk is full (not "restore from a backup"), and works again once space returns', async () => {
    disk = mountSmallDisk();
    mkdirSync(join(disk.dir, 'data'));
    const database = join(disk.dir, 'data', 'bot.db');
    await openSqliteStore(database).close();
    disk.fill();
    const env = { DATABASE_URL: database, HF_BASE_URL: 'http://127.0.0.1:9' };
    const refused = await runCli(['search', 'diffusion'], { env, cwd: repoRoot });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      `Disk full: paperboy could not open (it needs room for its -wal and -shm files) the database ${database}`,
    );
    expect(refused.stderr).toContain('free some space on that disk');
    expect(refused.stderr).not.toContain('backup');
    expect(refused.stderr).not.toMatch(/\n\s+at /);
    disk.free();
    const again = await runCli(['search', 'diffusion'], { env, cwd: repoRoot });
    expect(again.stderr).toBe('');
    expect(again.code).toBe(0);
  }, 90_000);

  it('stops a backfill on a small volume with the disk named and the days stored so far kept', async () => {
    // Room for the schema (its search tables included) and a day or two of papers, not for five days.
    disk = mountSmallDisk('2m');
    hf = await new FakeHfServer().start();
    const days = ['2024-10-21', '2024-10-22', '2024-10-23', '2024-10-24', '2024-10-25'];
    for (const day of days)
      hf.setDay(
        day,
        oct25Batch().map((item, i) => ({
          ...item,
          paper: { ...item.paper, id: `2410.${day.slice(-2)}${String(i).padStart(3, '0')}` },
        })),
      );
    const database = join(disk.dir, 'bot.db');
    const env = { DATABASE_URL: database, HF_BASE_URL: hf.url };
    const run = await runCli(['fetch', '--from', days[0] ?? '', '--to', days.at(-1) ?? ''], {
      env,
      cwd: repoRoot,
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/Stopped at 2024-10-2\d: /);
    expect(run.stderr).toContain(`Disk full: paperboy could not write to the database ${database}`);
    expect(run.stderr).not.toMatch(/SqliteError|\n\s+at /);
    const stored = run.stderr.match(/(\d) days? \(/)?.[1];
    const search = await runCli(['search', 'contrastive', '--json'], { env, cwd: repoRoot });
    expect(search.code).toBe(0);
    expect(Number(stored)).toBeGreaterThan(0);
    expect(JSON.parse(search.stdout).length).toBeGreaterThan(0);
  }, 90_000);
});
