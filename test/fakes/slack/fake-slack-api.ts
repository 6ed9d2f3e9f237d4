/**
 * The fake Web API methods. Each answers as Slack does (HTTP 200 with `ok`/`error`), and chat.postMessage
 * enforces the per-channel rate (429 + integer `Retry-After`) and the Block Kit limits.
 */
import { checkMessage } from './fake-slack-limits';
import type { FakeTeam } from './fake-slack-oauth';
import type { SlackPostLimits } from './fake-slack-post-limits';
import type { FakeChannel, FakeWorkspace } from './fake-slack-workspace';

export type Json = Record<string, unknown>;

export interface ApiResult {
  status: number;
  body: Json | string;
  headers?: Record<string, string>;
}

/** A failure the test arms for the next calls of a method. */
export interface ArmedFailure {
  /** HTTP status (5xx, or 429 with `retryAfter`) or, with status 200, a Slack error name. */
  status?: number;
  error?: string;
  retryAfter?: number;
}

export interface ApiContext {
  workspace: FakeWorkspace;
  botToken: string;
  appToken: string;
  botUserId: string;
  botId: string;
  /** Minimum gap between two chat.postMessage calls to one channel. */
  postIntervalMs: number;
  now: () => number;
  lastPost: Map<string, number>;
  /** The workspace tier limit (off by default), 429 counts and each channel's posting span. */
  postLimits: SlackPostLimits;
  /** When set, every bot-token call fails with it (`token_revoked`, `invalid_auth`…). */
  authError: string | null;
  /** The workspace a bot token belongs to (`revoked` once the app was uninstalled there). */
  teamOf(token: string): FakeTeam | 'revoked' | null;
  socketUrl: () => string;
}

const ok = (body: Json = {}): ApiResult => ({ status: 200, body: { ok: true, ...body } });
const fail = (error: string, extra: Json = {}): ApiResult => ({
  status: 200,
  body: { ok: false, error, ...extra },
});

export function armedResult(failure: ArmedFailure): ApiResult {
  if (failure.status === 429) {
    return {
      status: 429,
      body: { ok: false, error: 'ratelimited' },
      headers: { 'retry-after': String(failure.retryAfter ?? 1) },
    };
  }
  if (failure.status && failure.status >= 500)
    return { status: failure.status, body: 'upstream unavailable' };
  return fail(failure.error ?? 'fatal_error');
}

function channelProblem(ctx: ApiContext, id: unknown, forWrite: boolean): string | FakeChannel {
  const channel = typeof id === 'string' ? ctx.workspace.channels.get(id) : undefined;
  if (!channel) return 'channel_not_found';
  if (channel.error) return channel.error;
  if (!channel.isMember) return 'not_in_channel';
  if (forWrite && channel.isArchived) return 'is_archived';
  return channel;
}

function postMessage(ctx: ApiContext, args: Json): ApiResult {
  const channel = channelProblem(ctx, args.channel, true);
  if (typeof channel === 'string') return fail(channel);
  const last = ctx.lastPost.get(channel.id);
  const now = ctx.now();
  if (last !== undefined && now - last < ctx.postIntervalMs)
    return ctx.postLimits.channelLimited(ctx.postIntervalMs - (now - last));
  const problem = checkMessage(args);
  if (problem) return fail(problem.error, { response_metadata: { messages: [problem.reason] } });
  const overTier = ctx.postLimits.checkTier(now);
  if (overTier) return overTier;
  ctx.lastPost.set(channel.id, now);
  if (typeof args.thread_ts !== 'string') ctx.postLimits.notePost(channel.id);
  const metadata = args.metadata as FakeMessageMetadata | undefined;
  const message = ctx.workspace.addMessage({
    channel: channel.id,
    user: ctx.botUserId,
    botId: ctx.botId,
    text: typeof args.text === 'string' ? args.text : '',
    blocks: Array.isArray(args.blocks) ? args.blocks : [],
    metadata: metadata?.event_type
      ? { event_type: metadata.event_type, event_payload: metadata.event_payload ?? {} }
      : null,
    threadTs: typeof args.thread_ts === 'string' ? args.thread_ts : null,
  });
  return ok({
    channel: channel.id,
    ts: message.ts,
    message: { type: 'message', text: message.text, ts: message.ts },
  });
}

interface FakeMessageMetadata {
  event_type?: string;
  event_payload?: Record<string, unknown>;
}

function postEphemeral(ctx: ApiContext, args: Json): ApiResult {
  const channel = channelProblem(ctx, args.channel, true);
  if (typeof channel === 'string') return fail(channel);
  if (typeof args.user !== 'string' || !ctx.workspace.users.has(args.user)) return fail('user_not_found');
  const problem = checkMessage(args);
  if (problem) return fail(problem.error, { response_metadata: { messages: [problem.reason] } });
  const messageTs = ctx.workspace.nextTs();
  ctx.workspace.ephemerals.push({
    channel: channel.id,
    user: args.user,
    text: typeof args.text === 'string' ? args.text : '',
    blocks: Array.isArray(args.blocks) ? args.blocks : [],
    messageTs,
  });
  return ok({ message_ts: messageTs });
}

function update(ctx: ApiContext, args: Json): ApiResult {
  const channel = channelProblem(ctx, args.channel, true);
  if (typeof channel === 'string') return fail(channel);
  const message = ctx.workspace.messages.find((m) => m.channel === channel.id && m.ts === args.ts);
  if (!message) return fail('message_not_found');
  if (message.user !== ctx.botUserId) return fail('cant_update_message');
  const problem = checkMessage({ text: args.text ?? message.text, blocks: args.blocks ?? message.blocks });
  if (problem) return fail(problem.error);
  if (typeof args.text === 'string') message.text = args.text;
  if (Array.isArray(args.blocks)) message.blocks = args.blocks;
  message.edited = true;
  return ok({ channel: channel.id, ts: message.ts, text: message.text });
}

function history(ctx: ApiContext, args: Json): ApiResult {
  const channel = channelProblem(ctx, args.channel, false);
  if (typeof channel === 'string') return fail(channel);
  const limit = Math.min(Number(args.limit ?? 100) || 100, 999);
  const offset = Number(args.cursor ?? 0) || 0;
  const withMetadata = args.include_all_metadata === true || args.include_all_metadata === 'true';
  const inclusive = args.inclusive === true || args.inclusive === 'true';
  // ts values have a fixed shape (10 digits, a dot, 6 digits), so they compare as strings.
  const latest = typeof args.latest === 'string' ? args.latest : '9999999999.999999';
  // Thread replies live in conversations.replies, not in the channel's history.
  const newestFirst = ctx.workspace
    .channelMessages(channel.id)
    .filter((message) => message.threadTs === null || message.threadTs === message.ts)
    .filter((message) => (inclusive ? message.ts <= latest : message.ts < latest))
    .reverse();
  const page = newestFirst.slice(offset, offset + limit).map((message) => ({
    type: 'message',
    ts: message.ts,
    user: message.user,
    text: message.text,
    blocks: message.blocks,
    ...(message.botId ? { bot_id: message.botId } : {}),
    ...(message.threadTs ? { thread_ts: message.threadTs } : {}),
    ...(withMetadata && message.metadata ? { metadata: message.metadata } : {}),
  }));
  const more = offset + limit < newestFirst.length;
  return ok({
    messages: page,
    has_more: more,
    response_metadata: { next_cursor: more ? String(offset + limit) : '' },
  });
}

function conversationInfo(ctx: ApiContext, args: Json): ApiResult {
  const channel = typeof args.channel === 'string' ? ctx.workspace.channels.get(args.channel) : undefined;
  if (!channel) return fail('channel_not_found');
  return ok({
    channel: {
      id: channel.id,
      name: channel.name,
      creator: channel.creator,
      is_private: channel.isPrivate,
      is_archived: channel.isArchived,
      is_member: channel.isMember && channel.error !== 'not_in_channel',
    },
  });
}

function join(ctx: ApiContext, args: Json): ApiResult {
  const channel = typeof args.channel === 'string' ? ctx.workspace.channels.get(args.channel) : undefined;
  if (!channel) return fail('channel_not_found');
  if (channel.isArchived) return fail('is_archived');
  if (channel.isPrivate) return fail('method_not_supported_for_channel_type');
  channel.isMember = true;
  return ok({ channel: { id: channel.id, name: channel.name, is_member: true } });
}

function userInfo(ctx: ApiContext, args: Json): ApiResult {
  const user = typeof args.user === 'string' ? ctx.workspace.users.get(args.user) : undefined;
  if (!user) return fail('user_not_found');
  return ok({
    user: {
      id: user.id,
      name: user.name,
      real_name: user.realName,
      profile: { display_name: user.displayName, real_name: user.realName },
      team_id: ctx.workspace.teamId,
      is_admin: user.isAdmin,
      is_owner: user.isOwner,
      is_primary_owner: user.isPrimaryOwner,
      is_bot: user.isBot,
    },
  });
}

const botMethods: Record<string, (ctx: ApiContext, args: Json) => ApiResult> = {
  'auth.test': (ctx) =>
    ok({
      url: `https://${ctx.workspace.teamDomain}.slack.com/`,
      team: ctx.workspace.teamDomain,
      user: 'paperboy',
      team_id: ctx.workspace.teamId,
      user_id: ctx.botUserId,
      bot_id: ctx.botId,
    }),
  'chat.postMessage': postMessage,
  'chat.postEphemeral': postEphemeral,
  'chat.update': update,
  'conversations.history': history,
  'conversations.info': conversationInfo,
  'conversations.join': join,
  'users.info': userInfo,
};

export function callApi(ctx: ApiContext, method: string, args: Json, token: string | null): ApiResult {
  if (method === 'apps.connections.open') {
    return token === ctx.appToken ? ok({ url: ctx.socketUrl() }) : fail('invalid_auth');
  }
  const handler = botMethods[method];
  if (!handler) return fail('unknown_method');
  if (!token) return fail('not_authed');
  const team = ctx.teamOf(token);
  if (team === 'revoked') return fail('token_revoked');
  if (!team) return fail('invalid_auth');
  if (ctx.authError) return fail(ctx.authError);
  // Each token sees its own workspace only: another workspace's channel is `channel_not_found` to it.
  return handler(
    {
      ...ctx,
      botToken: token,
      workspace: team.workspace,
      botUserId: team.botUserId,
      botId: team.botId,
      lastPost: team.lastPost,
    },
    args,
  );
}
