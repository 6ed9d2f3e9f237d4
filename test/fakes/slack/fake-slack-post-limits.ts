/**
 * chat.postMessage's limits beyond the per-channel gap (about one message a second per channel, always
 * on): a workspace-wide tier limit, off until `enforceTier()`. Slack puts it at "several hundred messages
 * per minute" without a number; the fake's default is 600 a minute, held as 10 per second (a fixed
 * window), which is stricter than a minute's window and the same sustained rate. Over either limit: HTTP
 * 429 `ratelimited` with an integer `Retry-After`, counted. It also records each channel's first and last
 * post, to tell how many channels were posted to at once.
 */
import { ChannelSpans } from '../shared/channel-spans';

export interface SlackTierSpec {
  /** chat.postMessage calls accepted per window, across the workspace. */
  limit: number;
  windowMs: number;
}

export const slackDefaultTier: SlackTierSpec = { limit: 10, windowMs: 1_000 };

export interface RateLimitedReply {
  status: 429;
  body: { ok: false; error: 'ratelimited' };
  headers: Record<string, string>;
}

export const ratelimited = (retryAfterMs: number): RateLimitedReply => ({
  status: 429,
  body: { ok: false, error: 'ratelimited' },
  headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterMs / 1_000))) },
});

export class SlackPostLimits {
  /** 429s answered to chat.postMessage, by the limit that was hit. */
  readonly rateLimited = { channel: 0, workspace: 0 };
  private tier: SlackTierSpec | null = null;
  private window: { start: number; count: number; attempts: number } | null = null;
  private readonly spans = new ChannelSpans();
  /** The most chat.postMessage calls (accepted or refused) that arrived in one tier window. */
  peakTierAttempts = 0;

  /** From now on the workspace tier holds (600 a minute as 10 per second unless told otherwise); null: off. */
  enforceTier(spec: Partial<SlackTierSpec> | null = {}): void {
    this.tier = spec === null ? null : { ...slackDefaultTier, ...spec };
  }

  /** The 429 for a post over the workspace tier, or null (the post then counts towards it). */
  checkTier(now: number): RateLimitedReply | null {
    const tier = this.tier;
    if (!tier) return null;
    if (this.window === null || now - this.window.start >= tier.windowMs)
      this.window = { start: now, count: 0, attempts: 0 };
    this.window.attempts += 1;
    this.peakTierAttempts = Math.max(this.peakTierAttempts, this.window.attempts);
    if (this.window.count >= tier.limit) {
      this.rateLimited.workspace += 1;
      return ratelimited(this.window.start + tier.windowMs - now);
    }
    this.window.count += 1;
    return null;
  }

  channelLimited(retryAfterMs: number): RateLimitedReply {
    this.rateLimited.channel += 1;
    return ratelimited(retryAfterMs);
  }

  notePost(channelId: string): void {
    this.spans.note(channelId);
  }

  /** The most channels being posted to at once (see ChannelSpans). */
  maxChannelsInFlight(): number {
    return this.spans.maxInFlight();
  }

  /** When each channel got its last post (wall clock, ms), for the fan-out benchmark. */
  lastPostTimes(): number[] {
    return this.spans.lastPostTimes();
  }
}
