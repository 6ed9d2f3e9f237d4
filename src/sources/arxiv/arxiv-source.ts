/**
 * arXiv as a paper source: a category's daily mailing from the announcement feed, one paper and date-range
 * back-fills from the export API. Every request goes through the process-wide gate (arxiv-gate.ts) and
 * names paperboy and its operator's contact in the User-Agent, as arXiv asks of automated clients.
 */
import type { Logger } from 'pino';
import type { Clock } from '../../clock';
import { PaperboyError } from '../../errors';
import type { Paper } from '../../records/paper';
import type { RejectedItem } from '../../records/rejected-item';
import { parseQueryAnswer } from './arxiv-atom';
import {
  announcementDaysBetween,
  announcementTime,
  isAnnouncementDay,
  submissionWindow,
} from './arxiv-calendar';
import type { ArxivDay, ArxivEntry } from './arxiv-entry';
import { arxivGate, type GateTimers, type RequestGate, realTimers } from './arxiv-gate';
import { type ArxivHttpOptions, getArxivText } from './arxiv-http';
import { parseAnnouncementFeed } from './arxiv-rss';

export interface ArxivSourceOptions {
  /** Base of the announcement feeds, e.g. `https://rss.arxiv.org/rss` (ARXIV_FEED_URL). */
  feedBaseUrl: string;
  /** The export API's query endpoint, e.g. `https://export.arxiv.org/api/query` (ARXIV_API_URL). */
  apiBaseUrl: string;
  /** The operator's e-mail for the User-Agent (ARXIV_CONTACT); arXiv asks automated clients for one. */
  contact: string | null;
  clock: Clock;
  /** arXiv's rule: one request every 3 s (the default). Tests and the bench pass a compressed interval. */
  minIntervalMs?: number;
  logger: Logger;
  fetch?: typeof fetch;
  /** The gate's time (arxiv-gate.ts): real timers unless a test hands in fake ones. */
  timers?: GateTimers;
  /** The gate to queue on: the process's one gate unless a test wants its own. */
  gate?: RequestGate;
  timeoutMs?: number;
  retryBudgetMs?: number;
  /** Entries per export API page (arXiv allows up to 2000; smaller pages fail less). */
  pageSize?: number;
  /** For the User-Agent: `paperboy/<version> (+<homepage>; mailto:<contact>)`. */
  version?: string;
  homepage?: string;
  random?: () => number;
}

export interface ArxivSource {
  readonly name: 'arxiv';
  /** What arXiv announced in `category` on `day` (YYYY-MM-DD, the mailing's date); [] entries on days with no mailing. */
  fetchAnnouncements(category: string, day: string): Promise<ArxivDay>;
  fetchPaper(id: string): Promise<Paper | null>;
  /** Back-fill: every paper submitted/announced in categories between from..to via the export API, paged; onProgress(done, total). */
  fetchRange(
    categories: string[],
    from: string,
    to: string,
    onProgress?: (done: number, total: number) => void,
  ): Promise<ArxivEntry[]>;
}

export const arxivMinIntervalMs = 3000;

export function userAgent(version: string, homepage: string | undefined, contact: string | null): string {
  const parts = [homepage ? `+${homepage}` : null, contact ? `mailto:${contact}` : null].filter(Boolean);
  return `paperboy/${version}${parts.length > 0 ? ` (${parts.join('; ')})` : ''}`;
}

/** `cat:cs.LG OR cat:cs.RO` with the submission window, in the API's `YYYYMMDDHHMM` (GMT) form. */
function rangeQuery(categories: readonly string[], start: Date, end: Date): string {
  const stamp = (instant: Date) => instant.toISOString().replace(/[-:T]/g, '').slice(0, 12);
  const cats = categories.map((category) => `cat:${category}`).join(' OR ');
  // The window's end is exclusive: the API's range is inclusive to the minute, so stop a minute before.
  const last = new Date(end.getTime() - 60_000);
  return `(${cats}) AND submittedDate:[${stamp(start)} TO ${stamp(last)}]`;
}

export function createArxivSource(options: ArxivSourceOptions): ArxivSource {
  const log = options.logger.child({ source: 'arxiv' });
  const pageSize = options.pageSize ?? 500;
  const http: ArxivHttpOptions = {
    userAgent: userAgent(options.version ?? '0.1.0', options.homepage, options.contact),
    minIntervalMs: options.minIntervalMs ?? arxivMinIntervalMs,
    timeoutMs: options.timeoutMs ?? 30_000,
    retryBudgetMs: options.retryBudgetMs ?? 120_000,
    clock: options.clock,
    timers: options.timers ?? realTimers,
    gate: options.gate ?? arxivGate,
    log,
    fetch: options.fetch ?? fetch,
    random: options.random ?? Math.random,
  };

  const logRejected = (rejected: RejectedItem[], context: Record<string, unknown>) => {
    for (const item of rejected) log.warn({ ...context, ...item }, 'refused an invalid arXiv entry');
  };

  async function query(params: Record<string, string>, categories: readonly string[]) {
    const url = `${options.apiBaseUrl}?${new URLSearchParams(params).toString()}`;
    const result = await getArxivText(url, 'ARXIV_API_URL', http);
    if (result.status === 'not_found')
      throw new PaperboyError(
        'config_invalid',
        `${url} answered 404 Not Found: check ARXIV_API_URL (${options.apiBaseUrl})`,
      );
    const parsed = parseQueryAnswer(result.text, categories);
    if (result.status === 'refused')
      throw new PaperboyError('source_bad_response', `the arXiv API refused ${url} (HTTP 400)`);
    return parsed;
  }

  async function fetchAnnouncements(category: string, day: string): Promise<ArxivDay> {
    if (!isAnnouncementDay(day)) return { day, category, entries: [], skipped: 0, rejected: [] };
    if (options.clock.now().getTime() < Date.parse(announcementTime(day))) {
      throw new PaperboyError(
        'source_unavailable',
        `arXiv has not announced the ${day} mailing yet (it goes out at ${announcementTime(day)})`,
      );
    }
    const url = `${options.feedBaseUrl}/${encodeURIComponent(category)}`;
    const result = await getArxivText(url, 'ARXIV_FEED_URL', http);
    if (result.status !== 'ok')
      throw new PaperboyError('invalid_input', `arXiv has no feed for ${category} (${url} answered 404)`);
    const feed = parseAnnouncementFeed(result.text, category);
    if (feed.day === day || (feed.day === null && feed.entries.length === 0 && feed.rejected.length === 0)) {
      logRejected(feed.rejected, { category, day });
      return { day, category, entries: feed.entries, skipped: feed.rejected.length, rejected: feed.rejected };
    }
    if (feed.day !== null && feed.day < day) {
      throw new PaperboyError(
        'source_unavailable',
        `the arXiv feed for ${category} still serves ${feed.day}, not ${day}`,
      );
    }
    // The feed only ever serves the latest mailing: an older day comes from the export API by its window.
    return await announcedByWindow(category, day);
  }

  async function announcedByWindow(category: string, day: string): Promise<ArxivDay> {
    const { start, end } = submissionWindow(day);
    const entries = await pagedQuery(rangeQuery([category], start, end), [category]);
    const onDay = entries.entries.filter((entry) => entry.paper.batchDay === day);
    logRejected(entries.rejected, { category, day });
    return { day, category, entries: onDay, skipped: entries.rejected.length, rejected: entries.rejected };
  }

  async function pagedQuery(
    searchQuery: string,
    categories: readonly string[],
    onProgress?: (done: number, total: number) => void,
  ): Promise<{ entries: ArxivEntry[]; rejected: RejectedItem[] }> {
    const byId = new Map<string, ArxivEntry>();
    const rejected: RejectedItem[] = [];
    let total = Number.POSITIVE_INFINITY;
    for (let start = 0; start < total; start += pageSize) {
      const page = await query(
        {
          search_query: searchQuery,
          start: String(start),
          max_results: String(pageSize),
          sortBy: 'submittedDate',
          sortOrder: 'ascending',
        },
        categories,
      );
      total = page.totalResults;
      for (const entry of page.entries) byId.set(entry.paper.id, entry);
      rejected.push(...page.rejected);
      onProgress?.(Math.min(start + pageSize, total), total);
      // A short page before the total means the API stopped early: do not loop on empty pages.
      if (page.entries.length + page.rejected.length === 0) break;
    }
    return { entries: [...byId.values()], rejected };
  }

  async function fetchPaper(id: string): Promise<Paper | null> {
    const page = await query({ id_list: id, max_results: '1' }, []);
    return page.entries.find((entry) => entry.paper.id === id)?.paper ?? null;
  }

  async function fetchRange(
    categories: string[],
    from: string,
    to: string,
    onProgress?: (done: number, total: number) => void,
  ): Promise<ArxivEntry[]> {
    const days = announcementDaysBetween(from, to);
    const first = days[0];
    const last = days[days.length - 1];
    if (!first || !last) {
      onProgress?.(0, 0);
      return [];
    }
    const { entries, rejected } = await pagedQuery(
      rangeQuery(categories, submissionWindow(first).start, submissionWindow(last).end),
      categories,
      onProgress,
    );
    logRejected(rejected, { categories, from, to });
    return entries.filter(
      (entry) =>
        entry.paper.batchDay !== null && entry.paper.batchDay >= first && entry.paper.batchDay <= last,
    );
  }

  return { name: 'arxiv', fetchAnnouncements, fetchPaper, fetchRange };
}
