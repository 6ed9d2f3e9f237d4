import type { ChannelRef } from '../chat/chat-port';
import type { Weekday } from '../subscriptions/subscription';

/** A channel's discussion settings; every channel has them, with these defaults until changed. */
export interface ChannelSettings {
  /** The reaction that flags a paper: a Unicode emoji or a platform name (`bookmark`). */
  flagEmoji: string;
  /** Open a thread on the first flag. */
  threads: boolean;
  /** Weekly agenda post, or null when off. */
  agenda: { weekday: Weekday; time: string; timezone: string } | null;
}

export const defaultChannelSettings: ChannelSettings = { flagEmoji: '🔖', threads: true, agenda: null };

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
  discussedAt: string | null;
  discussedBy: string | null;
  flags: Flag[];
}
