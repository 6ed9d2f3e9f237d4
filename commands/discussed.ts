import { textReply } from '../src/chat/replies';
import { shownTitle } from '../src/papers/paper-bounds';
import { defineCommand } from './command';
import { idSchema, queuedItem } from './shared/discussion-lists';
import { paperIdOption } from './shared/paper-id-option';

export const discussedCommand = defineCommand({
  spec: {
    name: 'discussed',
    description: 'Move a paper from the queue to the channel history',
    usage: 'discussed <arXiv id or URL>',
    saves: true,
    options: [paperIdOption],
  },
  schema: idSchema,
  async run({ id }, _invocation, context, deps) {
    const item = await queuedItem(id, context, deps);
    await deps.store.discussion.markDiscussed(item.id, context.userId, deps.clock.now().toISOString());
    const title = shownTitle((await deps.store.papers.get(item.paperId))?.title ?? item.paperId);
    return textReply(`Moved "${title}" to the channel's history.`, 'success', 'channel');
  },
});
