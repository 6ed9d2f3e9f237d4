/** `/papers agenda`: the weekly reading-group agenda as it would be posted now, without posting it. */
import { z } from 'zod';
import { textReply } from '../src/chat/replies';
import { weeklyAgendaText } from '../src/discussion/agenda-text';
import { defineCommand } from './command';

const dayNames = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

export const agendaCommand = defineCommand({
  spec: {
    name: 'agenda',
    description: 'Preview the weekly reading-group agenda as it would be posted now (nothing is posted)',
    usage: 'agenda',
    options: [],
  },
  schema: z.object({}),
  async run(_options, _invocation, context, deps) {
    const { agenda } = await deps.store.discussion.getSettings(context.channel);
    const when = agenda
      ? `Posted here every ${dayNames[agenda.weekday]} at ${agenda.time} ${agenda.timezone}; as it would read now (nothing was posted):`
      : `No weekly agenda is posted here (\`${context.commandPrefix} settings agenda:"fri 15:00"\` turns it on); as it would read now:`;
    return textReply(`${when}\n${await weeklyAgendaText(deps.store, context.channel)}`);
  },
});
