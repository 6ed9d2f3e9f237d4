/**
 * In the terminal a reaction is typed: `react m3` flags the paper of message 3 as you; `react 2410.17243
 * as ada` flags a paper as if teammate "ada" reacted to a link she shared; `unreact …` withdraws it.
 */
import type { CommandService } from '../../commands/command-service';
import type { ChannelRef } from '../../src/chat/chat-port';
import { parsePaperReference } from '../../src/papers/arxiv-id';

export interface ConsoleMessages {
  /** Registers a message "posted by a user" and returns its id. */
  addUserMessage(text: string): string;
  has(messageId: string): boolean;
}

const syntax = 'react <message like m3, or a paper id or URL> [emoji] [as <name>]';

/** Null when the line is not a reaction; otherwise the text to print. */
export async function handleReactionLine(
  line: string,
  channel: ChannelRef,
  flagEmoji: () => string,
  messages: ConsoleMessages,
  commands: CommandService,
): Promise<string | null> {
  const match = /^(react|unreact)\b\s*(.*)$/i.exec(line);
  if (!match) return null;
  const action = match[1]?.toLowerCase() === 'react' ? 'added' : 'removed';
  const words = (match[2] ?? '').split(/\s+/).filter(Boolean);
  const asIndex = words.findIndex((word) => word.toLowerCase() === 'as');
  const user = asIndex >= 0 ? (words[asIndex + 1] ?? '') : 'you';
  const [target, emoji = flagEmoji()] = asIndex >= 0 ? words.slice(0, asIndex) : words;
  if (!target || !user) return `✖ Usage: ${syntax}`;
  let messageId = target;
  if (!messages.has(target)) {
    const paperId = parsePaperReference(target);
    if (!paperId)
      return `✖ "${target}" is neither a message here (m1, m2, …) nor a paper id or URL. Usage: ${syntax}`;
    messageId = messages.addUserMessage(`${user} shared https://huggingface.co/papers/${paperId}`);
  }
  await commands.react({ channel, messageId, userId: `console:${user}`, userName: user, emoji, action });
  return `${action === 'added' ? 'Reacted' : 'Removed the reaction'} ${emoji} on ${messageId} as ${user}.`;
}
