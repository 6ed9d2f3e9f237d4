import type { PaperCard, PaperListReply, Visibility } from '../src/chat/replies';
import type { CommandContext } from './command-context';
import type { CommandInvocation } from './command-spec';
import type { Continuations } from './continuations';

export const pageSize = 5;

export interface ListPage {
  heading: string;
  emptyText: string;
  cards: PaperCard[];
  /** 0-based page shown. */
  page: number;
  /** Whether another page follows. */
  hasMore: boolean;
  /** Total pages, when known. */
  pageCount?: number;
}

/**
 * A paper list reply with its buttons: Previous/Next re-run the invocation for another page; "post to
 * channel" re-runs the same page visibly.
 */
export function pagedReply(
  list: ListPage,
  invocation: CommandInvocation,
  context: CommandContext,
  continuations: Continuations,
  visibility: Visibility,
): PaperListReply {
  const at = (page: number, share: boolean) =>
    continuations.issue({
      invocation: { name: invocation.name, options: { ...invocation.options, page } },
      share,
      channelId: context.channel.channelId,
    });
  const reply: PaperListReply = {
    kind: 'paper-list',
    heading: list.heading,
    cards: list.cards,
    emptyText: list.emptyText,
    visibility,
    page: list.page + 1,
    pageCount: list.pageCount ?? (list.hasMore ? null : list.page + 1),
    hasMore: list.hasMore,
  };
  if (visibility === 'private') {
    if (list.page > 0) reply.previousToken = at(list.page - 1, false);
    if (list.hasMore) reply.nextToken = at(list.page + 1, false);
    if (list.cards.length > 0) reply.shareToken = at(list.page, true);
  }
  return reply;
}

/** One page of a list known in full (today's digest, the queue): the cards of that page and the page count. */
export function pageOf(
  cards: PaperCard[],
  page: number,
): Pick<ListPage, 'cards' | 'page' | 'hasMore' | 'pageCount'> {
  return {
    cards: cards.slice(page * pageSize, (page + 1) * pageSize),
    page,
    hasMore: (page + 1) * pageSize < cards.length,
    pageCount: Math.max(1, Math.ceil(cards.length / pageSize)),
  };
}
