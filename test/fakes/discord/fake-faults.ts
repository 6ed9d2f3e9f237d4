/**
 * Failures the fake can be told to produce: rate limits (one-off 429s, or a real per-route bucket with
 * Discord's headers), revoked channels (403 / 404) and server errors.
 */
export interface FakeReply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

interface Match {
  method?: string;
  /** Matched against the path after `/api/v10`. */
  path: RegExp;
}

export interface RateLimitSpec extends Match {
  times?: number;
  /** Seconds, as Discord sends them (fractions allowed). */
  retryAfter?: number;
  bucket?: string;
  global?: boolean;
}

export interface BucketSpec extends Match {
  limit: number;
  /** Seconds until the bucket refills, counted from its first request. */
  resetAfter: number;
  name?: string;
}

export interface ServerErrorSpec extends Match {
  times?: number;
  status?: number;
  /** Only requests whose body passes this (e.g. only paper posts, which carry embeds). */
  when?: (body: Record<string, unknown>) => boolean;
}

/** Random trouble on a share of requests, for fault-tolerance runs. */
export interface ChaosSpec extends Match {
  /** Share of matching requests that fail, 0–1. */
  rate: number;
  random: () => number;
  /** How long a "slow" answer waits before it is sent (longer than the client's timeout). */
  slowMs: number;
}

export type ChaosFault = 'server_error' | 'rate_limited' | 'lost_response' | 'slow';

const chaosFaults: ChaosFault[] = ['server_error', 'rate_limited', 'lost_response', 'slow'];

export type ChannelFailure = 'missing_access' | 'missing_permissions' | 'unknown_channel';

const CHANNEL_FAILURES: Record<ChannelFailure, FakeReply> = {
  missing_access: { status: 403, body: { message: 'Missing Access', code: 50001 } },
  missing_permissions: { status: 403, body: { message: 'Missing Permissions', code: 50013 } },
  unknown_channel: { status: 404, body: { message: 'Unknown Channel', code: 10003 } },
};

const matches = (spec: Match, method: string, path: string) =>
  (!spec.method || spec.method.toUpperCase() === method) && spec.path.test(path);

export class Faults {
  private readonly rateLimits: (RateLimitSpec & { left: number })[] = [];
  private readonly buckets: { spec: BucketSpec; windowStart: number | null; count: number }[] = [];
  private readonly serverErrors: (ServerErrorSpec & { left: number })[] = [];
  private readonly lostResponses: (ServerErrorSpec & { left: number })[] = [];
  readonly channels = new Map<string, ChannelFailure>();
  private chaos: ChaosSpec | null = null;

  /** From now on a random share of matching requests fails in a random way; null stops it. */
  setChaos(spec: ChaosSpec | null): void {
    this.chaos = spec;
  }

  /** The trouble this request runs into, if chaos is on and the dice say so. */
  chaosFor(method: string, path: string): { fault: ChaosFault; slowMs: number } | null {
    const chaos = this.chaos;
    if (!chaos || !matches(chaos, method, path) || chaos.random() >= chaos.rate) return null;
    const fault = chaosFaults[Math.floor(chaos.random() * chaosFaults.length)] ?? 'server_error';
    return { fault, slowMs: chaos.slowMs };
  }

  /** The answer a chaos fault replaces the real one with (a lost response is made after the work is done). */
  static chaosReply(fault: ChaosFault): FakeReply | null {
    if (fault === 'server_error')
      return { status: 503, body: { message: '503: Service Unavailable', code: 0 } };
    if (fault === 'rate_limited') return tooManyRequests(0.05, 'chaos-bucket', false, 5);
    if (fault === 'lost_response') return { status: 502, body: { message: '502: Bad Gateway', code: 0 } };
    return null;
  }

  /** Discord does the work, but the answer is lost on the way back (a 502 from a proxy, say). */
  loseResponse(spec: ServerErrorSpec): void {
    this.lostResponses.push({ ...spec, left: spec.times ?? 1 });
  }

  /** Whether to swap the real answer to this request for a 5xx after the fact. */
  lost(method: string, path: string, body: Record<string, unknown>): FakeReply | null {
    const spec = this.lostResponses.find(
      (entry) => entry.left > 0 && matches(entry, method, path) && (entry.when?.(body) ?? true),
    );
    if (!spec) return null;
    spec.left -= 1;
    return { status: spec.status ?? 502, body: { message: '502: Bad Gateway', code: 0 } };
  }

  rateLimitNext(spec: RateLimitSpec): void {
    this.rateLimits.push({ ...spec, left: spec.times ?? 1 });
  }

  addBucket(spec: BucketSpec): void {
    this.buckets.push({ spec, windowStart: null, count: 0 });
  }

  failServer(spec: ServerErrorSpec): void {
    this.serverErrors.push({ ...spec, left: spec.times ?? 1 });
  }

  /** A forced answer for this request, or the rate-limit headers to add to the normal one. */
  intercept(
    method: string,
    path: string,
    now: number,
  ): { reply?: FakeReply; headers: Record<string, string> } {
    const channelId = /^\/channels\/(\d+)/.exec(path)?.[1];
    const failure = channelId ? this.channels.get(channelId) : undefined;
    if (failure) return { reply: CHANNEL_FAILURES[failure], headers: {} };
    const error = this.serverErrors.find((spec) => spec.left > 0 && matches(spec, method, path));
    if (error) {
      error.left -= 1;
      return {
        reply: { status: error.status ?? 500, body: { message: '500: Internal Server Error', code: 0 } },
        headers: {},
      };
    }
    const limited = this.rateLimits.find((spec) => spec.left > 0 && matches(spec, method, path));
    if (limited) {
      limited.left -= 1;
      return {
        reply: tooManyRequests(
          limited.retryAfter ?? 0.05,
          limited.bucket ?? 'fake-bucket',
          limited.global === true,
          5,
        ),
        headers: {},
      };
    }
    const bucket = this.buckets.find((entry) => matches(entry.spec, method, path));
    if (!bucket) return { headers: {} };
    const windowMs = bucket.spec.resetAfter * 1000;
    if (bucket.windowStart === null || now - bucket.windowStart >= windowMs) {
      bucket.windowStart = now;
      bucket.count = 0;
    }
    bucket.count += 1;
    const resetAfter = Math.max(0, (bucket.windowStart + windowMs - now) / 1000);
    const name = bucket.spec.name ?? 'fake-bucket';
    if (bucket.count > bucket.spec.limit)
      return { reply: tooManyRequests(resetAfter, name, false, bucket.spec.limit), headers: {} };
    return {
      headers: rateLimitHeaders(bucket.spec.limit, bucket.spec.limit - bucket.count, resetAfter, name, now),
    };
  }
}

export function rateLimitHeaders(
  limit: number,
  remaining: number,
  resetAfter: number,
  bucket: string,
  now: number,
) {
  return {
    'X-RateLimit-Limit': String(limit),
    'X-RateLimit-Remaining': String(remaining),
    'X-RateLimit-Reset': String((now / 1000 + resetAfter).toFixed(3)),
    'X-RateLimit-Reset-After': resetAfter.toFixed(3),
    'X-RateLimit-Bucket': bucket,
  };
}

/** Discord's 429: headers, `Retry-After`, and a body with `retry_after` in seconds. */
export function tooManyRequests(
  retryAfter: number,
  bucket: string,
  global: boolean,
  limit: number,
): FakeReply {
  const headers: Record<string, string> = {
    ...rateLimitHeaders(limit, 0, retryAfter, bucket, Date.now()),
    'Retry-After': retryAfter.toFixed(3),
    'X-RateLimit-Scope': global ? 'global' : 'user',
  };
  if (global) headers['X-RateLimit-Global'] = 'true';
  return {
    status: 429,
    headers,
    body: { message: 'You are being rate limited.', retry_after: retryAfter, global, code: 0 },
  };
}
