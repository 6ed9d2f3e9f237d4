/** Shapes the fake Discord stores and serves: loose API JSON, typed where tests read it. */
import type { APIActionRowComponent, APIComponentInMessageActionRow, APIEmbed } from 'discord.js';

export type Json = Record<string, unknown>;

export interface FakeUser {
  id: string;
  username: string;
  global_name: string | null;
  discriminator: string;
  avatar: null;
  bot?: boolean;
}

export interface FakeChannel {
  id: string;
  type: number;
  guild_id: string;
  name: string;
  position: number;
  permission_overwrites: never[];
  nsfw: boolean;
  parent_id: string | null;
  topic: null;
  last_message_id: string | null;
  rate_limit_per_user: number;
  /** Threads: the message the thread was started from (same id as the thread). */
  owner_id?: string;
  thread_metadata?: Json;
}

export interface FakeMessage {
  id: string;
  type: number;
  channel_id: string;
  guild_id?: string;
  author: FakeUser;
  content: string;
  embeds: APIEmbed[];
  components: APIActionRowComponent<APIComponentInMessageActionRow>[];
  attachments: never[];
  mentions: never[];
  mention_roles: never[];
  mention_everyone: boolean;
  pinned: boolean;
  tts: boolean;
  timestamp: string;
  edited_timestamp: string | null;
  flags: number;
  nonce?: string | number;
  webhook_id?: string;
  application_id?: string;
  interaction_metadata?: Json;
  thread?: FakeChannel;
}

/** Everything the fake saw on one HTTP request, and what it answered. */
export interface RecordedRequest {
  seq: number;
  method: string;
  /** Path after `/api/v10`, as sent (`@original` stays `%40original`). */
  path: string;
  query: Record<string, string>;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
  status: number;
  response: unknown;
}

export interface GatewayFrame {
  op: number;
  d: unknown;
  s?: number | null;
  t?: string | null;
}

export interface FakeGuildSpec {
  id: string;
  name?: string;
  channels: { id: string; name: string; type?: number }[];
}

/** How the bot answered one interaction, in order: the first entry is its initial response. */
export interface InteractionOutput {
  kind: 'callback' | 'edit' | 'followup' | 'delete';
  /** Callback type (4 reply, 5 defer, 6 defer update, 7 update, 8 autocomplete) for callbacks. */
  callbackType?: number;
  message?: FakeMessage;
  choices?: { name: string; value: string | number }[];
}

export interface InteractionRecord {
  id: string;
  token: string;
  type: number;
  channelId: string;
  userId: string;
  createdAt: number;
  /** Id of the message `@original` refers to, once there is one. */
  originalId: string | null;
  /** The message a component was clicked on. */
  sourceMessageId: string | null;
  /** How many gateway connections it was sent to (0: no instance runs its guild's shard). */
  connections?: number;
  outputs: InteractionOutput[];
}
