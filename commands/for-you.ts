import { z } from 'zod';
import { toPaperCard } from '../src/digest/paper-card';
import { forYouDays, papersForYou } from '../src/ranking/ranking-queries';
import { rankingNote } from '../src/ranking/ranking-reason';
import { defineCommand } from './command';
import { wholeNumber } from './option-schemas';
import { pagedReply, pageOf } from './paper-list';

const schema = z.object({ page: wholeNumber('page', 0, 100).default(0) });
/** A week holds a hundred papers or so; the best twenty are a reading list, the rest are in `search`. */
const shown = 20;

/** The best papers of the last week for this channel by its team ranking, leaving out what it flagged or 👎'd. */
export const forYouCommand = defineCommand({
  spec: {
    name: 'for-you',
    description: "The week's best papers for this channel, by what it flags, that nobody here flagged yet",
    usage: 'for-you',
    options: [],
  },
  schema: schema,
  async run({ page }, invocation, context, deps) {
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
  },
});
