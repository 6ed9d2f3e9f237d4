import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeHfServer } from '../fakes/hf/fake-hf-server';
import { oct25Batch, variant } from '../support/fixtures';
import { childEnv, runCli } from '../support/run-cli';
import { until } from '../support/until';

const bin = fileURLToPath(new URL('../../bin/paperboy.js', import.meta.url));
const day = (back: number) => new Date(Date.now() - back * 86_400_000).toISOString().slice(0, 10);

/**
 * Searches only read, so any number of `paperboy search` processes run beside a bot that is storing what
 * it fetches: none fails (a search that had to write would wait at most the store's busy timeout, 200 ms,
 * for the bot's write lock, then fail with exit 1), and each answers the query.
 */
describe('concurrent paperboy search processes beside a fetching bot', () => {
  let hf: FakeHfServer;
  const database = join(mkdtempSync(join(tmpdir(), 'paperboy-concurrent-')), 'bot.db');
  const env = () => ({ HF_BASE_URL: hf.url, DATABASE_URL: database });
  let bot: ReturnType<typeof spawn>;
  const stored = () => {
    try {
      const db = new Database(database, { readonly: true, fileMustExist: true });
      try {
        return db.prepare('SELECT count(*) FROM papers').pluck().get() as number;
      } finally {
        db.close();
      }
    } catch {
      return 0; // not created, or not migrated yet
    }
  };

  beforeAll(async () => {
    hf = await new FakeHfServer().start();
    // Nine days of distinct papers, each answered slowly: the bot is still fetching and storing them
    // (its start-up week, then today's refresh) while the searches run.
    for (let back = 0; back <= 8; back++)
      hf.setDay(
        day(back),
        oct25Batch().map((item, index) =>
          variant(item, { id: `2410.${String(10_000 + back * 100 + index)}` }),
        ),
      );
    hf.failNext('daily_papers', { kind: 'slow', ms: 700 }, 40);
    bot = spawn(process.execPath, [bin, 'start'], { env: childEnv(env()), stdio: ['pipe', 'pipe', 'pipe'] });
    await until(() => stored() > 0, 'the bot to store its first day', 60_000);
  }, 90_000);
  afterAll(async () => {
    const exited = new Promise((resolve) => bot.on('exit', resolve));
    bot.kill('SIGTERM');
    await exited;
    await hf.stop();
  });

  it('2, 4 and 8 at once never fail, while the bot keeps storing papers', async () => {
    const before = stored();
    const queries = ['contrastive loss', 'hallucinations', 'llm reasoning', 'retrieval'];
    for (const count of [2, 4, 8]) {
      const runs = await Promise.all(
        Array.from({ length: count }, (_, index) =>
          runCli(['search', queries[index % queries.length] ?? 'model', '--json'], {
            env: env(),
            cwd: tmpdir(),
          }),
        ),
      );
      for (const run of runs) {
        expect(run.stderr).toBe('');
        expect(run.code).toBe(0);
        expect((JSON.parse(run.stdout) as unknown[]).length).toBeGreaterThan(0);
      }
    }
    // The bot was storing papers meanwhile (its fetches were still under way when the searches began).
    await until(() => stored() > before, 'the bot to store more papers', 60_000);
    expect(stored()).toBeGreaterThan(before);
  }, 180_000);
});
