/**
 * Discord's documented limits, enforced when switched on: each channel takes 5 messages per 5 s (its own
 * route bucket, announced in `X-RateLimit-*` headers on every post) and the bot makes at most 50 requests
 * per second across every route. Over either, a 429 with Discord's headers and body; each 429 is counted.
 * Both windows are fixed and start at the first request after the previous one ran out, as a bucket's
 * `Reset-After` says. It also records when each channel's posts began and ended, to tell how many channels
 * were being posted to at once.
 */
import { ChannelSpans } from '../shared/channel-spans';
import { type FakeReply, rateLimitHeaders, tooManyRequests } from './fake-faults';

export interface PlatformLimitSpec {
  /** Messages per channel per window (Discord: 5 per 5 s). */
  channelMessages: number;
  channelWindowMs: number;
  /** Requests per bot per window, across routes (Discord: 50 per 1 s). */
  globalRequests: number;
  globalWindowMs: number;
}

export const discordDocumentedLimits: PlatformLimitSpec = {
  channelMessages: 5,
  channelWindowMs: 5_000,
  globalRequests: 50,
  globalWindowMs: 1_000,
};

interface Window {
  start: number;
  count: number;
  /** Requests that arrived in this window, the refused ones included. */
  attempts: number;
}

const channelPost = /^\/channels\/(\d+)\/messages$/;
/** Discord shares one bucket hash between all channels' message posts; the channel is its major parameter. */
const messageBucket = 'fake-channel-messages';

export class PlatformLimits {
  private spec: PlatformLimitSpec | null = null;
  private global: Window | null = null;
  private readonly channels = new Map<string, Window>();
  /** 429s answered, by the limit that was hit. */
  readonly rateLimited = { channel: 0, global: 0 };
  private readonly spans = new ChannelSpans();
  /** The most requests (accepted or refused) that arrived in one global window: what all callers asked for. */
  peakGlobalAttempts = 0;

  /** From now on the limits hold (the documented ones unless told otherwise); null switches them off. */
  enforce(spec: Partial<PlatformLimitSpec> | null = {}): void {
    this.spec = spec === null ? null : { ...discordDocumentedLimits, ...spec };
  }

  get enforcing(): PlatformLimitSpec | null {
    return this.spec;
  }

  /** The 429 for this request, or the bucket headers to add to its normal answer. */
  check(method: string, path: string, now: number): { reply?: FakeReply; headers: Record<string, string> } {
    const spec = this.spec;
    if (!spec) return { headers: {} };
    const global = this.refill(this.global, spec.globalWindowMs, now);
    this.global = global;
    global.attempts += 1;
    this.peakGlobalAttempts = Math.max(this.peakGlobalAttempts, global.attempts);
    if (global.count >= spec.globalRequests) {
      this.rateLimited.global += 1;
      const retryAfter = (global.start + spec.globalWindowMs - now) / 1000;
      return { reply: tooManyRequests(retryAfter, 'global', true, spec.globalRequests), headers: {} };
    }
    const channelId = method === 'POST' ? channelPost.exec(path)?.[1] : undefined;
    if (!channelId) {
      global.count += 1;
      return { headers: {} };
    }
    const window = this.refill(this.channels.get(channelId) ?? null, spec.channelWindowMs, now);
    this.channels.set(channelId, window);
    const resetAfter = Math.max(0, (window.start + spec.channelWindowMs - now) / 1000);
    if (window.count >= spec.channelMessages) {
      this.rateLimited.channel += 1;
      return { reply: tooManyRequests(resetAfter, messageBucket, false, spec.channelMessages), headers: {} };
    }
    global.count += 1;
    window.count += 1;
    this.spans.note(channelId);
    const remaining = spec.channelMessages - window.count;
    return { headers: rateLimitHeaders(spec.channelMessages, remaining, resetAfter, messageBucket, now) };
  }

  /** The most channels being posted to at once (see ChannelSpans). */
  maxChannelsInFlight(): number {
    return this.spans.maxInFlight();
  }

  /** When each channel got its last post (wall clock, ms), for the fan-out benchmark. */
  lastPostTimes(): number[] {
    return this.spans.lastPostTimes();
  }

  private refill(window: Window | null, windowMs: number, now: number): Window {
    return window === null || now - window.start >= windowMs ? { start: now, count: 0, attempts: 0 } : window;
  }
}
