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

  it('finds a paper by its arXiv id or link given as the query', async () => {
    expect((await run('2410.17243')).map((row) => row.id)).toEqual(['2410.17243']);
    expect((await run('https://arxiv.org/abs/2410.17243v2')).map((row) => row.id)).toEqual(['2410.17243']);
    expect((await run('arXiv:2410.18860')).map((row) => row.id)).toEqual(['2410.18860']);
  });

  it('searches a filter with only -word exclusions: the filter chooses, the exclusions leave out', async () => {
    expect((await run('author:Minervini')).map((row) => row.id).sort()).toEqual(['2410.15999', '2410.18860']);
    expect((await run('author:Minervini -hallucinations')).map((row) => row.id)).toEqual(['2410.15999']);
  });

  it('matches a quoted phrase as written, in that order, not by its stems', async () => {
    const singular = /\blarge language model\b(?!s)/i;
    const writes = fixturePapers()
      .filter((paper) =>
        [paper.title, paper.abstract, paper.aiSummary ?? '', paper.aiKeywords.join(' ')].some((text) =>
          singular.test(text),
        ),
      )
      .map((paper) => paper.id);
    expect(writes.length).toBeGreaterThan(1);
    const found = (await run('"large language model"', { limit: 20 })).map((row) => row.id);
    expect(found.sort()).toEqual(writes.sort());
    expect(await run('"model language large"')).toEqual([]);
  });

  it('refuses channel-only filters and bad values with a message', async () => {
    await expect(run('posted')).rejects.toThrow('posted and flagged are about a chat channel');
    await expect(run('since:someday')).rejects.toThrow('since "someday" is not a date or an age');
    await expect(run('x'.repeat(301))).rejects.toThrow('the query is too long: at most 300 characters');
  });
});
