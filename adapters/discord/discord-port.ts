/**
 * The outbound half of the Discord adapter: posts digest headers, papers and notices into channels over REST.
 * Digest posts carry their delivery key as an enforced nonce and in small print, so a crash between "sent"
 * and "recorded" is reconciled by `findPosted` instead of posting twice.
 */
import {
  type APIChannel,
  type APIMessage,
  DiscordAPIError,
  type REST,
  RESTJSONErrorCodes,
  Routes,
} from 'discord.js';
import type { ChatPort, PostedMessage } from '../../src/chat/chat-port';
import { DeliveryError } from '../../src/errors';
import type { ChannelRef } from '../../src/records/channel';
import { type DiscordMessageBody, NO_MENTIONS } from './discord-body';
import { carriesDeliveryKey, nonceFor } from './discord-delivery-ref';
import { toDeliveryError } from './discord-errors';
import { discordConcurrentChannels } from './discord-rate-limits';
import { renderDigestHeader, renderPaper } from './discord-render-paper';
import { fitContent } from './discord-render-reply';
import { escapeKeepingCode, oneLine, truncate } from './discord-text';

export interface DiscordPortDeps {
  rest: REST;
  /** The bot's user id once logged in; `findPosted` only trusts the bot's own messages. */
  botUserId: () => string | null;
  /** False before start and after stop: failures then are transient, never a reason to pause a channel. */
  isOpen: () => boolean;
  /** How many recent messages `findPosted` looks through (Discord allows 100 per request). */
  historyLimit?: number;
}

const WEB = 'https://discord.com/channels';
const messageUrl = (channel: ChannelRef, messageId: string, inChannel = channel.channelId) =>
  `${WEB}/${channel.workspaceId}/${inChannel}/${messageId}`;

const textBody = (text: string): DiscordMessageBody => ({
  content: fitContent(escapeKeepingCode(text)),
  embeds: [],
  components: [],
});

const isCode = (error: unknown, code: number) => error instanceof DiscordAPIError && error.code === code;

/** What a reader sees of a message: its text plus the titles and links of its embeds. */
const visibleText = (message: APIMessage) =>
  [message.content, ...message.embeds.flatMap((embed) => [embed.title, embed.description, embed.url])]
    .filter((part): part is string => Boolean(part))
    .join('\n');

export function createDiscordPort(deps: DiscordPortDeps): ChatPort {
  // A stopped client forgets its token, which would otherwise read as "unauthorized".
  const fail = (error: unknown, action: string) =>
    deps.isOpen()
      ? toDeliveryError(error, action)
      : new DeliveryError('transient', `Discord ${action} failed: the adapter is not connected`, {
          cause: error,
        });
  const historyLimit = Math.min(100, Math.max(1, deps.historyLimit ?? 100));

  async function post(
    channel: ChannelRef,
    body: DiscordMessageBody,
    deliveryKey?: string,
    target = channel.channelId,
  ): Promise<PostedMessage> {
    const payload = {
      ...body,
      allowed_mentions: NO_MENTIONS,
      ...(deliveryKey ? { nonce: nonceFor(deliveryKey), enforce_nonce: true } : {}),
    };
    try {
      const message = (await deps.rest.post(Routes.channelMessages(target), { body: payload })) as APIMessage;
      return { messageId: message.id, url: messageUrl(channel, message.id, target) };
    } catch (error) {
      throw fail(error, `post to channel ${target}`);
    }
  }

  return {
    platform: 'discord',
    concurrentChannels: discordConcurrentChannels,
    interactive: true,
    postDigestHeader: (channel, header, deliveryKey) =>
      post(channel, renderDigestHeader(header, deliveryKey), deliveryKey),
    postPaper: (channel, card, deliveryKey) => post(channel, renderPaper(card, deliveryKey), deliveryKey),
    postText: (channel, text) => post(channel, textBody(text)),
    async findPosted(channel, deliveryKey) {
      const botUserId = deps.botUserId();
      if (!botUserId) throw new DeliveryError('transient', 'Discord adapter is not logged in yet');
      let messages: APIMessage[];
      try {
        const query = new URLSearchParams({ limit: String(historyLimit) });
        messages = (await deps.rest.get(Routes.channelMessages(channel.channelId), {
          query,
        })) as APIMessage[];
      } catch (error) {
        throw fail(error, `history of channel ${channel.channelId}`);
      }
      const found = messages.find((message) => carriesDeliveryKey(message, deliveryKey, botUserId));
      return found ? { messageId: found.id, url: messageUrl(channel, found.id) } : null;
    },
    async startThread(channel, messageId, title) {
      const body = { name: truncate(oneLine(title), 100) || 'Discussion', auto_archive_duration: 1440 };
      try {
        const thread = (await deps.rest.post(Routes.threads(channel.channelId, messageId), {
          body,
        })) as APIChannel;
        return { threadId: thread.id, url: `${WEB}/${channel.workspaceId}/${thread.id}` };
      } catch (error) {
        // A thread started from a message has the message's id: an existing one is reused.
        if (isCode(error, RESTJSONErrorCodes.ThreadAlreadyCreatedForMessage)) {
          return { threadId: messageId, url: `${WEB}/${channel.workspaceId}/${messageId}` };
        }
        throw fail(error, `thread on message ${messageId}`);
      }
    },
    postInThread: (channel, threadId, text) => post(channel, textBody(text), undefined, threadId),
    /**
     * Without the privileged Message Content intent Discord blanks the content of other people's messages
     * (REST included) unless they mention the bot; see `messageContent` in the adapter options.
     */
    async readMessage(channel, messageId) {
      try {
        const message = (await deps.rest.get(
          Routes.channelMessage(channel.channelId, messageId),
        )) as APIMessage;
        return { text: visibleText(message), authorId: message.author.id };
      } catch (error) {
        if (
          isCode(error, RESTJSONErrorCodes.UnknownMessage) ||
          isCode(error, RESTJSONErrorCodes.UnknownChannel)
        ) {
          return null;
        }
        throw fail(error, `read message ${messageId}`);
      }
    },
  };
}
