import { z } from 'zod';
import { errorReply } from '../src/chat/replies';
import { toPaperCard } from '../src/digest/paper-card';
import { PaperboyError } from '../src/errors';
import { parsePaperReference } from '../src/papers/arxiv-id';
import type { Paper } from '../src/records/paper';
import { saveOnTheSide } from '../src/store/save-on-the-side';
import { settleWithin } from '../src/time/settle-within';
import { defineCommand } from './command';
import type { CommandDeps } from './command-deps';
import { pagedReply } from './paper-list';

const schema = z.object({
  id: z
    .string({ error: 'paper needs an arXiv id or a paper URL, e.g. 2410.17243' })
    .max(300, 'id is too long'),
});

/** From the store, or fetched (and stored) when paperboy has not seen it yet. */
export async function lookUpPaper(id: string, deps: Pick<CommandDeps, 'store' | 'source'>): Promise<Paper> {
  return (await deps.store.papers.get(id)) ?? (await fetchAndStore(id, deps));
}

/** `onTheSide`: a reply shows the paper even while the store cannot keep it (another process's lock). */
async function fetchAndStore(
  id: string,
  deps: Pick<CommandDeps, 'store' | 'source'> & Partial<Pick<CommandDeps, 'log'>>,
  onTheSide = false,
): Promise<Paper> {
  const fetched = await deps.source.fetchPaper(id);
  if (!fetched)
    throw new PaperboyError('not_found', `No paper ${id} on Hugging Face. Check the id (e.g. 2410.17243).`);
  const save = () => deps.store.papers.upsertMany([fetched]);
  if (onTheSide && deps.log) await saveOnTheSide(save, deps.log, `paper ${id}`);
  else await save();
  return fetched;
}

/**
 * `lookUpPaper` for a reply: never waits on Hugging Face past `deps.sourceWaitMs`. A late answer is still
 * stored when it comes, so asking again a minute later finds it.
 */
export async function lookUpPaperInTime(id: string, deps: CommandDeps): Promise<Paper | 'late'> {
  const stored = await deps.store.papers.get(id);
  if (stored) return stored;
  const asked = await settleWithin(fetchAndStore(id, deps, true), deps.sourceWaitMs);
  if (asked.status === 'failed') throw asked.error;
  return asked.status === 'late' ? 'late' : asked.value;
}

export const lateLookupReply = (id: string, deps: CommandDeps) =>
  errorReply(
    `paperboy has not stored ${id}, and could not ask Hugging Face about it in time (no answer within ${deps.sourceWaitMs / 1000} s). It is still asking: try again in a minute.`,
  );

export const paperCommand = defineCommand({
  spec: {
    name: 'paper',
    description: 'One paper by arXiv id or Hugging Face / arXiv URL',
    usage: 'paper <arXiv id or URL>',
    options: [
      {
        name: 'id',
        type: 'string',
        description: 'e.g. 2410.17243 or https://arxiv.org/abs/2410.17243',
        required: true,
        positional: true,
      },
    ],
  },
  schema,
  async run({ id: input }, invocation, context, deps) {
    const id = parsePaperReference(input);
    if (!id) {
      throw new PaperboyError(
        'invalid_input',
        `"${input.slice(0, 80)}" is not an arXiv id or paper URL; try 2410.17243 or https://huggingface.co/papers/2410.17243`,
      );
    }
    const paper = await lookUpPaperInTime(id, deps);
    if (paper === 'late') return lateLookupReply(id, deps);
    return pagedReply(
      { heading: `arXiv ${paper.id}`, emptyText: '', cards: [toPaperCard(paper)], page: 0, hasMore: false },
      invocation,
      context,
      deps.continuations,
      'private',
    );
  },
});
