import { z } from 'zod';
import { type PaperCard, textReply } from '../../src/chat/replies';
import { toPaperCard } from '../../src/digest/paper-card';
import { PaperboyError } from '../../src/errors';
import { parsePaperReference } from '../../src/papers/arxiv-id';
import type { QueueItem } from '../../src/records/discussion';
import type { CommandContext } from '../command-context';
import type { CommandDeps } from '../command-deps';
import type { CommandInvocation } from '../command-spec';
import { wholeNumber } from '../option-schemas';
import { pagedReply, pageOf } from '../paper-list';
import { validateOptions } from '../validate';

const pageSchema = z.object({ page: wholeNumber('page', 0, 1000).default(0) });
const idSchema = z.object({
  id: z.string({ error: 'give the paper as an arXiv id or URL, e.g. 2410.17243' }).max(300, 'id is too long'),
});

const flagsNote = (item: QueueItem) => {
  const who = item.flags.map((flag) => flag.userName).join(', ');
  const flags = `${item.flags.length} flag${item.flags.length === 1 ? '' : 's'}: ${who}`;
  return item.threadUrl ? `${flags} · discuss: ${item.threadUrl}` : flags;
};

async function cardsFor(
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

function listReply(
  heading: string,
  emptyText: string,
  cards: PaperCard[],
  invocation: CommandInvocation,
  context: CommandContext,
  deps: CommandDeps,
) {
  const { page } = validateOptions(pageSchema, invocation.options);
  return pagedReply(
    { heading, emptyText, ...pageOf(cards, page) },
    invocation,
    context,
    deps.continuations,
    'private',
  );
}

export async function queueCommand(
  invocation: CommandInvocation,
  context: CommandContext,
  deps: CommandDeps,
) {
  const queue = await deps.store.discussion.queue(context.channel);
  const emoji = (await deps.store.discussion.getSettings(context.channel)).flagEmoji;
  return listReply(
    `Discussion queue · ${queue.length} paper${queue.length === 1 ? '' : 's'}`,
    `The queue is empty. React with ${emoji} on a paper (or a message linking one) to add it.`,
    await cardsFor(queue, deps, flagsNote),
    invocation,
    context,
    deps,
  );
}

const names = (people: string[]) =>
  people.length ? `${people.length} flag${people.length === 1 ? '' : 's'}: ${people.join(', ')}` : 'no flags';

export async function historyCommand(
  invocation: CommandInvocation,
  context: CommandContext,
  deps: CommandDeps,
) {
  const history = await deps.store.discussion.history(context.channel, 200);
  const papers = new Map(
    (await deps.store.papers.getMany(history.map((record) => record.item.paperId))).map((paper) => [
      paper.id,
      paper,
    ]),
  );
  const cards = history.flatMap((record) => {
    const paper = papers.get(record.item.paperId);
    const back = record.item.state === 'queued' ? ' · back on the queue' : '';
    const note = `discussed ${record.discussedAt.slice(0, 10)} · ${names(record.flaggedBy)}${back}`;
    return paper ? [{ ...toPaperCard(paper), note }] : [];
  });
  return listReply(
    'Discussed in this channel',
    `Nothing discussed yet. \`${context.commandPrefix} discussed <id>\` moves a paper from the queue to here.`,
    cards,
    invocation,
    context,
    deps,
  );
}

async function queuedItem(
  invocation: CommandInvocation,
  context: CommandContext,
  deps: CommandDeps,
): Promise<QueueItem> {
  const { id: input } = validateOptions(idSchema, invocation.options);
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

export async function discussedCommand(
  invocation: CommandInvocation,
  context: CommandContext,
  deps: CommandDeps,
) {
  const item = await queuedItem(invocation, context, deps);
  await deps.store.discussion.markDiscussed(item.id, context.userId, deps.clock.now().toISOString());
  const title = (await deps.store.papers.get(item.paperId))?.title ?? item.paperId;
  return textReply(`Moved "${title}" to the channel's history.`, 'success', 'channel');
}

export async function unflagCommand(
  invocation: CommandInvocation,
  context: CommandContext,
  deps: CommandDeps,
) {
  const item = await queuedItem(invocation, context, deps);
  if (!(await deps.store.discussion.removeFlag(item.id, context.userId))) {
    throw new PaperboyError(
      'not_found',
      `You have not flagged ${item.paperId}; only your own flag can be withdrawn.`,
    );
  }
  const left = item.flags.length - 1;
  return textReply(
    left > 0
      ? `Your flag is withdrawn; ${left === 1 ? '1 other flag keeps' : `${left} other flags keep`} it on the queue.`
      : 'Your flag is withdrawn; the paper has left the queue.',
    'success',
  );
}
