/** What `subscribe` and `settings` both say about a channel's digest, and the managers-only check. */
import { describeSchedule } from '../../src/digest/schedule';
import { PaperboyError } from '../../src/errors';
import type { DigestSettings } from '../../src/records/subscription';
import type { CommandContext } from '../command-context';

export function requireManager(context: CommandContext, action: string) {
  if (!context.canManageChannel) {
    throw new PaperboyError(
      'forbidden',
      `Only ${context.manageChannelRequirement} can ${action} this channel.`,
    );
  }
}

const sourceLines = {
  daily: "Source: the day's Daily Papers batch (source=trending posts Hugging Face's trending list instead)",
  trending:
    "Source: Hugging Face's trending list, papers not posted here before (source=daily posts the day's batch instead)",
} as const;

const sourceLine = (settings: DigestSettings) =>
  settings.source === 'arxiv'
    ? `Source: arXiv's newest mailing in ${(settings.categories ?? []).join(', ')}, new papers and cross-lists (source=daily posts Hugging Face's Daily Papers instead)`
    : sourceLines[settings.source];

export function describeSettings(settings: DigestSettings): string {
  const papers = settings.source === 'trending' ? 'trending papers' : 'papers';
  const lines = [
    `Posts ${describeSchedule(settings)}: the top ${settings.topN} ${papers}` +
      (settings.minUpvotes > 0 ? ` with at least ${settings.minUpvotes} upvotes` : ''),
    sourceLine(settings),
    settings.include.length ? `Only papers mentioning: ${settings.include.join(', ')}` : 'Keywords: any',
  ];
  if (settings.exclude.length) lines.push(`Leaves out papers mentioning: ${settings.exclude.join(', ')}`);
  lines.push(
    settings.postWhenEmpty ? 'On days with nothing new: a short note' : 'On days with nothing new: silence',
  );
  return lines.join('\n');
}
