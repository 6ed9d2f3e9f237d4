import type { ChatPort, PostedMessage } from '../../src/chat/chat-port';
import type { DigestHeader, PaperCard } from '../../src/chat/replies';
import { DeliveryError, type DeliveryFailure } from '../../src/errors';
import type { ChannelRef, Platform } from '../../src/records/channel';

export interface RecordedPost {
  channelId: string;
  kind: 'header' | 'paper' | 'text' | 'thread';
  key: string | null;
  messageId: string;
  text: string;
  paperId?: string;
  threadId?: string;
}

/**
 * An in-memory platform: remembers every post (its key included, as Discord nonces and Slack metadata do),
 * and fails on demand per channel.
 */
export class RecordingPort implements ChatPort {
  readonly posts: RecordedPost[] = [];
  readonly threads = new Map<string, string>();
  private readonly failures = new Map<
    string,
    Array<{ failure: DeliveryFailure; kind: RecordedPost['kind'] | 'any' }>
  >();
  private readonly permanent = new Map<string, DeliveryFailure>();
  private sequence = 0;
  /**
   * After accepting this many more paper posts, the platform stops answering (the call never returns):
   * what a process killed mid-request looks like from the bot's side.
   */
  hangAfterPapers: number | null = null;
  /** Channels the core may post to at once (a real adapter takes it from its platform's limits). */
  concurrentChannels?: number;
  /** While set, every header and paper post waits for it before it is accepted; `waiting` counts them. */
  gate: Promise<void> | null = null;
  waiting = 0;

  readonly interactive = true as const;

  constructor(readonly platform: Platform = 'discord') {}

  /** The next `times` posts (of `kind`, or any) into `channelId` fail with `failure`. */
  failNext(
    channelId: string,
    failure: DeliveryFailure,
    times = 1,
    kind: RecordedPost['kind'] | 'any' = 'any',
  ): void {
    const queued = this.failures.get(channelId) ?? [];
    for (let i = 0; i < times; i++) queued.push({ failure, kind });
    this.failures.set(channelId, queued);
  }

  /** Every post into `channelId` fails with `failure` from now on. */
  breakChannel(channelId: string, failure: DeliveryFailure = 'channel_unavailable'): void {
    this.permanent.set(channelId, failure);
  }

  postsIn(channelId: string): RecordedPost[] {
    return this.posts.filter((post) => post.channelId === channelId);
  }

  paperIdsIn(channelId: string): string[] {
    return this.postsIn(channelId)
      .filter((post) => post.kind === 'paper')
      .map((post) => post.paperId ?? '');
  }

  private record(channel: ChannelRef, post: Omit<RecordedPost, 'channelId' | 'messageId'>): PostedMessage {
    const queued = this.failures.get(channel.channelId) ?? [];
    const index = queued.findIndex((entry) => entry.kind === 'any' || entry.kind === post.kind);
    const failure =
      this.permanent.get(channel.channelId) ?? (index >= 0 ? queued.splice(index, 1)[0]?.failure : undefined);
    if (failure) throw new DeliveryError(failure, `simulated ${failure} in ${channel.channelId}`);
    const recorded = { ...post, channelId: channel.channelId, messageId: `msg-${++this.sequence}` };
    this.posts.push(recorded);
    return {
      messageId: recorded.messageId,
      url: `https://chat.test/${channel.channelId}/${recorded.messageId}`,
    };
  }

  private async maybeHang(): Promise<void> {
    if (this.hangAfterPapers === null) return;
    if (this.hangAfterPapers-- <= 0) await new Promise<never>(() => {});
  }

  private async pass(): Promise<void> {
    if (!this.gate) return;
    this.waiting++;
    await this.gate;
    this.waiting--;
  }

  async postDigestHeader(channel: ChannelRef, header: DigestHeader, key: string) {
    await this.pass();
    return this.record(channel, { kind: 'header', key, text: header.title });
  }

  async postPaper(channel: ChannelRef, card: PaperCard, key: string) {
    await this.pass();
    const posted = this.record(channel, { kind: 'paper', key, text: card.title, paperId: card.id });
    await this.maybeHang();
    return posted;
  }

  async postText(channel: ChannelRef, text: string) {
    return this.record(channel, { kind: 'text', key: null, text });
  }

  async findPosted(channel: ChannelRef, key: string) {
    const post = this.posts.find(
      (candidate) => candidate.channelId === channel.channelId && candidate.key === key,
    );
    return post ? { messageId: post.messageId, url: null } : null;
  }

  async startThread(channel: ChannelRef, messageId: string, title: string) {
    const threadId = `thread-${messageId}`;
    this.threads.set(threadId, title);
    void channel;
    return { threadId, url: null };
  }

  async postInThread(channel: ChannelRef, threadId: string, text: string) {
    return this.record(channel, { kind: 'thread', key: null, text, threadId });
  }

  async readMessage(channel: ChannelRef, messageId: string) {
    const post = this.posts.find(
      (candidate) => candidate.channelId === channel.channelId && candidate.messageId === messageId,
    );
    return post ? { text: post.text, authorId: 'bot' } : null;
  }
}
