/** When and how long to wait before trying a request again. */

const retryableStatuses = new Set([408, 425, 429, 500, 502, 503, 504]);

export const isRetryableStatus = (status: number) => retryableStatuses.has(status) || status >= 520;

/**
 * The wait the server asked for, in ms: `RateLimit: "api";r=0;t=42` (wait t+1 s) or `Retry-After`
 * (seconds or an HTTP date). Null when it said nothing usable.
 */
export function serverRequestedDelayMs(headers: Headers, now: Date): number | null {
  const rateLimit = headers.get('ratelimit');
  const t = rateLimit ? /(?:^|[;,\s])t=(\d+)/.exec(rateLimit)?.[1] : undefined;
  if (t !== undefined) return (Number(t) + 1) * 1000;
  const retryAfter = headers.get('retry-after');
  if (!retryAfter) return null;
  if (/^\d+(\.\d+)?$/.test(retryAfter.trim())) return Number(retryAfter) * 1000;
  const date = Date.parse(retryAfter);
  return Number.isNaN(date) ? null : Math.max(0, date - now.getTime());
}

/** Capped exponential backoff with full jitter: attempt 0 waits up to `baseMs`. */
export function backoffDelayMs(attempt: number, baseMs: number, capMs: number, random: () => number): number {
  const ceiling = Math.min(capMs, baseMs * 2 ** attempt);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/** What went wrong with a request that got no HTTP answer, in words for the log and the retry line. */
export function describeNetworkError(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return `no answer within ${timeoutMs} ms`;
  }
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const code = (cause as { code?: string } | null)?.code;
  return code
    ? `network error ${code}`
    : `network error (${cause instanceof Error ? cause.message : String(cause)})`;
}

/**
 * No route to the host at all (no network, a wrong base URL) rarely heals within seconds: a client gives up
 * after this many such attempts, saying so, instead of spending its whole retry budget.
 */
export const maxUnreachableAttempts = 3;

/** Whether a `describeNetworkError` problem means the host cannot be reached at all. */
export const isUnreachable = (problem: string) => /ENOTFOUND|ECONNREFUSED|EAI_AGAIN/.test(problem);
