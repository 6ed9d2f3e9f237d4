/** What the discussion commands (`queue`, `history`, `discussed`, `unflag`) share: their lists and the queued paper. */
import { z } from 'zod';
import type { PaperCard } from '../../src/chat/replies';
import { toPaperCard } from '../../src/digest/paper-card';
import { PaperboyError } from '../../src/errors';
import { parsePaperReference } from '../../src/papers/arxiv-id';
import type { QueueItem } from '../../src/records/discussion';
import type { CommandContext } from '../command-context';
import type { CommandDeps } from '../command-deps';
import type { CommandInvocation } from '../command-spec';
import { wholeNumber } from '../option-schemas';
import { pagedReply, pageOf } from '../paper-list';

export const pageSchema = z.object({ page: wholeNumber('page', 0, 1000).default(0) });
export const idSchema = z.object({
  id: z.string({ error: 'give the paper as an arXiv id or URL, e.g. 2410.17243' }).max(300, 'id is too long'),
});

export const flagCount = (count: number) => `${count} flag${count === 1 ? '' : 's'}`;

export async function cardsFor(
  items: QueueItem[],
  deps: CommandDeps,
  note: (item: QueueItem) => string,
): Promise<PaperCard[]> {
  const papers = new Map(
    (await deps.store.papers.getMany(items.map((item) => item.paperId))).map((paper) => [paper.id, paper]),
  );
  return items.flatMap((item) => {
    const paper = papers.get(item.paperId);
    return paper ? [{ ...toPaperCard(paper), note: note(item) }] : [];
  });
}

export function listReply(
  list: { heading: string; emptyText: string; cards: PaperCard[]; page: number },
  invocation: CommandInvocation,
  context: CommandContext,
  deps: CommandDeps,
) {
  const { heading, emptyText, cards, page } = list;
  return pagedReply(
    { heading, emptyText, ...pageOf(cards, page) },
    invocation,
    context,
    deps.continuations,
    'private',
  );
}

/** The queue entry `discussed` and `unflag` act on, or why there is none. */
export async function queuedItem(
  input: string,
  context: CommandContext,
  deps: CommandDeps,
): Promise<QueueItem> {
  const id = parsePaperReference(input);
  if (!id)
    throw new PaperboyError(
      'invalid_input',
      `"${input.slice(0, 80)}" is not an arXiv id or paper URL; try 2410.17243`,
    );
  const item = await deps.store.discussion.findItem(context.channel, id);
  if (item?.state === 'discussed' && item.discussedAt) {
    throw new PaperboyError(
      'invalid_input',
      `${id} was already discussed on ${item.discussedAt.slice(0, 10)}; \`${context.commandPrefix} history\` lists it. A new flag puts it back on the queue.`,
    );
  }
  if (item?.state !== 'queued' || item.flags.length === 0) {
    throw new PaperboyError(
      'not_found',
      `${id} is not on this channel's discussion queue. \`${context.commandPrefix} queue\` lists it.`,
    );
  }
  return item;
}
