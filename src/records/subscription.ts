import type { ChannelRef } from './channel';

/** 0 = Sunday … 6 = Saturday, as `Date#getDay`. */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

export const allWeekdays: Weekday[] = [0, 1, 2, 3, 4, 5, 6];

/**
 * What a digest posts: `daily`, the Daily Papers batch of the day (and any it has not covered yet);
 * `trending`, the top of Hugging Face's trending list that the channel has not had yet; `arxiv`, the
 * day's arXiv mailing in the subscription's `categories`.
 */
export type DigestSource = 'daily' | 'trending' | 'arxiv';

/** Every source a subscription or a run may be stored with (the schemas' CHECK lists these; a test pins it). */
export const storedDigestSources: readonly DigestSource[] = ['daily', 'trending', 'arxiv'];

/** What a channel asked for. Everything but the channel has a default. */
export interface DigestSettings {
  source: DigestSource;
  /** Local time of day, `HH:MM`. */
  time: string;
  /** IANA zone, e.g. `Europe/Paris`. */
  timezone: string;
  weekdays: Weekday[];
  topN: number;
  minUpvotes: number;
  /** Whole words or phrases; a paper must match one (when the list is not empty). */
  include: string[];
  /** Whole words or phrases; a paper matching any is left out. */
  exclude: string[];
  /** On a day with nothing new, post one short line instead of nothing. */
  postWhenEmpty: boolean;
  /**
   * arXiv categories (`cs.LG`, `cs.RO`) an `arxiv` subscription follows; empty for daily and trending.
   * Optional here (settings written before arXiv have none); a stored `Subscription` always has the list.
   */
  categories?: string[];
}

export const defaultDigestSettings: DigestSettings = {
  source: 'daily',
  time: '09:00',
  timezone: 'UTC',
  weekdays: allWeekdays,
  topN: 10,
  minUpvotes: 0,
  include: [],
  exclude: [],
  postWhenEmpty: false,
  categories: [],
};

export interface Subscription extends DigestSettings {
  /** The arXiv categories followed ([] unless the source is `arxiv`). */
  categories: string[];
  id: number;
  channel: ChannelRef;
  active: boolean;
  /** Set when posting failed for good (channel gone, access revoked); cleared by subscribing again. */
  pausedReason: string | null;
  createdAt: string;
  updatedAt: string;
}
