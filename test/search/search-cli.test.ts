import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CliArgs } from '../../src/cli/cli-args';
import { searchCli } from '../../src/cli/cli-commands';
import { startTestCore, type TestCore } from '../support/test-core';
import { fixturePapers } from './support/fixture-corpus';

const sink = () => {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      chunks.push(String(chunk));
      done();
    },
  });
  return { stream, text: () => chunks.join('') };
};

describe('paperboy search (CLI)', () => {
  let t: TestCore;
  beforeAll(async () => {
    t = await startTestCore({ now: '2024-10-26T09:00:00Z' });
    await t.core.store.papers.upsertMany(fixturePapers());
  });
  afterAll(async () => await t.close());

  const run = async (query: string, extra: Partial<CliArgs> = {}) => {
    const out = sink();
    const err = sink();
    const args: CliArgs = {
      command: 'search',
      positionals: [query],
      demo: false,
      json: true,
      verbose: false,
      ...extra,
    };
    await searchCli(t.core, args, { stdout: out.stream, stderr: err.stream });
    return JSON.parse(out.text()) as Array<Record<string, unknown>>;
  };

  it('prints {id, title, score, coverage, url} in rank order, best first', async () => {
    const rows = await run('hallucinations', { limit: 3 });
    expect(rows.map((row) => Object.keys(row))).toEqual(
      rows.map(() => ['id', 'title', 'score', 'coverage', 'url']),
    );
    expect(rows.map((row) => row.id)).toEqual(expect.arrayContaining(['2410.16251', '2410.18860']));
    const scores = rows.map((row) => row.score as number);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it('understands inline filters, with or without words', async () => {
    expect((await run('reasoning upvotes:>20')).map((row) => row.id)).toEqual(['2410.18693']);
    expect((await run('upvotes:>40 since:7d')).map((row) => row.id)).toEqual(['2410.17243', '2410.16251']);
  });

  it('refuses channel-only filters and bad values with a message', async () => {
    await expect(run('posted')).rejects.toThrow('posted and flagged are about a chat channel');
    await expect(run('since:someday')).rejects.toThrow('since "someday" is not a date or an age');
    await expect(run('x'.repeat(301))).rejects.toThrow('the query is too long: at most 300 characters');
  });
});
