/**
 * `paperboy fetch --source arxiv`, as a process against the fake arXiv (which enforces arXiv's 3 s rule:
 * a request that comes too soon is refused, so every answer being 200 proves the CLI kept to it).
 */
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeArxiv, startFakeArxiv } from '../fakes/arxiv/fake-arxiv-server';
import { runCli } from '../support/run-cli';

const fetchArgs = (...more: string[]) => ['fetch', '--source', 'arxiv', ...more];

function counts(database: string) {
  const db = new Database(database, { readonly: true });
  const one = (sql: string) => db.prepare(sql).pluck().get() as number;
  const result = {
    days: one('SELECT count(*) FROM arxiv_days'),
    listings: one('SELECT count(*) FROM arxiv_listings'),
    papers: one('SELECT count(*) FROM papers'),
  };
  db.close();
  return result;
}

/** What a person sees: stderr without the progress bar's lines. */
const messageLines = (stderr: string) =>
  stderr.split('\n').filter((line) => line.trim() !== '' && !line.startsWith('['));

describe('paperboy fetch --source arxiv, end to end against a fake arXiv', () => {
  let arxiv: FakeArxiv;
  const cwd = mkdtempSync(join(tmpdir(), 'paperboy-arxiv-cli-'));
  const database = join(cwd, 'data', 'paperboy.db');
  const env = (fake: FakeArxiv, db = database) => ({
    ARXIV_FEED_URL: fake.feedBaseUrl,
    ARXIV_API_URL: fake.apiBaseUrl,
    ARXIV_CONTACT: 'lab@example.org',
    DATABASE_URL: db,
  });

  beforeAll(async () => {
    arxiv = await startFakeArxiv({ minIntervalMs: 3000 });
    // Monday 2 to Wednesday 4 November 2026 (Sunday the 1st has no mailing).
    arxiv.setDay('cs.LG', '2026-11-02', [
      { id: '2611.00001' },
      { id: '2611.00002', categories: ['cs.LG', 'cs.RO'] },
      { id: '2611.00003', categories: ['cs.CV', 'cs.LG'] },
    ]);
    arxiv.setDay('cs.RO', '2026-11-03', [{ id: '2611.00011' }, { id: '2611.00012' }]);
    arxiv.setDay('cs.RO', '2026-11-04', []);
  });
  afterAll(() => arxiv.close());

  it('back-fills the mailing days with progress, saying the time up front, one request every 3 s', async () => {
    const run = await runCli(
      fetchArgs('--categories', 'cs.LG,cs.RO', '--from', '2026-11-01', '--to', '2026-11-04'),
      {
        env: env(arxiv),
        cwd,
      },
    );
    expect(run.stderr).toContain('Back-filling 3 mailing days of cs.LG, cs.RO');
    expect(run.stderr).toContain('one request every 3 s');
    expect(run.stderr).toContain('at least 9 s');
    expect(run.stderr).toContain('3/3');
    expect(run.stdout.trim()).toBe(
      'Fetched 3 arXiv mailing days of cs.LG, cs.RO: 5 papers. 5 papers stored.',
    );
    expect(run.code).toBe(0);
    expect(arxiv.requests.map((request) => request.status)).toEqual([200, 200, 200]);
    expect(arxiv.requests.every((request) => request.userAgent.includes('mailto:lab@example.org'))).toBe(
      true,
    );
    // 3 days × 2 categories; 2611.00002 is listed in both.
    expect(counts(database)).toEqual({ days: 6, listings: 6, papers: 5 });
  }, 60_000);

  it('run again, refreshes the stored days without duplicating anything', async () => {
    // The gate is per process: a new process waits out the rule itself, as a person running it again would.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const before = arxiv.requests.length;
    const run = await runCli(
      fetchArgs('--categories', 'cs.LG,cs.RO', '--from', '2026-11-02', '--to', '2026-11-04'),
      {
        env: env(arxiv),
        cwd,
      },
    );
    expect(run.code).toBe(0);
    expect(arxiv.requests.slice(before).every((request) => request.status === 200)).toBe(true);
    expect(counts(database)).toEqual({ days: 6, listings: 6, papers: 5 });
  }, 60_000);

  it('refuses a bad category, a bad range and a day not announced yet in one line, asking nothing', async () => {
    const before = arxiv.requests.length;
    const cases: Array<[string[], RegExp]> = [
      [
        ['--categories', 'cs.lg', '--date', '2026-11-02'],
        /"cs\.lg" is not an arXiv category \(did you mean cs\.LG\?\)/,
      ],
      [['--categories', 'robotics', '--date', '2026-11-02'], /"robotics" is not an arXiv category/],
      [['--date', '2026-11-02'], /needs --categories/],
      [
        ['--categories', 'cs.RO', '--from', '2026-11-05', '--to', '2026-11-02'],
        /--from 2026-11-05 is after --to 2026-11-02/,
      ],
      [['--categories', 'cs.RO', '--date', '2099-01-05'], /arXiv has not announced 2099-01-05 yet/],
    ];
    for (const [args, message] of cases) {
      const run = await runCli(fetchArgs(...args), { env: env(arxiv), cwd });
      expect(run.code, args.join(' ')).toBe(1);
      expect(messageLines(run.stderr)).toHaveLength(1);
      expect(run.stderr).toMatch(message);
      expect(run.stderr).not.toMatch(/\n\s+at /);
    }
    expect(arxiv.requests.length).toBe(before);
  }, 90_000);

  it('arXiv unreachable: gives up after a few attempts with one line and no retry log, exit 1', async () => {
    // A port that was just free: nothing listens there, so every connection is refused.
    const closedPort = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });
    const nowhere = `http://127.0.0.1:${closedPort}`;
    const db = join(mkdtempSync(join(tmpdir(), 'paperboy-arxiv-nowhere-')), 'nowhere.db');
    const run = await runCli(fetchArgs('--categories', 'cs.RO', '--date', '2026-11-03'), {
      env: { ...env(arxiv, db), ARXIV_API_URL: `${nowhere}/api/query`, ARXIV_FEED_URL: `${nowhere}/rss` },
      cwd,
    });
    expect(run.code).toBe(1);
    const lines = messageLines(run.stderr);
    expect(lines.filter((line) => line.startsWith('paperboy:'))).toHaveLength(1);
    expect(run.stderr).toMatch(/Could not reach arXiv .*ECONNREFUSED after 3 attempt\(s\)/);
    expect(run.stderr).not.toMatch(/retrying|"level"/);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  }, 60_000);

  it('arXiv refusing part-way: one line saying what was stored and to run it again, exit 1', async () => {
    // A fake that wants 10 minutes between requests, and says so: the second day is refused for good.
    const strict = await startFakeArxiv({ minIntervalMs: 600_000, retryAfterSeconds: 600 });
    strict.setDay('cs.RO', '2026-11-03', [{ id: '2611.00011' }]);
    strict.setDay('cs.RO', '2026-11-04', [{ id: '2611.00021' }]);
    const db = join(mkdtempSync(join(tmpdir(), 'paperboy-arxiv-down-')), 'down.db');
    try {
      const run = await runCli(
        fetchArgs('--categories', 'cs.RO', '--from', '2026-11-03', '--to', '2026-11-04'),
        {
          env: env(strict, db),
          cwd,
        },
      );
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(
        /Stopped at 2026-11-04, 1 day \(2026-11-03 to 2026-11-03\) stored: Could not reach arXiv .*Run the same fetch again later; stored days are only refreshed\./,
      );
      expect(messageLines(run.stderr).filter((line) => line.startsWith('paperboy:'))).toHaveLength(1);
      expect(run.stderr).not.toMatch(/\n\s+at /);
      expect(counts(db)).toMatchObject({ days: 1, papers: 1 });
    } finally {
      await strict.close();
    }
  }, 60_000);
});
