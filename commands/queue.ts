import type { QueueItem } from '../src/records/discussion';
import { defineCommand } from './command';
import { cardsFor, flagCount, listReply, pageSchema } from './shared/discussion-lists';

const flagsNote = (item: QueueItem) => {
  const flags = `${flagCount(item.flags.length)}: ${item.flags.map((flag) => flag.userName).join(', ')}`;
  return item.threadUrl ? `${flags} · discuss: ${item.threadUrl}` : flags;
};

export const queueCommand = defineCommand({
  spec: {
    name: 'queue',
    description: "This channel's discussion queue: flagged papers, most flags first",
    usage: 'queue',
    options: [],
  },
  schema: pageSchema,
  async run({ page }, invocation, context, deps) {
    const queue = await deps.store.discussion.queue(context.channel);
    const emoji = (await deps.store.discussion.getSettings(context.channel)).flagEmoji;
    const list = {
      heading: `Discussion queue · ${queue.length} paper${queue.length === 1 ? '' : 's'}`,
      emptyText: `The queue is empty. React with ${emoji} on a paper (or a message linking one) to add it.`,
      cards: await cardsFor(queue, deps, flagsNote),
      page,
    };
    return listReply(list, invocation, context, deps);
  },
});
