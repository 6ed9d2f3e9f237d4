/**
 * The digest the console opens on is the channel's own (#23 item 4): its filters and top N, as `today`
 * shows them. The real process on one SQLite file, started twice.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeHfServer } from '../fakes/hf/fake-hf-server';
import { oct25Batch } from '../support/fixtures';
import { runCli } from '../support/run-cli';

const prompt = 'Type a command:';

describe("the console's start-up digest", () => {
  let hf: FakeHfServer;
  const cwd = mkdtempSync(join(tmpdir(), 'paperboy-start-up-'));
  const database = join(cwd, 'bot.db');

  beforeAll(async () => {
    hf = await new FakeHfServer().start();
    // The fake serves the batch for "yesterday" (and the day before) whatever today is.
    for (const back of [1, 2])
      hf.setDay(new Date(Date.now() - back * 86_400_000).toISOString().slice(0, 10), oct25Batch());
  });
  afterAll(() => hf.stop());

  async function session(lines: string[]): Promise<string> {
    const run = await runCli(['start'], {
      env: { HF_BASE_URL: hf.url, DATABASE_URL: database },
      cwd,
      input: [...lines, 'exit', ''].join('\n'),
    });
    expect(run.code).toBe(0);
    expect(run.stderr).not.toContain('"level":50');
    return run.stdout;
  }

  it("honours the channel's include= and top= after a restart, the same papers as today", async () => {
    const first = await session(['subscribe include="knowledge editing, game" top=3']);
    expect(first).toContain('This channel now gets the Hugging Face Daily Papers');

    const second = await session(['today']);
    const opening = second.slice(0, second.indexOf(prompt));
    const answer = second.slice(second.indexOf(prompt));
    const ids = (text: string) => [...new Set([...text.matchAll(/\b2410\.\d{5}\b/g)].map((m) => m[0]))];
    // Two papers of the 29 mention either keyword; the defaults would open on ten.
    expect(opening).toMatch(/Daily Papers — \w{3} \d+ \w{3} · top 2 of 29/);
    expect(ids(opening)).toEqual(['2410.16251', '2410.18975']);
    expect(ids(answer)).toEqual(ids(opening));
  });
});
