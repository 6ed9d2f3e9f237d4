/**
 * The outbound half of the Slack adapter: posts the digest through chat.postMessage, paced per channel,
 * waiting out 429s for as long as Slack's `Retry-After` says, and tagging each paper with its delivery key
 * in the message metadata so `findPosted` can find it again after a crash. Keyed posts go through a client
 * that never retries by itself; the port retries them only after history shows they did not go out.
 */
import type { webApi } from '@slack/bolt';
import type { ChatPort, PostedMessage } from '../../src/chat/chat-port';
import type { DigestHeader, PaperCard } from '../../src/chat/replies';
import type { Logger } from '../../src/logging/logger';
import type { ChannelRef } from '../../src/records/channel';
import { retryAfterSeconds, slackErrorCode, toDeliveryError } from './slack-errors';
import { type KeyedPostPolicy, postOnce } from './slack-keyed-post';
import type { Pacer, Sleep } from './slack-pacer';
import { renderDigestHeader, renderPaper, type SlackMessage, textSections } from './slack-render';
import { fitEscaped } from './slack-text';
import type { SlackWorkspace, SlackWorkspaces } from './slack-workspaces';

/**
 * Channels posted at once. The pacer holds each channel to about one message a second; chat.postMessage
 * also has a workspace-wide limit Slack puts at "several hundred messages per minute", so ten channels at
 * ~1/s (≈ 550–600 a minute) is the most that stays under it. Over it, the 429's `Retry-After` is waited out.
 */
export const slackConcurrentChannels = 10;

/** The metadata event type paperboy's posts carry; the payload is `{ key }`. */
export const deliveryEventType = 'paperboy_delivery';

export interface SlackPortOptions {
  /**
   * Each channel's clients and bot identity, by its workspace. The keyed client sends keyed posts; it must
   * not retry on its own (`retryConfig: { retries: 0 }`), or a lost answer doubles.
   */
  workspaces: SlackWorkspaces;
  keyedPosts: KeyedPostPolicy;
  pacer: Pacer;
  sleep: Sleep;
  log: Logger;
  /** Told each time a call is sent again (after a 429, or a keyed post after a failure). */
  onRetry?: () => void;
  /** How many 429s in a row one call waits out before giving up as 'transient'. */
  maxRateLimitWaits: number;
  /** conversations.history pages (200 messages each) searched by findPosted. */
  historyPages: number;
}

interface HistoryMessage {
  ts?: string;
  bot_id?: string;
  metadata?: { event_type?: string; event_payload?: Record<string, unknown> };
}

export function createSlackPort(options: SlackPortOptions): ChatPort {
  const { log } = options;

  /** The channel's workspace: its clients and identity (a missing installation fails as a delivery error). */
  async function workspaceOf(channel: ChannelRef): Promise<SlackWorkspace> {
    try {
      return await options.workspaces.get(channel.workspaceId);
    } catch (error) {
      log.warn(
        { channel: channel.channelId, team: channel.workspaceId, err: error },
        'no slack token for the workspace',
      );
      throw toDeliveryError(error, 'authorization');
    }
  }

  /** Runs one Web API call, sleeping through rate limits; failures become DeliveryErrors. */
  async function call<T>(action: string, channel: ChannelRef, run: () => Promise<T>): Promise<T> {
    for (let waits = 0; ; waits += 1) {
      try {
        return await run();
      } catch (error) {
        const retryAfter = retryAfterSeconds(error);
        if (retryAfter !== null && waits < options.maxRateLimitWaits) {
          log.warn({ channel: channel.channelId, retryAfter }, `slack ${action} rate limited; waiting`);
          await options.sleep(Math.max(1, retryAfter) * 1_000);
          options.onRetry?.();
          continue;
        }
        log.warn({ channel: channel.channelId, slackError: slackErrorCode(error) }, `slack ${action} failed`);
        throw toDeliveryError(error, action);
      }
    }
  }

  const permalink = (workspace: SlackWorkspace, channelId: string, ts: string): string | null => {
    const base = workspace.identity.teamUrl;
    return base ? `${base.replace(/\/?$/, '/')}archives/${channelId}/p${ts.replace('.', '')}` : null;
  };

  async function post(
    channel: ChannelRef,
    message: SlackMessage,
    extra: { deliveryKey?: string; threadTs?: string } = {},
  ): Promise<PostedMessage> {
    const { deliveryKey, threadTs } = extra;
    const workspace = await workspaceOf(channel);
    const args = {
      channel: channel.channelId,
      text: message.text,
      blocks: message.blocks,
      unfurl_links: false,
      unfurl_media: false,
      ...(threadTs ? { thread_ts: threadTs } : {}),
      ...(deliveryKey
        ? { metadata: { event_type: deliveryEventType, event_payload: { key: deliveryKey } } }
        : {}),
    };
    const send = (via: webApi.WebClient) => async (): Promise<PostedMessage> => {
      const result = await call('chat.postMessage', channel, () => via.chat.postMessage(args));
      const ts = result.ts;
      if (!ts) throw toDeliveryError(new Error('chat.postMessage returned no ts'), 'chat.postMessage');
      return { messageId: ts, url: permalink(workspace, channel.channelId, ts) };
    };
    return await options.pacer.run(channel.channelId, () =>
      deliveryKey
        ? postOnce(options.keyedPosts, options, {
            key: deliveryKey,
            channelId: channel.channelId,
            send: send(workspace.keyedClient),
            lookup: () => findPosted(channel, deliveryKey),
          })
        : send(workspace.client)(),
    );
  }

  async function findPosted(channel: ChannelRef, deliveryKey: string): Promise<PostedMessage | null> {
    const workspace = await workspaceOf(channel);
    const { client } = workspace;
    const { botId } = workspace.identity;
    let cursor: string | undefined;
    for (let page = 0; page < options.historyPages; page += 1) {
      const result = await call('conversations.history', channel, () =>
        client.conversations.history({
          channel: channel.channelId,
          limit: 200,
          include_all_metadata: true,
          ...(cursor ? { cursor } : {}),
        }),
      );
      const messages = (result.messages ?? []) as HistoryMessage[];
      const found = messages.find(
        (message) =>
          message.metadata?.event_type === deliveryEventType &&
          message.metadata.event_payload?.key === deliveryKey &&
          (botId === null || message.bot_id === undefined || message.bot_id === botId),
      );
      if (found?.ts) return { messageId: found.ts, url: permalink(workspace, channel.channelId, found.ts) };
      cursor = result.response_metadata?.next_cursor || undefined;
      if (!cursor) break;
    }
    return null;
  }

  async function readMessage(channel: ChannelRef, messageId: string) {
    const { client } = await workspaceOf(channel);
    const result = await call('conversations.history', channel, () =>
      client.conversations.history({
        channel: channel.channelId,
        latest: messageId,
        inclusive: true,
        limit: 1,
      }),
    );
    const message = (result.messages ?? []).find((candidate) => candidate.ts === messageId);
    if (!message) return null;
    return { text: message.text ?? '', authorId: message.user ?? message.bot_id ?? '' };
  }

  const plainText = (text: string): SlackMessage => ({
    text: fitEscaped(text, 2_000),
    blocks: textSections(text),
  });

  return {
    platform: 'slack',
    concurrentChannels: slackConcurrentChannels,
    interactive: true,
    postDigestHeader: (channel: ChannelRef, header: DigestHeader, deliveryKey: string) =>
      post(channel, renderDigestHeader(header), { deliveryKey }),
    postPaper: (channel: ChannelRef, card: PaperCard, deliveryKey: string) =>
      post(channel, renderPaper(card), { deliveryKey }),
    postText: (channel: ChannelRef, text: string) => post(channel, plainText(text)),
    findPosted,
    // A Slack thread is the message's own reply chain: its id is the parent's ts, and it has no title.
    startThread: async (channel: ChannelRef, messageId: string) => ({
      threadId: messageId,
      url: permalink(await workspaceOf(channel), channel.channelId, messageId),
    }),
    postInThread: (channel: ChannelRef, threadId: string, text: string) =>
      post(channel, plainText(text), { threadTs: threadId }),
    readMessage,
  };
}
