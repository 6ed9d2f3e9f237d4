/**
 * GETs from arXiv (the feed and the export API) through the shared gate, with paperboy's descriptive
 * User-Agent, a timeout, and retries with backoff on 429/503 and other passing faults, honouring
 * Retry-After. Every attempt, retries included, takes its turn at the gate.
 */
import type { Logger } from 'pino';
import type { Clock } from '../../clock';
import { PaperboyError } from '../../errors';
import {
  backoffDelayMs,
  describeNetworkError,
  isRetryableStatus,
  isUnreachable,
  maxUnreachableAttempts,
  serverRequestedDelayMs,
} from '../http/retry-policy';
import type { GateTimers, RequestGate } from './arxiv-gate';

export interface ArxivHttpOptions {
  userAgent: string;
  minIntervalMs: number;
  timeoutMs: number;
  retryBudgetMs: number;
  clock: Clock;
  timers: GateTimers;
  gate: RequestGate;
  log: Logger;
  fetch: typeof fetch;
  random: () => number;
}

/** `refused`: a 400, whose body the export API fills with an error entry saying why. */
export type TextResult = { status: 'ok' | 'refused'; text: string } | { status: 'not_found' };

/** The longest wait a Retry-After may ask for before paperboy gives up instead. */
const maxRequestedWaitMs = 120_000;

export async function getArxivText(
  url: string,
  settingName: string,
  options: ArxivHttpOptions,
): Promise<TextResult> {
  const started = options.timers.now();
  for (let attempt = 0; ; attempt++) {
    const outcome = await options.gate.run(
      () => attemptOnce(url, options),
      options.minIntervalMs,
      options.timers,
    );
    if (outcome.kind === 'done') return outcome.result;
    if (outcome.kind === 'fatal') throw outcome.error;
    const wait =
      outcome.requestedMs ??
      backoffDelayMs(attempt, Math.max(options.minIntervalMs, 500), 60_000, options.random);
    const elapsed = options.timers.now() - started;
    const unreachable = isUnreachable(outcome.problem) && attempt + 1 >= maxUnreachableAttempts;
    if (unreachable || wait > maxRequestedWaitMs || elapsed + wait > options.retryBudgetMs) {
      throw new PaperboyError(
        'source_unavailable',
        `Could not reach arXiv at ${url}: ${outcome.problem} after ${attempt + 1} attempt(s) (check ${settingName})`,
      );
    }
    // A retry is routine; the failure that outlasts them is what gets reported (the one line a one-shot
    // command prints): info, not a warning.
    options.log.info(
      { url, attempt: attempt + 1, problem: outcome.problem, waitMs: wait },
      'arXiv request failed, retrying',
    );
    await options.timers.sleep(wait);
  }
}

type Outcome =
  | { kind: 'done'; result: TextResult }
  | { kind: 'retry'; problem: string; requestedMs: number | null }
  | { kind: 'fatal'; error: PaperboyError };

async function attemptOnce(url: string, options: ArxivHttpOptions): Promise<Outcome> {
  let response: Response;
  try {
    response = await options.fetch(url, {
      headers: {
        'user-agent': options.userAgent,
        accept: 'application/atom+xml, application/rss+xml, application/xml',
      },
      signal: AbortSignal.timeout(options.timeoutMs),
    });
  } catch (error) {
    return { kind: 'retry', problem: describeNetworkError(error, options.timeoutMs), requestedMs: null };
  }
  if (response.status === 404) {
    await response.body?.cancel();
    return { kind: 'done', result: { status: 'not_found' } };
  }
  if (response.status === 400) {
    const text = await response.text().catch(() => '');
    return { kind: 'done', result: { status: 'refused', text } };
  }
  if (!response.ok) {
    await response.body?.cancel();
    const problem = `HTTP ${response.status}`;
    if (isRetryableStatus(response.status))
      return {
        kind: 'retry',
        problem,
        requestedMs: serverRequestedDelayMs(response.headers, options.clock.now()),
      };
    return {
      kind: 'fatal',
      error: new PaperboyError('source_bad_response', `arXiv answered ${problem} for ${url}`),
    };
  }
  try {
    return { kind: 'done', result: { status: 'ok', text: await response.text() } };
  } catch (error) {
    return { kind: 'retry', problem: describeNetworkError(error, options.timeoutMs), requestedMs: null };
  }
}
