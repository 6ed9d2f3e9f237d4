/**
 * Reaching past the store: Hugging Face's own paper search (every paper it knows, matched by meaning).
 * Offered on every search reply as "More on Hugging Face", and asked automatically, for a short while only,
 * when the stored papers have no good match, so the local answer still goes out in time when Hugging Face is
 * slow or down. Papers shown from it are stored, so they can be flagged, shared and found again.
 */
import type { PaperCard, Reply } from '../../src/chat/replies';
import { errorReply, textReply } from '../../src/chat/replies';
import { toPaperCard } from '../../src/digest/paper-card';
import { isPaperboyError } from '../../src/errors';
import { quoteQuery } from '../../src/search/search-replies';
import { saveOnTheSide } from '../../src/store/save-on-the-side';
import type { CommandContext } from '../command-context';
import type { CommandDeps } from '../command-deps';
import type { CommandInvocation } from '../command-spec';
import { pagedReply, pageOf } from '../paper-list';

/** How long a search reply waits for Hugging Face when the store has no good match. */
export const hfAutoWaitMs = 1500;
/** How long "More on Hugging Face" waits (the platforms have deferred the reply by then). */
export const hfAskedWaitMs = 8000;
/** Results asked for: five pages. */
const hfResults = 25;

export const fromHfNote = '🤗 From Hugging Face search';

/** The cards of Hugging Face's answer, stored; or why there are none (it failed, or took too long). */
async function hfSearch(
  text: string,
  deps: CommandDeps,
  waitMs: number,
): Promise<{ cards: PaperCard[] } | { failed: unknown }> {
  if (!deps.source.searchPapers) return { failed: null };
  try {
    const papers = await deps.source.searchPapers(text, hfResults, waitMs);
    if (papers.length > 0)
      await saveOnTheSide(
        () => deps.store.papers.upsertMany(papers),
        deps.log,
        'papers from Hugging Face search',
      );
    return { cards: papers.map((paper) => ({ ...toPaperCard(paper), note: fromHfNote })) };
  } catch (error) {
    deps.log.warn({ err: error }, 'Hugging Face paper search failed');
    return { failed: error };
  }
}

/** The cards of Hugging Face's answer, stored; null when it failed or took too long. */
export async function hfSearchCards(
  text: string,
  deps: CommandDeps,
  waitMs: number,
): Promise<PaperCard[] | null> {
  const found = await hfSearch(text, deps, waitMs);
  return 'cards' in found ? found.cards : null;
}

/** The invocation that shows Hugging Face's answer (a hidden option: only buttons set it). */
export const onHf = (invocation: CommandInvocation, page = 0): CommandInvocation => ({
  name: invocation.name,
  options: { ...invocation.options, source: 'hf', page },
});

export function hfList(
  text: string,
  cards: PaperCard[],
  page: number,
  heading: string,
  invocation: CommandInvocation,
  context: CommandContext,
  deps: CommandDeps,
): Reply {
  return pagedReply(
    {
      heading,
      emptyText: `Hugging Face knows no paper matching ${quoteQuery(text)} either. Try other words.`,
      ...pageOf(cards, page),
    },
    onHf(invocation, page),
    context,
    deps.continuations,
    'private',
  );
}

/** "More on Hugging Face" pressed (or a page of its answer). */
export async function hfSearchReply(
  text: string,
  page: number,
  invocation: CommandInvocation,
  context: CommandContext,
  deps: CommandDeps,
): Promise<Reply> {
  const found = await hfSearch(text, deps, hfAskedWaitMs);
  if ('cards' in found)
    return hfList(text, found.cards, page, `On Hugging Face: ${quoteQuery(text)}`, invocation, context, deps);
  // A wrong HF_BASE_URL is not an outage: say which URL, as `today` does.
  if (isPaperboyError(found.failed) && found.failed.code === 'config_invalid')
    return errorReply(found.failed.message);
  return textReply(
    `Hugging Face's paper search could not be reached just now; the stored papers' answer stands. Try again in a minute.`,
    'error',
  );
}
