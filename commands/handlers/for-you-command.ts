import { z } from 'zod';
import { toPaperCard } from '../../src/digest/paper-card';
import { forYouDays, papersForYou } from '../../src/ranking/ranking-queries';
import { rankingNote } from '../../src/ranking/ranking-reason';
import type { CommandContext } from '../command-context';
import type { CommandDeps } from '../command-deps';
import type { CommandInvocation } from '../command-spec';
import { wholeNumber } from '../option-schemas';
import { pagedReply, pageOf } from '../paper-list';
import { validateOptions } from '../validate';

const schema = z.object({ page: wholeNumber('page', 0, 100).default(0) });
/** A week holds a hundred papers or so; the best twenty are a reading list, the rest are in `search`. */
const shown = 20;

/** The best papers of the last week for this channel by its team ranking, leaving out what it flagged or 👎'd. */
export async function forYouCommand(
  invocation: CommandInvocation,
  context: CommandContext,
  deps: CommandDeps,
) {
  const { page } = validateOptions(schema, invocation.options);
  const list = await papersForYou(deps.store, deps.ranking, context.channel, deps.clock.now());
  const cards = list.papers.slice(0, shown).map(({ paper, note }) => {
    const card = toPaperCard(paper);
    if (note) card.note = rankingNote(note);
    return card;
  });
  const { status } = list;
  const heading =
    list.by === 'team'
      ? `For this channel · the last ${forYouDays} days by what it flags (${status.counts.flagged} flagged papers so far)`
      : `For this channel · the last ${forYouDays} days by upvotes: the team ranking starts once ${status.minFlags} papers are flagged here (${status.counts.flagged} so far)`;
  const emoji = (await deps.store.discussion.getSettings(context.channel)).flagEmoji;
  return pagedReply(
    {
      heading,
      emptyText: `No paper of the last ${forYouDays} days is left that this channel has not flagged. React with ${emoji} on papers to teach the ranking what this channel reads.`,
      ...pageOf(cards, page),
    },
    invocation,
    context,
    deps.continuations,
    'private',
  );
}
