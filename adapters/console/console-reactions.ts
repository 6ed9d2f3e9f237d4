/**
 * In the terminal a reaction is typed: `react m3` flags the paper of message 3 as you; `react 2410.17243
 * as ada` flags a paper as if teammate "ada" reacted to a link she shared; `unreact …` withdraws it.
 */
import type { CommandService } from '../../commands/command-service';
import { parsePaperReference } from '../../src/papers/arxiv-id';
import type { ChannelRef } from '../../src/records/channel';
import type { ReactionOutcome } from '../../src/records/discussion';

export interface ConsoleMessages {
  /** Registers a message "posted by a user" and returns its id. */
  addUserMessage(text: string): string;
  has(messageId: string): boolean;
}

const syntax = 'react <message like m3, or a paper id or URL> [emoji] [as <name>]';

/** The person at the terminal, for commands and typed reactions alike (`as ada` stands in for a teammate). */
export const consoleUser = { id: 'console:you', name: 'you' };
const userIdFor = (name: string) => (name === consoleUser.name ? consoleUser.id : `console:${name}`);

/** Null when the line is not a reaction; otherwise the text to print. */
export async function handleReactionLine(
  line: string,
  channel: ChannelRef,
  flagEmoji: () => Promise<string>,
  messages: ConsoleMessages,
  commands: CommandService,
): Promise<string | null> {
  const match = /^(react|unreact)\b\s*(.*)$/i.exec(line);
  if (!match) return null;
  const action = match[1]?.toLowerCase() === 'react' ? 'added' : 'removed';
  const words = (match[2] ?? '').split(/\s+/).filter(Boolean);
  const asIndex = words.findIndex((word) => word.toLowerCase() === 'as');
  const user = asIndex >= 0 ? (words[asIndex + 1] ?? '') : consoleUser.name;
  const flag = await flagEmoji();
  const [target, emoji = flag] = asIndex >= 0 ? words.slice(0, asIndex) : words;
  if (!target || !user) return `✖ Usage: ${syntax}`;
  let messageId = target;
  if (!messages.has(target)) {
    const paperId = parsePaperReference(target);
    if (!paperId)
      return `✖ "${target}" is neither a message here (m1, m2, …) nor a paper id or URL. Usage: ${syntax}`;
    messageId = messages.addUserMessage(`${user} shared https://huggingface.co/papers/${paperId}`);
  }
  const outcome = await commands.react({
    channel,
    messageId,
    userId: userIdFor(user),
    userName: user,
    emoji,
    action,
  });
  return describeOutcome(outcome, { emoji, messageId, user, flagEmoji: flag });
}

/** A typed reaction has no emoji to see on screen: say what it did, including nothing. */
function describeOutcome(
  outcome: ReactionOutcome,
  {
    emoji,
    messageId,
    user,
    flagEmoji,
  }: { emoji: string; messageId: string; user: string; flagEmoji: string },
): string {
  switch (outcome) {
    case 'flagged':
      return `Reacted ${emoji} on ${messageId} as ${user}.`;
    case 'withdrawn':
      return `Removed the reaction ${emoji} on ${messageId} as ${user}.`;
    case 'already_flagged':
      return `${user} already flagged ${messageId}; nothing changed.`;
    case 'not_flagged':
      return `✖ ${user} had not flagged ${messageId}; nothing to remove.`;
    case 'not_a_paper':
      return `✖ ${messageId} is not about one paper (a digest header or a list): react on a paper card, or on a paper id or URL.`;
    case 'not_the_flag_emoji':
      return `Reacted ${emoji} on ${messageId}; only ${flagEmoji} flags a paper for discussion here.`;
    case 'replayed':
      return `${messageId}: that reaction was already counted.`;
    case 'disliked':
      return `Reacted ${emoji} on ${messageId} as ${user}: the team ranking takes it as not for this channel.`;
    case 'already_disliked':
      return `${user} already reacted ${emoji} on ${messageId}; nothing changed.`;
    case 'dislike_withdrawn':
      return `Removed the reaction ${emoji} on ${messageId} as ${user}; the team ranking forgets it.`;
    case 'not_disliked':
      return `✖ ${user} had not reacted ${emoji} on ${messageId}; nothing to remove.`;
  }
}
