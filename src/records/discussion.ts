import type { ChannelRef } from './channel';
import type { Weekday } from './subscription';

/** A channel's discussion settings; every channel has them, with these defaults until changed. */
export interface ChannelSettings {
  /** The reaction that flags a paper: a Unicode emoji or a platform name (`bookmark`). */
  flagEmoji: string;
  /** Open a thread on the first flag. */
  threads: boolean;
  /** Weekly agenda post, or null when off. */
  agenda: { weekday: Weekday; time: string; timezone: string } | null;
  /** How the digest is ordered: `team` (the channel's model blended with upvotes, once it has enough flags) or `upvotes`. */
  ranking: 'team' | 'upvotes';
  /** The reaction that tells the team ranking "not for us", or null when off. */
  dislikeEmoji: string | null;
}

export const defaultChannelSettings: ChannelSettings = {
  flagEmoji: '🔖',
  threads: true,
  agenda: null,
  ranking: 'team',
  dislikeEmoji: '👎',
};

/** What a reaction did, so a typed reaction (the console) can say so; chat platforms show it themselves. */
export type ReactionOutcome =
  | 'flagged'
  | 'already_flagged'
  | 'withdrawn'
  | 'not_flagged'
  | 'not_a_paper'
  | 'not_the_flag_emoji'
  | 'replayed'
  /** The channel's dislike reaction, for the team ranking. */
  | 'disliked'
  | 'already_disliked'
  | 'dislike_withdrawn'
  | 'not_disliked';

/**
 * What a reaction did and to which paper: a chat platform shows the reaction itself, but a typed one (the
 * console) must say which paper it flagged, or a wrong message id would flag the wrong paper unnoticed.
 */
export interface ReactionResult {
  outcome: ReactionOutcome;
  /** The paper the reacted message is about, when it is about one (null before that is known). */
  paper: { id: string; title: string | null } | null;
  /** The paper's queue item as the reaction left it (its flags and thread), for flags and withdrawals. */
  item: QueueItem | null;
}

export interface Flag {
  userId: string;
  userName: string;
  flaggedAt: string;
}

export interface QueueItem {
  id: number;
  channel: ChannelRef;
  paperId: string;
  messageId: string;
  threadId: string | null;
  threadUrl: string | null;
  state: 'queued' | 'discussed';
  firstFlaggedAt: string;
  /** The last time it was discussed (it may be back on the queue since). */
  discussedAt: string | null;
  discussedBy: string | null;
  flags: Flag[];
}

/** One time a channel discussed a paper: a paper may come back to the queue and be discussed again. */
export interface DiscussionRecord {
  item: QueueItem;
  discussedAt: string;
  discussedBy: string | null;
  /** Who had flagged it when it was discussed. */
  flaggedBy: string[];
}
