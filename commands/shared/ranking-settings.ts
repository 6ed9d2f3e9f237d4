/** The team-ranking part of `/papers settings`: its options, and how the channel's digest is ordered now. */
import { z } from 'zod';
import { looksLikeEmoji } from '../../src/discussion/emoji';
import type { RankingStatus } from '../../src/ranking/team-ranking';
import type { ChannelSettings } from '../../src/records/discussion';

export const rankingOption = z
  .string()
  .trim()
  .toLowerCase()
  .refine((value) => value === 'team' || value === 'upvotes', {
    error: (issue) =>
      `ranking "${String(issue.input)}" is not a ranking; use team (learn from this channel's flags) or upvotes`,
  })
  .transform((value) => value as ChannelSettings['ranking']);

export const dislikeEmojiOption = z
  .string()
  .trim()
  .refine(
    (value) => value.toLowerCase() === 'off' || looksLikeEmoji(value),
    'dislike_emoji must be one emoji, e.g. 👎 or :-1:, or off',
  )
  .transform((value) => (value.toLowerCase() === 'off' ? null : value));

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** How the channel's digest source orders papers itself (`DigestSourceDefinition.order`). */
export interface SourceOrder {
  before: string;
  teamRanked: boolean;
}

export function describeRanking(
  status: RankingStatus,
  settings: ChannelSettings,
  prefix: string,
  source: SourceOrder,
): string {
  const { flagged, disliked, ignored } = status.counts;
  let order: string;
  if (!source.teamRanked) {
    order = `Digest order: ${source.before} (the team ranking does not reorder this source)`;
  } else if (status.setting === 'upvotes') {
    order = `Digest order: ${source.before} (team ranking off; \`${prefix} settings ranking=team\` turns it on)`;
  } else if (!status.active) {
    order = `Digest order: ${source.before} until this channel has flagged ${status.minFlags} papers (${flagged} so far), then by its own interests (team ranking)`;
  } else {
    const share = Math.round(status.modelShare * 100);
    order =
      `Digest order: team ranking, learned from ${plural(flagged, 'flagged paper')}, ${plural(disliked, 'dislike')} and ` +
      `${plural(ignored, 'post')} nobody flagged; ${share}% this channel's interests, ${100 - share}% upvotes ` +
      `(\`${prefix} settings ranking=upvotes\` switches it off)`;
  }
  const dislike = settings.dislikeEmoji
    ? `React ${settings.dislikeEmoji} on a paper that is not for this channel: the ranking learns from it (dislike_emoji=off ignores it)`
    : 'Dislike reaction: off';
  return `${order}\n${dislike}`;
}
