import { z } from 'zod';
import { previewDigest } from '../../src/digest/digest-preview';
import { defaultDigestSettings } from '../../src/records/subscription';
import type { CommandContext } from '../command-context';
import type { CommandDeps } from '../command-deps';
import type { CommandInvocation } from '../command-spec';
import { wholeNumber } from '../option-schemas';
import { pagedReply, pageOf } from '../paper-list';
import { validateOptions } from '../validate';

const schema = z.object({ page: wholeNumber('page', 0, 100).default(0) });

/** The latest complete batch through this channel's filters and top N (the defaults when not subscribed). */
export async function todayCommand(
  invocation: CommandInvocation,
  context: CommandContext,
  deps: CommandDeps,
) {
  const { page } = validateOptions(schema, invocation.options);
  const settings = (await deps.store.subscriptions.get(context.channel)) ?? defaultDigestSettings;
  const now = deps.clock.now();
  const { batch, header, cards } = await previewDigest(
    deps,
    now,
    settings,
    undefined,
    async (papers) => await deps.ranking.order(context.channel, papers, now),
  );
  return pagedReply(
    {
      heading: header?.title ?? 'Daily Papers',
      emptyText: batch
        ? `None of the ${batch.paperCount} papers of ${batch.day} pass this channel's filters.`
        : 'No Daily Papers batch has been published yet.',
      ...pageOf(cards, page),
    },
    invocation,
    context,
    deps.continuations,
    'private',
  );
}
