import { textReply } from '../src/chat/replies';
import { PaperboyError } from '../src/errors';
import { defineCommand } from './command';
import { idSchema, queuedItem } from './shared/discussion-lists';
import { paperIdOption } from './shared/paper-id-option';

export const unflagCommand = defineCommand({
  spec: {
    name: 'unflag',
    description: 'Withdraw your flag from a paper',
    usage: 'unflag <arXiv id or URL>',
    saves: true,
    options: [paperIdOption],
  },
  schema: idSchema,
  async run({ id }, _invocation, context, deps) {
    const item = await queuedItem(id, context, deps);
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
  },
});
