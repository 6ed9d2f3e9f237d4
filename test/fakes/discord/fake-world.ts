/** What route handlers see of the fake: its state, its clock and its gateway. */
import type { FakeReply } from './fake-faults';
import type { Recorder } from './fake-recorder';
import type { FakeStore } from './fake-store';
import type { FakeMessage, FakeUser, InteractionOutput, InteractionRecord, Json } from './fake-types';

export interface FakeWorld {
  store: FakeStore;
  botUser: FakeUser;
  /** Users the fake knows (seen in injected events), for GET /users/{id}. */
  users: Map<string, FakeUser>;
  applicationId: string;
  gatewayUrl(): string;
  /** What `GET /gateway/bot` says of sharding: the recommended count and `max_concurrency`. */
  gatewayShards(): { shards: number; maxConcurrency: number };
  /** The fake's clock (real time plus whatever a test advanced it by). */
  now(): number;
  dispatch(t: string, d: unknown): void;
  /** Whether the bot identified with the privileged Message Content intent. */
  hasMessageContent(): boolean;
  /** First response deadline for interactions (3 s on Discord). */
  interactionDeadlineMs: number;
  /** Every answer the bot gave to any interaction, in order. */
  outputs: Recorder<InteractionOutput & { interactionId: string }>;
}

/** Records an answer; the message is copied as it is now, since later edits change the stored one. */
export function emit(world: FakeWorld, record: InteractionRecord, output: InteractionOutput): void {
  const snapshot = output.message ? { ...output, message: structuredClone(output.message) } : output;
  record.outputs.push(snapshot);
  world.outputs.push({ ...snapshot, interactionId: record.id });
}

export interface RouteRequest {
  method: string;
  path: string;
  params: string[];
  query: Record<string, string>;
  body: Json;
}

export interface Route {
  method: string;
  pattern: RegExp;
  /** Needs `Authorization: Bot <token>` (interaction callbacks and webhooks do not). */
  auth: boolean;
  handle(request: RouteRequest, world: FakeWorld): FakeReply;
}

export const ok = (body: unknown, status = 200): FakeReply => ({ status, body });
export const noContent = (): FakeReply => ({ status: 204 });
export const error = (status: number, code: number, message: string): FakeReply => ({
  status,
  body: { code, message },
});

/**
 * A message as the API returns it to the bot: nonces only come back on create, and without the Message
 * Content intent other people's text is blanked unless it mentions the bot.
 */
export function served(message: FakeMessage, world: FakeWorld): FakeMessage {
  const { nonce: _nonce, ...rest } = message;
  const mine = message.author.id === world.botUser.id;
  const mentionsBot = message.content.includes(`<@${world.botUser.id}>`);
  if (mine || mentionsBot || world.hasMessageContent()) return rest;
  return { ...rest, content: '', embeds: [], components: [] };
}
