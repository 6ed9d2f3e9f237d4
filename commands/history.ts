import { toPaperCard } from '../src/digest/paper-card';
import { defineCommand } from './command';
import { flagCount, listReply, pageSchema } from './shared/discussion-lists';

const names = (people: string[]) =>
  people.length ? `${flagCount(people.length)}: ${people.join(', ')}` : 'no flags';

export const historyCommand = defineCommand({
  spec: {
    name: 'history',
    description: 'Papers this channel has discussed',
    usage: 'history',
    options: [],
  },
  schema: pageSchema,
  async run({ page }, invocation, context, deps) {
    const history = await deps.store.discussion.history(context.channel, 200);
    const papers = new Map(
      (await deps.store.papers.getMany(history.map((record) => record.item.paperId))).map((paper) => [
        paper.id,
        paper,
      ]),
    );
    const cards = history.flatMap((record) => {
      const paper = papers.get(record.item.paperId);
      const back = record.item.state === 'queued' ? ' · back on the queue' : '';
      const note = `discussed ${record.discussedAt.slice(0, 10)} · ${names(record.flaggedBy)}${back}`;
      return paper ? [{ ...toPaperCard(paper), note }] : [];
    });
    const list = {
      heading: 'Discussed in this channel',
      emptyText: `Nothing discussed yet. \`${context.commandPrefix} discussed <id>\` moves a paper from the queue to here.`,
      cards,
      page,
    };
    return listReply(list, invocation, context, deps);
  },
});
