/**
 * The console adapter: the terminal is one channel (`console/local/terminal`). It posts digests as text
 * and reads `/papers …` lines from a prompt, so the whole bot runs with no chat account.
 */
import type { Writable } from 'node:stream';
import type { ChatAdapter } from '../../src/chat/chat-adapter';
import type { ChannelRef, ChatPort, PostedMessage } from '../../src/chat/chat-port';
import { renderCard, renderHeader, type Style } from './console-render';

export const consoleChannel: ChannelRef = {
  platform: 'console',
  workspaceId: 'local',
  channelId: 'terminal',
};

export interface ConsoleAdapterOptions {
  output: Writable;
  style: Style;
}

export function createConsolePort(
  options: ConsoleAdapterOptions,
): ChatPort & { posted: Map<string, PostedMessage> } {
  const posted = new Map<string, PostedMessage>();
  const texts = new Map<string, string>();
  let sequence = 0;
  const write = (text: string, key?: string): PostedMessage => {
    options.output.write(`${text}\n`);
    const message = { messageId: `m${++sequence}`, url: null };
    texts.set(message.messageId, text);
    if (key) posted.set(key, message);
    return message;
  };
  return {
    platform: 'console',
    posted,
    async postDigestHeader(_channel, header, key) {
      return write(renderHeader(header, options.style), key);
    },
    async postPaper(_channel, card, key) {
      return write(
        `${renderCard(card, options.style)}\n   ${options.style.dim(`message ${sequence + 1}`)}`,
        key,
      );
    },
    async postText(_channel, text) {
      return write(text);
    },
    // The terminal has no history to search: only posts of this process can be found.
    async findPosted(_channel, key) {
      return posted.get(key) ?? null;
    },
    async startThread(_channel, messageId, title) {
      write(`🧵 ${title} (thread on message ${messageId})`);
      return { threadId: messageId, url: null };
    },
    async postInThread(_channel, threadId, text) {
      return write(`   ↳ [thread ${threadId}] ${text}`);
    },
    async readMessage(_channel, messageId) {
      const text = texts.get(messageId);
      return text === undefined ? null : { text, authorId: 'paperboy' };
    },
  };
}

export function createConsoleAdapter(options: ConsoleAdapterOptions): ChatAdapter {
  const port = createConsolePort(options);
  return { port, start: async () => {}, stop: async () => {} };
}
