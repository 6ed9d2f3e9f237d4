import { z } from 'zod';
import { textReply } from '../src/chat/replies';
import { defineCommand } from './command';

export const unsubscribeCommand = defineCommand({
  spec: {
    name: 'unsubscribe',
    description: 'Stop the daily digest in this channel',
    usage: 'unsubscribe',
    saves: true,
    options: [],
  },
  schema: z.object({}),
  managerAction: 'unsubscribe this channel',
  async run(_options, _invocation, context, deps) {
    const stopped = await deps.store.subscriptions.deactivate(
      context.channel,
      deps.clock.now().toISOString(),
    );
    return stopped
      ? textReply(
          'This channel will no longer get the Daily Papers. Subscribe again at any time.',
          'success',
          'channel',
        )
      : textReply(`This channel is not subscribed. Use \`${context.commandPrefix} subscribe\` to start.`);
  },
});
