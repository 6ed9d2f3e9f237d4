/** Channel routes: gateway discovery, message create / list / get / edit / delete, and threads. */

import type { FakeMessage, Json } from './fake-types';
import { invalidFormBody, messageProblems } from './fake-validate';
import { error, type FakeWorld, noContent, ok, type Route, type RouteRequest, served } from './fake-world';

const unknownChannel = () => error(404, 10003, 'Unknown Channel');
const unknownMessage = () => error(404, 10008, 'Unknown Message');

function createMessage({ params: [channelId = ''], body }: RouteRequest, world: FakeWorld) {
  if (!world.store.channels.has(channelId)) return unknownChannel();
  const problems = messageProblems(body, { create: true });
  if (problems.length > 0) return { status: 400, body: invalidFormBody(problems) };
  const now = world.now();
  const nonce = body.nonce === undefined ? undefined : String(body.nonce);
  if (nonce && body.enforce_nonce === true) {
    const original = world.store.nonceHit(channelId, world.botUser.id, nonce, now);
    if (original) return ok(original);
  }
  const message = world.store.addMessage({
    channel_id: channelId,
    author: world.botUser,
    content: typeof body.content === 'string' ? body.content : '',
    embeds: (body.embeds ?? []) as FakeMessage['embeds'],
    components: (body.components ?? []) as FakeMessage['components'],
    flags: Number(body.flags ?? 0) & ~64,
    ...(nonce !== undefined ? { nonce } : {}),
  });
  if (nonce && body.enforce_nonce === true)
    world.store.rememberNonce(channelId, world.botUser.id, nonce, message.id, now);
  world.dispatch('MESSAGE_CREATE', message);
  return ok(message);
}

function listMessages({ params: [channelId = ''], query }: RouteRequest, world: FakeWorld) {
  if (!world.store.channels.has(channelId)) return unknownChannel();
  const limit = Math.min(100, Math.max(1, Number(query.limit ?? 50)));
  let history = world.store.channelHistory(channelId).reverse();
  if (query.before) history = history.filter((message) => BigInt(message.id) < BigInt(query.before ?? '0'));
  if (query.after) history = history.filter((message) => BigInt(message.id) > BigInt(query.after ?? '0'));
  return ok(history.slice(0, limit).map((message) => served(message, world)));
}

function getMessage({ params: [channelId = '', messageId = ''] }: RouteRequest, world: FakeWorld) {
  if (!world.store.channels.has(channelId)) return unknownChannel();
  const message = world.store.message(messageId);
  if (!message || message.channel_id !== channelId || (message.flags & 64) !== 0) return unknownMessage();
  return ok(served(message, world));
}

function editMessage({ params: [channelId = '', messageId = ''], body }: RouteRequest, world: FakeWorld) {
  const message = world.store.message(messageId);
  if (!message || message.channel_id !== channelId) return unknownMessage();
  if (message.author.id !== world.botUser.id)
    return error(403, 50005, 'Cannot edit a message authored by another user');
  const problems = messageProblems(body, { create: false });
  if (problems.length > 0) return { status: 400, body: invalidFormBody(problems) };
  applyEdit(message, body, world.now());
  world.dispatch('MESSAGE_UPDATE', message);
  return ok(message);
}

/** Fields present in an edit replace the old ones. */
export function applyEdit(message: FakeMessage, body: Json, now: number): void {
  if (body.content !== undefined) message.content = String(body.content ?? '');
  if (body.embeds !== undefined) message.embeds = (body.embeds ?? []) as FakeMessage['embeds'];
  if (body.components !== undefined)
    message.components = (body.components ?? []) as FakeMessage['components'];
  message.flags &= ~128;
  message.edited_timestamp = new Date(now).toISOString();
}

function deleteMessage({ params: [channelId = '', messageId = ''] }: RouteRequest, world: FakeWorld) {
  const message = world.store.message(messageId);
  if (!message || message.channel_id !== channelId) return unknownMessage();
  world.store.deleteMessage(messageId);
  world.dispatch('MESSAGE_DELETE', { id: messageId, channel_id: channelId, guild_id: message.guild_id });
  return noContent();
}

function startThread({ params: [channelId = '', messageId = ''], body }: RouteRequest, world: FakeWorld) {
  if (!world.store.channels.has(channelId)) return unknownChannel();
  const name = typeof body.name === 'string' ? body.name : '';
  if (name.length < 1 || name.length > 100) {
    return {
      status: 400,
      body: invalidFormBody([
        { path: 'name', code: 'BASE_TYPE_BAD_LENGTH', message: 'Must be between 1 and 100 in length.' },
      ]),
    };
  }
  if (!world.store.message(messageId)) return unknownMessage();
  const thread = world.store.startThread(channelId, messageId, name, world.botUser);
  if (!thread) return error(400, 160004, 'A thread has already been created for this message');
  world.dispatch('THREAD_CREATE', { ...thread, newly_created: true });
  return ok(thread, 201);
}

export const channelRoutes: Route[] = [
  {
    method: 'GET',
    pattern: /^\/gateway\/bot$/,
    auth: true,
    handle: (_request, world) => {
      const { shards, maxConcurrency } = world.gatewayShards();
      return ok({
        url: world.gatewayUrl(),
        shards,
        session_start_limit: {
          total: 1000,
          remaining: 1000,
          reset_after: 0,
          max_concurrency: maxConcurrency,
        },
      });
    },
  },
  { method: 'GET', pattern: /^\/users\/@me$/, auth: true, handle: (_request, world) => ok(world.botUser) },
  {
    method: 'GET',
    pattern: /^\/users\/(\d+)$/,
    auth: true,
    handle: ({ params: [id = ''] }, world) => {
      const user = world.users.get(id);
      return user ? ok(user) : error(404, 10013, 'Unknown User');
    },
  },
  {
    method: 'GET',
    pattern: /^\/channels\/(\d+)$/,
    auth: true,
    handle: ({ params: [id = ''] }, world) => {
      const channel = world.store.channels.get(id);
      return channel ? ok(channel) : unknownChannel();
    },
  },
  { method: 'POST', pattern: /^\/channels\/(\d+)\/messages$/, auth: true, handle: createMessage },
  { method: 'GET', pattern: /^\/channels\/(\d+)\/messages$/, auth: true, handle: listMessages },
  { method: 'GET', pattern: /^\/channels\/(\d+)\/messages\/(\d+)$/, auth: true, handle: getMessage },
  { method: 'PATCH', pattern: /^\/channels\/(\d+)\/messages\/(\d+)$/, auth: true, handle: editMessage },
  { method: 'DELETE', pattern: /^\/channels\/(\d+)\/messages\/(\d+)$/, auth: true, handle: deleteMessage },
  {
    method: 'POST',
    pattern: /^\/channels\/(\d+)\/messages\/(\d+)\/threads$/,
    auth: true,
    handle: startThread,
  },
];
