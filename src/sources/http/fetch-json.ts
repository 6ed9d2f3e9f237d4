import type { Logger } from 'pino';
import { PaperboyError } from '../../errors';
import {
  backoffDelayMs,
  describeNetworkError,
  isRetryableStatus,
  isUnreachable,
  maxUnreachableAttempts,
  serverRequestedDelayMs,
} from './retry-policy';

export interface FetchJsonOptions {
  timeoutMs: number;
  /** Total time to keep retrying before giving up with `source_unavailable`. */
  retryBudgetMs: number;
  headers?: Record<string, string>;
  log: Logger;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  /** Which setting names the base URL, for the error a user sees when it cannot be reached. */
  settingName?: string;
  /** Told about every attempt, retry and final failure (metrics). */
  observer?: FetchObserver;
}

/** What a caller may count: each attempt's outcome and duration, 429 answers, retries, give-ups. */
export interface FetchObserver {
  attempt(outcome: 'ok' | 'not_found' | 'error', seconds: number): void;
  rateLimited(): void;
  retry(): void;
  failed(code: string): void;
}

/**
 * `not_json`: a 200 whose body is not JSON at all (an HTML page, plain text). That is a server that is
 * not the API (a wrong base URL, a captive portal), not an outage: retrying cannot help, so the caller is
 * told at once, as with a 404. A body that starts like JSON and breaks off is a failed transfer: retried.
 */
export type JsonResult =
  | { status: 'ok'; body: unknown }
  | { status: 'not_found' }
  | { status: 'not_json'; looksHtml: boolean };

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * GETs JSON, retrying timeouts, network errors, 408/429/5xx (HTML error pages among them) and truncated
 * JSON with capped exponential backoff that honours `RateLimit`/`Retry-After`.
 */
export async function fetchJson(url: string, options: FetchJsonOptions): Promise<JsonResult> {
  const sleep = options.sleep ?? defaultSleep;
  const random = options.random ?? Math.random;
  const started = Date.now();
  let lastProblem = '';
  const observer = options.observer;
  for (let attempt = 0; ; attempt++) {
    const attemptStarted = performance.now();
    const outcome = await attemptOnce(url, options);
    const seconds = (performance.now() - attemptStarted) / 1000;
    observer?.attempt(
      outcome.kind !== 'done' || outcome.result.status === 'not_json' ? 'error' : outcome.result.status,
      seconds,
    );
    if (outcome.kind === 'done') return outcome.result;
    if (outcome.kind === 'retry' && outcome.problem === 'HTTP 429') observer?.rateLimited();
    if (outcome.kind === 'fatal') {
      observer?.failed(outcome.error.code);
      throw outcome.error;
    }
    lastProblem = outcome.problem;
    const wait = outcome.requestedMs ?? backoffDelayMs(attempt, 500, 30_000, random);
    const elapsed = Date.now() - started;
    const unreachable = outcome.unreachable === true && attempt + 1 >= maxUnreachableAttempts;
    if (unreachable || elapsed + wait > options.retryBudgetMs) {
      observer?.failed('source_unavailable');
      const setting = options.settingName
        ? ` (check ${options.settingName}, or run offline on a bundled batch with \`npm start -- --demo\`)`
        : '';
      throw new PaperboyError(
        'source_unavailable',
        `Could not reach ${url}: ${lastProblem} after ${attempt + 1} attempt(s)${setting}`,
      );
    }
    // A retry is routine; the failure that outlasts them is what gets reported (the one line a one-shot
    // command prints): info, not a warning.
    options.log.info(
      { url, attempt: attempt + 1, problem: outcome.problem, waitMs: wait },
      'fetch failed, retrying',
    );
    observer?.retry();
    await sleep(wait);
  }
}

type Outcome =
  | { kind: 'done'; result: JsonResult }
  | { kind: 'retry'; problem: string; requestedMs: number | null; unreachable?: boolean }
  | { kind: 'fatal'; error: PaperboyError };

async function attemptOnce(url: string, options: FetchJsonOptions): Promise<Outcome> {
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { accept: 'application/json', ...options.headers },
      signal: AbortSignal.timeout(options.timeoutMs),
    });
  } catch (error) {
    const problem = describeNetworkError(error, options.timeoutMs);
    return {
      kind: 'retry',
      problem,
      requestedMs: null,
      unreachable: isUnreachable(problem),
    };
  }
  if (response.status === 404) {
    await response.body?.cancel();
    return { kind: 'done', result: { status: 'not_found' } };
  }
  if (!response.ok) {
    await response.body?.cancel();
    const problem = `HTTP ${response.status}`;
    if (isRetryableStatus(response.status)) {
      return { kind: 'retry', problem, requestedMs: serverRequestedDelayMs(response.headers, new Date()) };
    }
    return { kind: 'fatal', error: new PaperboyError('source_bad_response', `${url} answered ${problem}`) };
  }
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    return { kind: 'retry', problem: describeNetworkError(error, options.timeoutMs), requestedMs: null };
  }
  try {
    return { kind: 'done', result: { status: 'ok', body: JSON.parse(text) } };
  } catch {
    // Nothing at all, or the start of JSON: the transfer broke off.
    if (/^\s*([[{"]|$)/.test(text))
      return { kind: 'retry', problem: 'a truncated JSON body', requestedMs: null };
    return { kind: 'done', result: { status: 'not_json', looksHtml: /^\s*</.test(text) } };
  }
}
