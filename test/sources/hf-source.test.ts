import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PaperboyError } from '../../src/errors';
import { createHfSource } from '../../src/sources/hf/hf-source';
import { FakeHfServer } from '../fakes/hf/fake-hf-server';
import { march2026Item, oct25Batch, variant } from '../support/fixtures';

const log = pino({ level: 'silent' });

describe('Hugging Face source', () => {
  let hf: FakeHfServer;
  let waits: number[];
  const source = (overrides: Partial<Parameters<typeof createHfSource>[0]> = {}) =>
    createHfSource({
      baseUrl: hf.url,
      timeoutMs: 300,
      retryBudgetMs: 5_000,
      log,
      sleep: async (ms) => {
        waits.push(ms);
      },
      ...overrides,
    });

  beforeEach(async () => {
    hf = await new FakeHfServer().start();
    waits = [];
  });
  afterEach(() => hf.stop());

  it('fetches a whole day of real data and normalises it', async () => {
    hf.setDay('2024-10-25', oct25Batch());
    const batch = await source().fetchDay('2024-10-25');
    expect(batch.papers).toHaveLength(29);
    expect(batch.skipped).toBe(0);
    const top = batch.papers.find((paper) => paper.id === '2410.17243');
    expect(top?.title).toBe(
      'Breaking the Memory Barrier: Near Infinite Batch Size Scaling for Contrastive Loss',
    );
    expect(top?.abstract).not.toMatch(/\n/);
    expect(top?.upvotes).toBe(64);
    expect(top?.batchDay).toBe('2024-10-25');
    expect(top?.authors[0]).toBe('Zesen Cheng');
  });

  it('reads the trending list in its order, without a date, paging past 100 and leaving out invalid items', async () => {
    const many = Array.from({ length: 130 }, (_, index) =>
      variant(march2026Item(), { id: `2603.${String(10000 + index)}`, title: `Trending paper ${index + 1}` }),
    );
    many.splice(2, 0, variant(march2026Item(), { id: 'not-an-id' }));
    hf.setTrending(many);
    const papers = await source().fetchTrending?.(120);
    expect(papers).toHaveLength(120);
    expect(papers?.slice(0, 3).map((paper) => paper.title)).toEqual([
      'Trending paper 1',
      'Trending paper 2',
      'Trending paper 3',
    ]);
    // Its batch day is the paper's own (submittedOnDailyAt), not a day that was asked for.
    expect(papers?.[0]?.batchDay).toBe('2026-03-06');
    expect(hf.requestsFor('/api/daily_papers').map((request) => request.query)).toEqual([
      { sort: 'trending', limit: '100', p: '0' },
      { sort: 'trending', limit: '100', p: '1' },
    ]);
  });

  it('gives the trending list one attempt within the time a reply can wait', async () => {
    hf.failNext('sort=trending', { kind: 'status', status: 503 });
    await expect(source().fetchTrending?.(50, 300)).rejects.toBeInstanceOf(PaperboyError);
    expect(hf.requestsFor('sort=trending')).toHaveLength(1);
    hf.failNext('sort=trending', { kind: 'status', status: 503 });
    expect(await source().fetchTrending?.(50)).toEqual([]);
    expect(hf.requestsFor('sort=trending')).toHaveLength(3);
  });

  it('normalises the current item shape: organisation, AI fields, GitHub URL, batch day', async () => {
    const item = march2026Item();
    (item.paper as Record<string, unknown>).githubRepo = 'marco-garosi/CIRCLE';
    (item.paper.authors as unknown[]).push({ _id: 'x', name: 'Secret Person', hidden: true });
    (item as Record<string, unknown>).thumbnail = '/thumbs/2602.23229.png';
    hf.setDay('2026-03-06', [item]);
    const [paper] = (await source().fetchDay('2026-03-06')).papers;
    expect(paper?.githubUrl).toBe('https://github.com/marco-garosi/CIRCLE');
    expect(paper?.authors).not.toContain('Secret Person');
    expect(paper?.organization?.name).toBe('MHUGLab');
    expect(paper?.aiSummary).toMatch(/^Large Multimodal Models demonstrate/);
    expect(paper?.aiKeywords).toContain('in-context learning');
    expect(paper?.thumbnailUrl).toBe(`${hf.url}/thumbs/2602.23229.png`);
    expect(paper?.batchDay).toBe('2026-03-06');
  });

  it('pages with limit=100 until a short page', async () => {
    const base = oct25Batch()[0];
    if (!base) throw new Error('fixture missing');
    const items = Array.from({ length: 230 }, (_, i) => variant(base, { id: `2411.${String(10000 + i)}` }));
    hf.setDay('2024-11-04', items);
    const batch = await source().fetchDay('2024-11-04');
    expect(batch.papers).toHaveLength(230);
    expect(hf.requestsFor('daily_papers').map((request) => [request.query.limit, request.query.p])).toEqual([
      ['100', '0'],
      ['100', '1'],
      ['100', '2'],
    ]);
  });

  it('asks for one more page when a page is exactly full, and stops at the empty one', async () => {
    const base = oct25Batch()[0];
    if (!base) throw new Error('fixture missing');
    hf.setDay(
      '2024-11-05',
      Array.from({ length: 100 }, (_, i) => variant(base, { id: `2411.${String(20000 + i)}` })),
    );
    expect((await source().fetchDay('2024-11-05')).papers).toHaveLength(100);
    expect(hf.requestsFor('daily_papers')).toHaveLength(2);
  });

  it('returns an empty batch for a weekend', async () => {
    const batch = await source().fetchDay('2024-10-26');
    expect(batch).toEqual({ day: '2024-10-26', papers: [], skipped: 0, rejected: [] });
  });

  it('skips and counts malformed items but keeps the rest of the batch', async () => {
    const items: unknown[] = oct25Batch().slice(0, 5);
    items.splice(1, 0, { paper: { id: 42 } }, 'garbage', { notAPaper: true });
    hf.setDay('2024-10-25', items);
    const batch = await source().fetchDay('2024-10-25');
    expect(batch.papers).toHaveLength(5);
    expect(batch.skipped).toBe(3);
  });

  it('refuses ids that are not arXiv ids and items without a title, saying why, and canonicalises versions', async () => {
    const [model] = oct25Batch();
    const withPaper = (paper: Record<string, unknown>) => ({
      ...model,
      paper: { ...model?.paper, ...paper },
    });
    hf.setDay('2024-10-25', [
      withPaper({ id: 'not-an-arxiv-id/../x' }),
      withPaper({ id: '2410.99001', title: '   ' }),
      withPaper({ id: '2410.99002', title: undefined }),
      withPaper({ id: '2410.99003v2', projectPage: 'javascript:alert(1)', githubRepo: 'a/../b' }),
      { paper: { title: 'no id' } },
    ]);
    const batch = await source().fetchDay('2024-10-25');
    expect(batch.papers.map((paper) => paper.id)).toEqual(['2410.99003']);
    expect(batch.papers[0]).toMatchObject({ projectPage: null, githubUrl: null });
    expect(batch.rejected).toEqual([
      {
        sourceId: 'not-an-arxiv-id/../x',
        paperId: null,
        reason: 'its id "not-an-arxiv-id/../x" is not an arXiv id (such as 2410.17243 or cs/0112017)',
      },
      { sourceId: '2410.99001', paperId: '2410.99001', reason: 'it has no title' },
      { sourceId: '2410.99002', paperId: '2410.99002', reason: 'it has no title' },
      { sourceId: null, paperId: null, reason: 'it has no id' },
    ]);
  });

  it('accepts unknown fields without complaint', async () => {
    const item = { ...march2026Item(), brandNewField: { nested: true } };
    (item.paper as Record<string, unknown>).anotherNewField = [1, 2, 3];
    hf.setDay('2026-03-06', [item]);
    expect((await source().fetchDay('2026-03-06')).papers).toHaveLength(1);
  });

  it('waits what a 429 RateLimit header asks (t + 1 s), then succeeds', async () => {
    hf.setDay('2024-10-25', oct25Batch());
    hf.failNext('daily_papers', { kind: 'status', status: 429, headers: { ratelimit: '"api";r=0;t=7' } });
    const batch = await source({ retryBudgetMs: 20_000 }).fetchDay('2024-10-25');
    expect(batch.papers).toHaveLength(29);
    expect(waits).toEqual([8_000]);
  });

  it('honours Retry-After when there is no RateLimit header', async () => {
    hf.setDay('2024-10-25', oct25Batch());
    hf.failNext('daily_papers', { kind: 'status', status: 503, headers: { 'retry-after': '3' } });
    await source().fetchDay('2024-10-25');
    expect(waits).toEqual([3_000]);
  });

  it("retries 500s, a proxy's HTML error page and truncated JSON with growing backoff", async () => {
    hf.setDay('2024-10-25', oct25Batch());
    hf.failNext('daily_papers', { kind: 'status', status: 500 });
    hf.failNext('daily_papers', { kind: 'html', status: 502 });
    hf.failNext('daily_papers', { kind: 'truncated' });
    const batch = await source().fetchDay('2024-10-25');
    expect(batch.papers).toHaveLength(29);
    expect(waits).toHaveLength(3);
    expect(waits[2]).toBeGreaterThan(waits[0] ?? 0);
  });

  it('treats a response slower than the timeout as a failure and retries', async () => {
    hf.setDay('2024-10-25', oct25Batch());
    hf.failNext('daily_papers', { kind: 'slow', ms: 1_000 });
    const batch = await source().fetchDay('2024-10-25');
    expect(batch.papers).toHaveLength(29);
    expect(waits).toHaveLength(1);
  });

  it('an HTML page with status 200 is a configuration error at once, asked once, not an outage', async () => {
    hf.failNext('daily_papers', { kind: 'html' }, 50);
    const error = await source()
      .fetchDay('2024-10-25')
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'config_invalid' });
    expect((error as Error).message).toContain(
      `${hf.url}/api/daily_papers?date=2024-10-25&limit=100&p=0 answered an HTML page instead of JSON: check HF_BASE_URL`,
    );
    expect(hf.requestsFor('daily_papers')).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it('gives up after the retry budget with an error naming the URL and the setting', async () => {
    hf.failNext('daily_papers', { kind: 'truncated' }, 50);
    const error = await source({ retryBudgetMs: 2_000 })
      .fetchDay('2024-10-25')
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PaperboyError);
    expect((error as PaperboyError).code).toBe('source_unavailable');
    expect((error as Error).message).toContain(`${hf.url}/api/daily_papers?date=2024-10-25`);
    expect((error as Error).message).toContain('HF_BASE_URL');
    expect((error as Error).message).toContain('a truncated JSON body');
  });

  it('gives up at once when the server asks for a wait longer than the budget left', async () => {
    hf.failNext('daily_papers', { kind: 'status', status: 429, headers: { ratelimit: '"api";r=0;t=600' } });
    await expect(source().fetchDay('2024-10-25')).rejects.toMatchObject({ code: 'source_unavailable' });
    expect(waits).toEqual([]);
  });

  it('gives up after three attempts when the host refuses connections, however long the budget', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const error = await source({ baseUrl: `http://127.0.0.1:${port}`, retryBudgetMs: 600_000 })
      .fetchDay('2024-10-25')
      .catch((caught: unknown) => caught);
    expect((error as Error).message).toMatch(/ECONNREFUSED after 3 attempt\(s\)/);
    expect(waits).toHaveLength(2);
  });

  it('does not retry a 400: a malformed request will not get better', async () => {
    hf.failNext('daily_papers', { kind: 'status', status: 400 });
    await expect(source().fetchDay('2024-10-25')).rejects.toMatchObject({ code: 'source_bad_response' });
    expect(hf.requestsFor('daily_papers')).toHaveLength(1);
  });

  it('sends HF_TOKEN as a bearer token when set', async () => {
    await source({ token: 'hf_secret_token' }).fetchDay('2024-10-26');
    expect(hf.requests[0]?.headers.authorization).toBe('Bearer hf_secret_token');
  });

  it('looks a paper up by id, and answers null for an unknown one', async () => {
    hf.setPaper('2602.23229', march2026Item().paper);
    expect((await source().fetchPaper('2602.23229'))?.title).toBe(
      'Large Multimodal Models as General In-Context Classifiers',
    );
    expect(await source().fetchPaper('9999.99999')).toBeNull();
  });

  it('a 404 for a paper from a base URL that is not the API blames the URL, not the id', async () => {
    hf.setPaper('2602.23229', march2026Item().paper);
    const wrong = source({ baseUrl: `${hf.url}/api` });
    await expect(wrong.fetchPaper('2602.23229')).rejects.toMatchObject({
      code: 'config_invalid',
      message: expect.stringContaining(`${hf.url}/api/api/papers/2602.23229 answered 404 Not Found`),
    });
    await expect(wrong.searchPapers?.('contrastive', 5, 300)).rejects.toMatchObject({
      code: 'config_invalid',
      message: expect.stringContaining('without the trailing /api'),
    });
  });

  it('keeps only http(s) media: a data: thumbnail is dropped, not joined to the base URL', async () => {
    const item = march2026Item() as { thumbnail?: string; mediaUrls?: string[] };
    item.thumbnail = 'data:image/svg+xml;base64,PHN2Zy8+';
    item.mediaUrls = ['data:video/mp4;base64,AAAA', '/videos/2602.23229.mp4', 'javascript:alert(1)'];
    hf.setDay('2026-03-06', [item]);
    const [paper] = (await source().fetchDay('2026-03-06')).papers;
    expect(paper?.thumbnailUrl).toBeNull();
    expect(paper?.mediaUrls).toEqual([`${hf.url}/videos/2602.23229.mp4`]);
  });
});
