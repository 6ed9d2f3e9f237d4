/** The fake's world: guilds, channels, messages (channel history and ephemeral ones), interactions, commands. */
import { channelPayload, messagePayload, snowflake } from './fake-payloads';
import type {
  FakeChannel,
  FakeGuildSpec,
  FakeMessage,
  FakeUser,
  InteractionRecord,
  Json,
} from './fake-types';

/** Discord keeps an enforced nonce for a few minutes: a repeat within this window returns the first message. */
export const NONCE_WINDOW_MS = 5 * 60_000;

export class FakeStore {
  readonly channels = new Map<string, FakeChannel>();
  private readonly history = new Map<string, FakeMessage[]>();
  /** Every message by id, ephemeral ones included (those are never in channel history). */
  private readonly byId = new Map<string, FakeMessage>();
  private readonly nonces = new Map<string, { messageId: string; at: number }>();
  readonly interactions = new Map<string, InteractionRecord>();
  readonly commands = new Map<string, Json[]>();

  constructor(
    readonly guilds: FakeGuildSpec[],
    private readonly enforceNonces = true,
  ) {
    for (const guild of guilds) {
      guild.channels.forEach((channel, position) => {
        this.channels.set(channel.id, channelPayload(guild.id, channel, position));
      });
    }
  }

  guildChannels(guildId: string): FakeChannel[] {
    return [...this.channels.values()].filter(
      (channel) => channel.guild_id === guildId && !channel.thread_metadata,
    );
  }

  addChannel(guildId: string, spec: { id: string; name: string; type?: number }): FakeChannel {
    const channel = channelPayload(guildId, spec, this.guildChannels(guildId).length);
    this.channels.set(channel.id, channel);
    return channel;
  }

  /** Stores a message; ephemeral ones (flag 64) are kept out of the channel's history. */
  addMessage(fields: Partial<FakeMessage> & Pick<FakeMessage, 'channel_id' | 'author'>): FakeMessage {
    const channel = this.channels.get(fields.channel_id);
    const message = messagePayload({
      id: snowflake(),
      ...(channel ? { guild_id: channel.guild_id } : {}),
      ...fields,
    });
    this.byId.set(message.id, message);
    if ((message.flags & 64) === 0) {
      const list = this.history.get(message.channel_id) ?? [];
      list.push(message);
      this.history.set(message.channel_id, list);
      if (channel) channel.last_message_id = message.id;
    }
    return message;
  }

  message(id: string): FakeMessage | undefined {
    return this.byId.get(id);
  }

  /** Oldest first. */
  channelHistory(channelId: string): FakeMessage[] {
    return [...(this.history.get(channelId) ?? [])];
  }

  deleteMessage(id: string): void {
    const message = this.byId.get(id);
    if (!message) return;
    this.byId.delete(id);
    const list = this.history.get(message.channel_id);
    if (list)
      this.history.set(
        message.channel_id,
        list.filter((entry) => entry.id !== id),
      );
  }

  /** The message an enforced nonce already produced in this channel by this author, within the window. */
  nonceHit(channelId: string, authorId: string, nonce: string, now: number): FakeMessage | undefined {
    if (!this.enforceNonces) return undefined;
    const hit = this.nonces.get(`${channelId}:${authorId}:${nonce}`);
    if (!hit || now - hit.at > NONCE_WINDOW_MS) return undefined;
    return this.byId.get(hit.messageId);
  }

  rememberNonce(channelId: string, authorId: string, nonce: string, messageId: string, now: number): void {
    this.nonces.set(`${channelId}:${authorId}:${nonce}`, { messageId, at: now });
  }

  /** Starts a thread from a message: the thread has the message's id, as on Discord. */
  startThread(channelId: string, messageId: string, name: string, owner: FakeUser): FakeChannel | null {
    const parent = this.channels.get(channelId);
    const message = this.byId.get(messageId);
    if (!parent || !message || this.channels.has(messageId)) return null;
    const thread: FakeChannel = {
      ...channelPayload(parent.guild_id, { id: messageId, name, type: 11 }),
      parent_id: channelId,
      owner_id: owner.id,
      thread_metadata: {
        archived: false,
        auto_archive_duration: 1440,
        archive_timestamp: new Date().toISOString(),
        locked: false,
      },
    };
    this.channels.set(thread.id, thread);
    message.thread = thread;
    return thread;
  }
}
