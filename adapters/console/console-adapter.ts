/**
 * The console adapter: the terminal is one channel (`console/local/terminal`). It posts digests as text
 * and reads `/papers …` lines from a prompt, so the whole bot runs with no chat account. Every message
 * gets a short id (m1, m2, …) that `react` can point at, numbered by the store for the life of the
 * database: digest posts and threads are stored under these ids, so a restart must not count from m1 again.
 */
import type { Writable } from 'node:stream';
import type { ChatAdapter } from '../../src/chat/chat-adapter';
import type { ChatPort, PostedMessage } from '../../src/chat/chat-port';
import type { ChannelRef } from '../../src/records/channel';
import type { ConsoleMessages } from './console-reactions';
import { renderCard, renderHeader, type Style } from './console-render';

export const consoleChannel: ChannelRef = {
  platform: 'console',
  workspaceId: 'local',
  channelId: 'terminal',
};

export interface ConsoleAdapterOptions {
  output: Writable;
  style: Style;
  /** The terminal's next message number, never handed out before on this database (the store's count). */
  nextMessageNumber: () => Promise<number>;
}

export type ConsolePort = ChatPort & ConsoleMessages;

export function createConsolePort(options: ConsoleAdapterOptions): ConsolePort {
  const byKey = new Map<string, PostedMessage>();
  const texts = new Map<string, string>();
  const nextId = async () => `m${await options.nextMessageNumber()}`;
  const write = async (render: (id: string) => string, key?: string): Promise<PostedMessage> => {
    const message = { messageId: await nextId(), url: null };
    const text = render(message.messageId);
    options.output.write(`${text}\n`);
    texts.set(message.messageId, text);
    if (key) byKey.set(key, message);
    return message;
  };
  return {
    platform: 'console',
    interactive: true,
    async postDigestHeader(_channel, header, key) {
      return write(() => renderHeader(header, options.style), key);
    },
    async postPaper(_channel, card, key) {
      return write(
        (id) =>
          `${renderCard(card, options.style)}\n   ${options.style.dim(`[${id}] react ${id} to flag it`)}\n`,
        key,
      );
    },
    async postText(_channel, text) {
      return write(() => text);
    },
    // The terminal has no history to search: only posts of this process can be found.
    async findPosted(_channel, key) {
      return byKey.get(key) ?? null;
    },
    async startThread(_channel, messageId, title) {
      await write(() => `🧵 Thread on ${messageId}: ${title}`);
      return { threadId: messageId, url: null };
    },
    async postInThread(_channel, threadId, text) {
      return write(() => `   ↳ [thread ${threadId}] ${text}`);
    },
    async readMessage(_channel, messageId) {
      const text = texts.get(messageId);
      return text === undefined ? null : { text, authorId: 'console' };
    },
    async addUserMessage(text) {
      const id = await nextId();
      texts.set(id, text);
      return id;
    },
    has: (messageId) => texts.has(messageId),
  };
}

export function createConsoleAdapter(options: ConsoleAdapterOptions): ChatAdapter & { port: ConsolePort } {
  const port = createConsolePort(options);
  return { port, start: async () => {}, stop: async () => {}, connected: () => true };
}
