import type { Logger } from 'pino';
import { PaperboyError } from '../../errors';
import type { Metrics } from '../../metrics/metrics';
import { canonicalArxivId } from '../../papers/arxiv-id';
import type { Paper } from '../../records/paper';
import type { RejectedItem } from '../../records/rejected-item';
import { type FetchObserver, fetchJson } from '../http/fetch-json';
import type { DayBatch, PaperSource } from '../paper-source';
import { normalizeHfPaper } from './hf-normalize';
import { hfDailyItemSchema, hfPaperSchema } from './hf-schemas';
import { checkDailyItem } from './hf-validate';

export interface HfSourceOptions {
  baseUrl: string;
  token?: string | undefined;
  timeoutMs: number;
  retryBudgetMs: number;
  log: Logger;
  sleep?: (ms: number) => Promise<void>;
  pageSize?: number;
  /** Safety stop for a misbehaving server that never returns a short page. */
  maxPages?: number;
  metrics?: Metrics;
}

function observerFor(metrics: Metrics): FetchObserver {
  const service = { service: 'huggingface' } as const;
  return {
    attempt: (outcome, seconds) => metrics.hfRequestSeconds.observe({ outcome }, seconds),
    rateLimited: () => metrics.rateLimited.inc(service),
    retry: () => metrics.retries.inc(service),
    failed: (code) => metrics.hfFetchErrors.inc({ code }),
  };
}

/** The Hugging Face Daily Papers API as a PaperSource. */
export function createHfSource(options: HfSourceOptions): PaperSource {
  const log = options.log.child({ source: 'huggingface' });
  const pageSize = options.pageSize ?? 100;
  const maxPages = options.maxPages ?? 50;
  const observer = options.metrics ? observerFor(options.metrics) : undefined;
  /** Set once Hugging Face answered like its API: a 404 after that is about the thing asked for. */
  let answeredLikeTheApi = false;
  const request = async (
    path: string,
    limits = { timeoutMs: options.timeoutMs, retryBudgetMs: options.retryBudgetMs },
  ) => {
    const result = await fetchJson(`${options.baseUrl}${path}`, {
      ...limits,
      headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
      log,
      settingName: 'HF_BASE_URL',
      ...(options.sleep ? { sleep: options.sleep } : {}),
      ...(observer ? { observer } : {}),
    });
    // A page that is not JSON came from a server that is not the API: say so at once, never "could not reach".
    if (result.status === 'not_json') {
      const what = result.looksHtml ? 'an HTML page' : 'something that is not JSON';
      throw misconfigured(options.baseUrl, path, `answered ${what} instead of JSON`);
    }
    return result;
  };

  /**
   * A 404 for one paper means "unknown id" only if the base URL is the API at all: a wrong HF_BASE_URL
   * answers 404 for every id, and "check the id" would blame the user. Asked once, with the shortest list.
   */
  async function confirmApi(path: string): Promise<void> {
    if (answeredLikeTheApi) return;
    const probe = await request('/api/daily_papers?sort=trending&limit=1', {
      timeoutMs: options.timeoutMs,
      retryBudgetMs: 0,
    }).catch((error: unknown) => {
      if (error instanceof PaperboyError && error.code === 'config_invalid') throw error;
      return null; // An outage of the list says nothing about the URL: the 404 stands.
    });
    if (probe && (probe.status === 'not_found' || !Array.isArray(probe.body)))
      throw misconfigured(options.baseUrl, path, 'answered 404 Not Found');
    if (probe) answeredLikeTheApi = true;
  }

  /**
   * Reads `/api/daily_papers?<query>` page by page until `wanted` distinct papers, a short page or
   * `maxPages`. Items in the order listed (the caller decides which copy of a repeated id counts); invalid
   * ones are logged and returned as refused.
   */
  async function readDailyList(list: {
    query: string;
    day: string | null;
    perPage: number;
    wanted: number;
    limits?: { timeoutMs: number; retryBudgetMs: number } | undefined;
    notAList: (path: string) => PaperboyError;
    logContext: Record<string, unknown>;
  }): Promise<{ papers: Paper[]; rejected: RejectedItem[] }> {
    const papers: Paper[] = [];
    const ids = new Set<string>();
    const rejected: RejectedItem[] = [];
    for (let page = 0; page < maxPages && ids.size < list.wanted; page++) {
      const path = `/api/daily_papers?${list.query}&limit=${list.perPage}&p=${page}`;
      const result = await request(path, list.limits);
      // The list answers `[]` past its end: a 404 means the URL is not the API, and storing it as an
      // empty day would hide that day for good.
      if (result.status === 'not_found') throw misconfigured(options.baseUrl, path, 'answered 404 Not Found');
      if (!Array.isArray(result.body)) throw list.notAList(path);
      answeredLikeTheApi = true;
      result.body.forEach((raw, index) => {
        const checked = checkDailyItem(raw, options.baseUrl, list.day);
        if (checked.ok) {
          papers.push(checked.paper);
          ids.add(checked.paper.id);
          return;
        }
        rejected.push(checked.rejected);
        log.warn(
          { ...list.logContext, page, position: index, ...checked.rejected },
          'refused an invalid item',
        );
      });
      if (result.body.length < list.perPage) break;
    }
    return { papers, rejected };
  }

  async function fetchDay(day: string): Promise<DayBatch> {
    const { papers, rejected } = await readDailyList({
      query: `date=${day}`,
      day,
      perPage: pageSize,
      wanted: Number.POSITIVE_INFINITY,
      notAList: (path) => misconfigured(options.baseUrl, path, 'answered JSON that is not a list of papers'),
      logContext: { day },
    });
    // A paper listed twice counts once, as its last listing says.
    const byId = new Map(papers.map((paper) => [paper.id, paper]));
    return { day, papers: [...byId.values()], skipped: rejected.length, rejected };
  }

  async function fetchPaper(id: string): Promise<Paper | null> {
    const path = `/api/papers/${encodeURIComponent(id)}`;
    const result = await request(path);
    if (result.status === 'not_found') {
      await confirmApi(path);
      return null;
    }
    const parsed = hfPaperSchema.safeParse(result.body);
    // The answer must be the paper asked for: its id is what every link to it is built from.
    if (!parsed.success || canonicalArxivId(parsed.data.id) !== canonicalArxivId(id)) {
      throw new PaperboyError('source_bad_response', `papers/${id} returned an unexpected shape`);
    }
    answeredLikeTheApi = true;
    return normalizeHfPaper(parsed.data, options.baseUrl);
  }

  /** `GET /api/papers/search`: items shaped like daily ones, or flat papers (both are accepted). */
  async function searchPapers(query: string, limit: number, timeoutMs: number): Promise<Paper[]> {
    const q = encodeURIComponent(query.slice(0, maxSearchQuery));
    const path = `/api/papers/search?q=${q}&limit=${Math.min(Math.max(limit, 1), 120)}`;
    // One attempt: a search reply cannot wait out a retry budget.
    const result = await request(path, { timeoutMs, retryBudgetMs: 0 });
    // The search endpoint always exists: a 404 is a base URL that is not the API.
    if (result.status === 'not_found') throw misconfigured(options.baseUrl, path, 'answered 404 Not Found');
    if (!Array.isArray(result.body))
      throw new PaperboyError('source_bad_response', 'papers/search returned an unexpected shape');
    answeredLikeTheApi = true;
    const papers = new Map<string, Paper>();
    for (const raw of result.body) {
      const item = hfDailyItemSchema.safeParse(raw);
      const flat = item.success ? null : hfPaperSchema.safeParse(raw);
      const paper = item.success
        ? normalizeHfPaper(item.data.paper, options.baseUrl, item.data)
        : flat?.success
          ? normalizeHfPaper(flat.data, options.baseUrl)
          : null;
      // Only arXiv ids: every link to a paper is built from its id (see hf-validate.ts).
      if (paper && canonicalArxivId(paper.id) === paper.id && !papers.has(paper.id))
        papers.set(paper.id, paper);
    }
    return [...papers.values()].slice(0, limit);
  }

  /**
   * `GET /api/daily_papers?sort=trending`: a global rank, so never with `date`. Pages of at most 100 until
   * `limit` papers or a short page; invalid items are left out (and logged) as in a day's list.
   */
  async function fetchTrending(limit: number, timeoutMs?: number): Promise<Paper[]> {
    const { papers } = await readDailyList({
      query: 'sort=trending',
      day: null,
      perPage: Math.min(Math.max(limit, 1), 100),
      wanted: limit,
      limits: timeoutMs === undefined ? undefined : { timeoutMs, retryBudgetMs: 0 },
      notAList: () => new PaperboyError('source_bad_response', 'the trending list is not a list of papers'),
      logContext: { trending: true },
    });
    // A paper listed twice keeps its first (highest) place.
    const byId = new Map<string, Paper>();
    for (const paper of papers) if (!byId.has(paper.id)) byId.set(paper.id, paper);
    return [...byId.values()].slice(0, limit);
  }

  return { name: 'huggingface', fetchDay, fetchPaper, searchPapers, fetchTrending };
}

/** Hugging Face takes search queries of at most this many characters. */
const maxSearchQuery = 250;

/** A configuration problem, not an outage: it names the URL and what HF_BASE_URL should look like. */
function misconfigured(baseUrl: string, path: string, problem: string): PaperboyError {
  const extraApi = /\/api$/i.test(baseUrl) ? ' without the trailing /api' : '';
  return new PaperboyError(
    'config_invalid',
    `${baseUrl}${path} ${problem}: check HF_BASE_URL (${baseUrl}); it should be the site root${extraApi}, such as https://huggingface.co`,
  );
}
