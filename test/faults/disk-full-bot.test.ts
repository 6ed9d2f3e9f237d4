/**
 * Fault: the disk fills up while the running bot (runBot, the real scheduler ticks, fake Discord) is due
 * to post. SQLITE_FULL is real: the bot's own connection may add no page (`max_page_count`). The digest is
 * postponed with the disk named (not taken for a Hugging Face outage), and the next tick after room
 * returns posts it once.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqliteStore } from '../../src/engines/sqlite/sqlite-store';
import { FakeHfServer } from '../fakes/hf/fake-hf-server';
import { BotHarness } from '../support/bot-harness';
import { oct25Batch } from '../support/fixtures';

const STRING = 3;

let bot: BotHarness | null = null;
afterEach(async () => {
  await bot?.stop();
  bot = null;
});

describe('a full disk under the running bot', () => {
  it('postpones the scheduled digest naming the disk, and posts it once by itself when room returns', async () => {
    const hf = (await new FakeHfServer().start()).setDay('2024-10-25', oct25Batch());
    const database = join(mkdtempSync(join(tmpdir(), 'paperboy-full-bot-')), 'bot.db');
    let connection: Database.Database | null = null;
    const store = openSqliteStore(database, { onOpen: (opened) => (connection = opened) });
    const env = { REFRESH_INTERVAL_MINUTES: '6000' };
    bot = await BotHarness.start({ now: '2024-10-26T08:00:00Z', hf, env, database, store });
    await bot.slash('subscribe', [{ name: 'time', type: STRING, value: '09:00' }]);
    const db = connection as unknown as Database.Database;
    db.pragma(`max_page_count = ${db.pragma('page_count', { simple: true })}`);

    await bot.tickAt('2024-10-26T09:00:00Z');
    expect(bot.postsInPapers()).toHaveLength(0);
    const messages = bot.logs.entries.map((line) => String(line.msg)).join('\n');
    expect(messages).toContain(
      `digests postponed: Disk full: paperboy could not write to the database ${database}`,
    );
    expect(messages).not.toContain('paper source is unavailable');
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');

    db.pragma('max_page_count = 1073741823');
    await bot.tickAt('2024-10-26T09:01:00Z');
    const keys = bot.deliveryKeysInPapers();
    expect(keys).toHaveLength(11);
    expect(new Set(keys).size).toBe(11);
  }, 30_000);
});
