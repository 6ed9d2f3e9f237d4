import type { ChannelRef, Platform } from '../records/channel';
import type { DigestHeader, PaperCard } from './replies';

/** What a platform returns for a message it accepted: enough to link to it and to find it again. */
export interface PostedMessage {
  messageId: string;
  url: string | null;
}

/**
 * What every delivery channel can do: how the core posts into a channel (a digest, a paper, a text).
 * Implementations translate the neutral models and throw `DeliveryError` (see errors.ts) when a post fails.
 */
export interface DeliveryPort {
  readonly platform: Platform;
  /**
   * How many channels the core may post a digest to at once on this platform: the adapter's own bound,
   * from the platform's limits (its client paces each post). Each channel's posts still go one at a time,
   * in order. Absent: one channel at a time.
   */
  readonly concurrentChannels?: number;
  postDigestHeader(channel: ChannelRef, header: DigestHeader, deliveryKey: string): Promise<PostedMessage>;
  /**
   * `deliveryKey` is unique per (channel, paper) and stable across restarts: adapters attach it to the message
   * (Discord nonce, Slack metadata) so that `findPosted` can tell after a crash whether the post went out.
   */
  postPaper(channel: ChannelRef, card: PaperCard, deliveryKey: string): Promise<PostedMessage>;
  postText(channel: ChannelRef, text: string): Promise<PostedMessage>;
  /**
   * A channel that takes a digest as one message (an email) has this: the core then hands it the header
   * and every card in one call, keyed by the run's header key, instead of posting them one by one. The
   * papers of the digest are recorded `sending` before the call and `sent` with its message id after.
   */
  postDigest?(
    channel: ChannelRef,
    header: DigestHeader,
    cards: PaperCard[],
    deliveryKey: string,
  ): Promise<PostedMessage>;
  /** Looks for a message posted earlier with this key. Null when the platform has no such message. */
  findPosted(channel: ChannelRef, deliveryKey: string): Promise<PostedMessage | null>;
}

/**
 * The interactive part a chat platform adds: threads, replies in them, and reading messages people
 * reacted to. The core asks `isInteractive` (or `PortRegistry.interactive`) before using it.
 */
export interface InteractivePort extends DeliveryPort {
  readonly interactive: true;
  /**
   * Opens a discussion thread on a message (Discord: a thread started from the message, named `title`,
   * at most 100 characters; Slack: the message's own thread, so the thread id is the message ts) and
   * returns the thread's id, used with `postInThread`.
   */
  startThread(
    channel: ChannelRef,
    messageId: string,
    title: string,
  ): Promise<{ threadId: string; url: string | null }>;
  /** Posts plain text (escaped by the adapter; mentions never ping) into a thread opened by `startThread`. */
  postInThread(channel: ChannelRef, threadId: string, text: string): Promise<PostedMessage>;
  /** The text of any message in the channel (to find paper links a user shared); null if it is gone. */
  readMessage(channel: ChannelRef, messageId: string): Promise<{ text: string; authorId: string } | null>;
}

/** A chat platform's port: delivery plus the interactive part. */
export type ChatPort = InteractivePort;

export const isInteractive = (port: DeliveryPort): port is InteractivePort =>
  (port as Partial<InteractivePort>).interactive === true;

/** A reaction added or removed on a message, as every adapter reports it. */
export interface ReactionEvent {
  channel: ChannelRef;
  messageId: string;
  userId: string;
  /** How the platform shows the user (display name), for "flagged by …" lines that ping no one. */
  userName: string;
  /** Unicode emoji (`🔖`) where the platform module knows it, otherwise the platform's name (`custom:123`). */
  emoji: string;
  action: 'added' | 'removed';
  /** A platform id for the event, when it has one, so replays are processed once. */
  eventId?: string;
}
