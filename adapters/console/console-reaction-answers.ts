/**
 * What a typed reaction did, in words: a terminal shows no emoji under a message, so the answer names the
 * paper the reaction landed on (a wrong id would otherwise flag the wrong paper unnoticed), its flags and
 * its thread, and says so when nothing changed.
 */
import type { ReactionResult } from '../../src/records/discussion';
import { truncateAtWord } from '../../src/text/truncate';

export interface ReactionAnswerContext {
  emoji: string;
  /** What the user typed, as the answer may repeat it: `m3`, `item 2` or a paper id. */
  target: string;
  user: string;
  flagEmoji: string;
  /** The message is not one this process posted (an id from an earlier run, or a mistyped one). */
  earlierRun: boolean;
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** `2410.16251 — Can Knowledge Editing Really Correct Hallucinations?` */
function paperLabel(result: ReactionResult, fallback: string): string {
  if (!result.paper) return fallback;
  const { id, title } = result.paper;
  return title ? `${id} — ${truncateAtWord(title, 80)}` : id;
}

/** `(2 flags; thread on m3)` after a flag: where the discussion is and how many want it. */
function flagDetails(result: ReactionResult): string {
  const item = result.item;
  if (!item) return '';
  const parts = [
    item.flags.length > 1 ? plural(item.flags.length, 'flag') : null,
    item.threadId ? `thread on ${item.threadId}` : null,
  ].filter(Boolean);
  return parts.length ? ` (${parts.join('; ')})` : '';
}

/** What is left of the queue entry after a flag is withdrawn. */
function afterWithdrawal(result: ReactionResult): string {
  const left = result.item?.flags.length ?? 0;
  if (left === 0) return 'it has left the queue';
  return `${plural(left, 'other flag')} ${left === 1 ? 'keeps' : 'keep'} it on the queue`;
}

export function describeReaction(result: ReactionResult, context: ReactionAnswerContext): string {
  const { emoji, target, user, flagEmoji } = context;
  const you = user === 'you';
  const who = you ? 'You' : user;
  const as = you ? '' : ` as ${user}`;
  const paper = paperLabel(result, target);
  switch (result.outcome) {
    case 'flagged':
      return `Flagged ${paper} for discussion${as}${flagDetails(result)}.`;
    case 'withdrawn':
      return `Withdrew ${you ? 'your' : `${user}'s`} flag on ${paper}; ${afterWithdrawal(result)}.`;
    case 'already_flagged':
      return `${who} already flagged ${paper}${flagDetails(result)}; nothing changed.`;
    case 'not_flagged':
      return `✖ ${who} had not flagged ${paper}; nothing to remove.`;
    case 'not_a_paper':
      return context.earlierRun
        ? `✖ ${target} is not a message paperboy knows: it was not posted by this run, and no digest post or flagged paper of an earlier run has that id. React on the paper id instead (as shown in [brackets]).`
        : `✖ ${target} is not about one paper (a digest header or a list): react on a paper card, or on a paper id or URL.`;
    case 'not_the_flag_emoji':
      return `Reacted ${emoji} on ${target}; only ${flagEmoji} flags a paper for discussion here.`;
    case 'replayed':
      return `${target}: that reaction was already counted.`;
    case 'disliked':
      return `Reacted ${emoji} on ${paper}${as}: the team ranking takes it as not for this channel.`;
    case 'already_disliked':
      return `${who} already reacted ${emoji} on ${paper}; nothing changed.`;
    case 'dislike_withdrawn':
      return `Removed the reaction ${emoji} on ${paper}${as}; the team ranking forgets it.`;
    case 'not_disliked':
      return `✖ ${who} had not reacted ${emoji} on ${paper}; nothing to remove.`;
  }
}
