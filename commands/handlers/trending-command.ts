/**
 * `/papers trending`: Hugging Face's trending list right now (a global rank, not a day's batch), paged like
 * every list. Its papers are stored, so `paper`, flags and `why` know them; when Hugging Face does not answer
 * in time, one line says so.
 */
import { z } from 'zod';
import { errorReply, type Reply } from '../../src/chat/replies';
import { toPaperCard } from '../../src/digest/paper-card';
import { trendingListUrl, trendingNote, trendingPlace } from '../../src/digest/trending-plan';
import { isPaperboyError } from '../../src/errors';
import type { CommandContext } from '../command-context';
import type { CommandDeps } from '../command-deps';
import type { CommandInvocation } from '../command-spec';
import { wholeNumber } from '../option-schemas';
import { pagedReply, pageOf, pageSize } from '../paper-list';
import { validateOptions } from '../validate';

/** Papers shown: ten pages. */
export const trendingShown = 50;
/** How long the reply waits for Hugging Face (the platforms have deferred it by then). */
export const trendingWaitMs = 8000;

const schema = z.object({ page: wholeNumber('page', 0, trendingShown / pageSize - 1).default(0) });

export async function trendingCommand(
  invocation: CommandInvocation,
  context: CommandContext,
  deps: CommandDeps,
): Promise<Reply> {
  const { page } = validateOptions(schema, invocation.options);
  let papers: Awaited<ReturnType<CommandDeps['sync']['syncTrending']>>;
  try {
    papers = await deps.sync.syncTrending(trendingShown, trendingWaitMs);
  } catch (error) {
    // The database's own faults and a misconfigured HF_BASE_URL have their own answers.
    if (isPaperboyError(error) && error.code !== 'source_unavailable' && error.code !== 'source_bad_response')
      throw error;
    deps.log.warn({ err: error }, "Hugging Face's trending list could not be fetched");
    return errorReply(
      `Hugging Face's trending list could not be reached just now; try again in a minute (or see ${trendingListUrl}).`,
    );
  }
  const cards = papers.map((paper, index) => ({
    ...toPaperCard(paper),
    note: trendingNote(trendingPlace(index + 1)),
  }));
  return pagedReply(
    {
      heading: 'Trending on Hugging Face',
      emptyText: 'Hugging Face lists no trending papers just now.',
      ...pageOf(cards, page),
    },
    invocation,
    context,
    deps.continuations,
    'private',
  );
}
