import { z } from 'zod';
import { textReply } from '../src/chat/replies';
import { explainDelivery, explainRefused } from '../src/digest/explain-delivery';
import { orderInstant } from '../src/digest/order-instant';
import { PaperboyError } from '../src/errors';
import { parsePaperReference } from '../src/papers/arxiv-id';
import { defineCommand } from './command';
import { paperIdOption } from './shared/paper-id-option';
import { explainRanking } from './shared/why-ranking';

const schema = z.object({
  id: z.string({ error: 'why needs an arXiv id or paper URL, e.g. 2410.17243' }).max(300, 'id is too long'),
});

/** "Why wasn't this posted?" for this channel, from the delivery log. */
export const whyCommand = defineCommand({
  spec: {
    name: 'why',
    description: 'Why a paper was or was not posted in this channel, and where the team ranking puts it',
    usage: 'why <arXiv id or URL>',
    options: [paperIdOption],
  },
  schema,
  async run({ id: input }, _invocation, context, deps) {
    const id = parsePaperReference(input);
    if (!id) {
      // Not an arXiv id, but perhaps the id of an item Hugging Face listed and paperboy refused.
      const refused = await explainRefused(deps.store, input.trim(), false);
      if (refused) return textReply(refused.text);
      throw new PaperboyError(
        'invalid_input',
        `"${input.slice(0, 80)}" is not an arXiv id or paper URL; try 2410.17243`,
      );
    }
    const delivery = (await explainDelivery(deps.store, context.channel, id, context.commandPrefix)).text;
    const paper = await deps.store.papers.get(id);
    if (!paper) return textReply(delivery);
    // Read at the instant of the channel's digest of the day, as the digest and `today` read it.
    const subscription = await deps.store.subscriptions.get(context.channel);
    const at = await orderInstant(deps.store, subscription, deps.clock.now());
    const ranking = await explainRanking(
      deps.store,
      deps.ranking,
      context.channel,
      paper,
      at,
      context.commandPrefix,
    );
    return textReply(`${delivery}\n${ranking}`);
  },
});
