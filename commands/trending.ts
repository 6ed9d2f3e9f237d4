/**
 * `/papers trending`: Hugging Face's trending list right now (a global rank, not a day's batch), paged like
 * every list. Its papers are stored, so `paper`, flags and `why` know them; when Hugging Face does not answer
 * in time, one line says so.
 */
import { z } from 'zod';
import { errorReply } from '../src/chat/replies';
import { toPaperCard } from '../src/digest/paper-card';
import { trendingListUrl, trendingNote, trendingPlace } from '../src/digest/trending-plan';
import { isPaperboyError } from '../src/errors';
import { defineCommand } from './command';
import type { CommandDeps } from './command-deps';
import { wholeNumber } from './option-schemas';
import { pagedReply, pageOf, pageSize } from './paper-list';

/** Papers shown: ten pages. */
export const trendingShown = 50;
/** How long the reply waits for Hugging Face (the platforms have deferred it by then). */
export const trendingWaitMs = 8000;

const schema = z.object({ page: wholeNumber('page', 0, trendingShown / pageSize - 1).default(0) });

export const trendingCommand = defineCommand({
  spec: {
    name: 'trending',
    description: "Hugging Face's trending papers right now",
    usage: 'trending',
    options: [],
  },
  schema: schema,
  async run({ page }, invocation, context, deps) {
    let papers: Awaited<ReturnType<CommandDeps['sync']['syncTrending']>>;
    try {
      papers = await deps.sync.syncTrending(trendingShown, trendingWaitMs);
    } catch (error) {
      // The database's own faults and a misconfigured HF_BASE_URL have their own answers.
      if (
        isPaperboyError(error) &&
        error.code !== 'source_unavailable' &&
        error.code !== 'source_bad_response'
      )
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
  },
});
