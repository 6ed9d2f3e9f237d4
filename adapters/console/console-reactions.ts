/**
 * In the terminal a reaction is typed: `react m3` flags the paper of message 3 as you; `react 2` flags item
 * 2 of the last list shown (search, today, queue…); `react 2410.17243 as ada` flags a paper as if teammate
 * "ada" reacted to a link she shared; `unreact …` withdraws it. The answer always names the paper.
 */
import type { CommandService } from '../../commands/command-service';
import type { PaperListReply } from '../../src/chat/replies';
import { isPaperboyError } from '../../src/errors';
import { parsePaperReference } from '../../src/papers/arxiv-id';
import type { ChannelRef } from '../../src/records/channel';
import type { ReactionResult } from '../../src/records/discussion';
import { describeReaction } from './console-reaction-answers';
import { listItemNumbers } from './console-render';

export interface ConsoleMessages {
  /** Registers a message "posted by a user" and returns its id. */
  addUserMessage(text: string): Promise<string>;
  /** Whether this process posted the message (an earlier run's ids are known only to the store). */
  has(messageId: string): boolean;
}

export interface ConsoleReactionOptions {
  channel: ChannelRef;
  /** The channel's current flag emoji, the default for `react`. */
  flagEmoji: () => Promise<string>;
  messages: ConsoleMessages;
  commands: CommandService;
  /** The last list shown: what `react 2` points into. */
  lastList: () => PaperListReply | null;
}

const syntax = 'react <message like m3, a number of the last list, or a paper id or URL> [emoji] [as <name>]';

/** The person at the terminal, for commands and typed reactions alike (`as ada` stands in for a teammate). */
export const consoleUser = { id: 'console:you', name: 'you' };
const userIdFor = (name: string) => (name === consoleUser.name ? consoleUser.id : `console:${name}`);

/** What a reaction's target is: a message to react on, or a refusal to print. */
type Target = { messageId: string; shownAs: string; hint?: string } | { refused: string };

/**
 * A reaction that could not be recorded, in one line: a paper paperboy has not stored is asked of Hugging
 * Face, and what it answered (or did not) is said in words, not as the source's own error text.
 */
function notRecorded(error: unknown, target: string): string {
  const code = isPaperboyError(error) ? error.code : null;
  if (code === 'source_bad_response')
    return `✖ Nothing was recorded: paperboy has not stored ${target}, and Hugging Face answered with something that is not a paper. Try again later, or react on a paper shown here.`;
  if (code === 'source_unavailable')
    return `✖ Nothing was recorded: paperboy has not stored ${target}, and Hugging Face could not be reached. Try again in a minute.`;
  if (code === 'not_found' || code === 'config_invalid' || code === 'invalid_input')
    return `✖ Nothing was recorded: ${(error as Error).message}`;
  const reason = error instanceof Error ? error.message : String(error);
  return `✖ The reaction was not recorded: ${reason}`;
}

/** Reads typed reactions; null from `handle` when the line is not one. */
export function createConsoleReactions(options: ConsoleReactionOptions) {
  // One "shared link" message per paper and person: reacting and unreacting on a paper id meet on it.
  const shared = new Map<string, string>();

  async function linkMessage(paperId: string, user: string): Promise<string> {
    const key = `${user}\u0000${paperId}`;
    let messageId = shared.get(key);
    if (!messageId) {
      messageId = await options.messages.addUserMessage(
        `${user} shared https://huggingface.co/papers/${paperId}`,
      );
      shared.set(key, messageId);
    }
    return messageId;
  }

  async function resolve(target: string, user: string): Promise<Target> {
    if (/^\d+$/.test(target)) return listItem(Number(target), user);
    if (/^m\d+$/i.test(target)) {
      const messageId = target.toLowerCase();
      return { messageId, shownAs: messageId, ...messageHint(messageId) };
    }
    const paperId = parsePaperReference(target);
    if (!paperId) {
      return {
        refused: `✖ "${target}" is neither a message (m1, m2, …), a number of the last list, nor a paper id or URL. Usage: ${syntax}`,
      };
    }
    return { messageId: await linkMessage(paperId, user), shownAs: paperId };
  }

  async function listItem(number: number, user: string): Promise<Target> {
    const list = options.lastList();
    if (!list) {
      return {
        refused: `✖ \`react ${number}\` flags item ${number} of the last list (search, today, queue, …), and no list is shown yet: react on a message like m3, or on a paper id.`,
      };
    }
    const numbers = listItemNumbers(list);
    const index = numbers.indexOf(number);
    const card = list.cards[index];
    if (!card) {
      const shown =
        numbers.length === 0
          ? 'has no papers'
          : numbers.length === 1
            ? `shows one paper: react 1${numbers[0] === 1 ? '' : ` or ${numbers[0]}`}`
            : `shows items ${numbers[0]}–${numbers.at(-1)}`;
      return { refused: `✖ The last list ${shown}; there is no item ${number}.` };
    }
    return { messageId: await linkMessage(card.id, user), shownAs: `item ${number}` };
  }

  /** `react m2` typed after a list, where the list has an item 2, most likely meant the list. */
  function messageHint(messageId: string): { hint?: string } {
    const list = options.lastList();
    const number = Number(messageId.slice(1));
    if (!list || !listItemNumbers(list).includes(number)) return {};
    return {
      hint: `${messageId} is a message, not item ${number} of the last list: \`react ${number}\` flags that item.`,
    };
  }

  async function handle(line: string): Promise<string | null> {
    const match = /^(react|unreact)\b\s*(.*)$/i.exec(line);
    if (!match) return null;
    const action = match[1]?.toLowerCase() === 'react' ? 'added' : 'removed';
    const words = (match[2] ?? '').split(/\s+/).filter(Boolean);
    const asIndex = words.findIndex((word) => word.toLowerCase() === 'as');
    const user = asIndex >= 0 ? (words[asIndex + 1] ?? '') : consoleUser.name;
    const flag = await options.flagEmoji();
    const [target, emoji = flag] = asIndex >= 0 ? words.slice(0, asIndex) : words;
    if (!target || !user) return `✖ Usage: ${syntax}`;
    const resolved = await resolve(target, user);
    if ('refused' in resolved) return resolved.refused;
    let result: ReactionResult;
    try {
      result = await options.commands.react({
        channel: options.channel,
        messageId: resolved.messageId,
        userId: userIdFor(user),
        userName: user,
        emoji,
        action,
      });
    } catch (error) {
      return notRecorded(error, resolved.shownAs);
    }
    const answer = describeReaction(result, {
      emoji,
      target: resolved.shownAs,
      user,
      flagEmoji: flag,
      earlierRun: !options.messages.has(resolved.messageId),
    });
    return resolved.hint ? `${answer}\n   (${resolved.hint})` : answer;
  }

  return { handle };
}
