import { z } from 'zod';
import { textReply } from '../src/chat/replies';
import { previewForChannel } from '../src/digest/digest-preview';
import type { KnownBatch } from '../src/ingest/batch-sync';
import { defineCommand } from './command';
import { wholeNumber } from './option-schemas';
import { pagedReply, pageOf } from './paper-list';

const schema = z.object({ page: wholeNumber('page', 0, 100).default(0) });

/**
 * The latest complete batch through this channel's filters and top N (the defaults when not subscribed).
 * It never waits on Hugging Face longer than `deps.sourceWaitMs`: a slow or failing source gets the
 * newest stored batch, and the heading says which newer day is missing.
 */
export const todayCommand = defineCommand({
  spec: {
    name: 'today',
    description: "The latest Daily Papers batch, through this channel's filters and order",
    usage: 'today',
    options: [],
  },
  schema: schema,
  async run({ page }, invocation, context, deps) {
    const now = deps.clock.now();
    const known = await deps.sync.newestKnownBatch(now, deps.sourceWaitMs);
    if (!known.batch && known.missing?.late) {
      return textReply(
        `Hugging Face has not answered within ${deps.sourceWaitMs / 1000} s, and paperboy has no batch stored yet. It keeps asking: try again in a minute.`,
      );
    }
    const { batch, header, cards } = known.batch
      ? await previewForChannel(deps, context.channel, now, known.batch.day)
      : { batch: null, header: null, cards: [] };
    const heading = header?.title ?? 'Daily Papers';
    return pagedReply(
      {
        heading: `${heading}${missingNote(known.missing)}`,
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
  },
});

/** What the heading says when the newest day could not be had in time. */
const missingNote = (missing: KnownBatch['missing']) =>
  !missing
    ? ''
    : missing.unsaved
      ? ` · ${missing.day} could not be saved yet (the database is busy)`
      : missing.late
        ? ` · ${missing.day} is late: Hugging Face has not answered yet`
        : ` · ${missing.day} could not be fetched from Hugging Face yet`;
