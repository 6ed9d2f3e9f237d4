import { z } from 'zod';
import { toPaperCard } from '../../src/digest/paper-card';
import { PaperboyError } from '../../src/errors';
import { parsePaperReference } from '../../src/papers/arxiv-id';
import { maxQueryLength } from '../../src/search/search-service';
import { addDays, utcDay } from '../../src/time/zoned-time';
import type { CommandContext } from '../command-context';
import type { CommandDeps } from '../command-deps';
import type { CommandInvocation } from '../command-spec';
import { wholeNumber } from '../option-schemas';
import { pagedReply, pageSize } from '../paper-list';
import { validateOptions } from '../validate';
import { lookUpPaper } from './paper-command';

const schema = z.object({
  query: z
    .string()
    .max(maxQueryLength, `the query is too long: at most ${maxQueryLength} characters, please`)
    .default(''),
  days: wholeNumber('days', 1, 3650).optional(),
  min_upvotes: wholeNumber('min_upvotes', 0, 1_000_000).optional(),
  page: wholeNumber('page', 0, 1000).default(0),
});

export async function searchCommand(
  invocation: CommandInvocation,
  context: CommandContext,
  deps: CommandDeps,
) {
  const options = validateOptions(schema, invocation.options);
  const query = options.query.trim();
  if (!query && options.days === undefined && options.min_upvotes === undefined) {
    throw new PaperboyError(
      'invalid_input',
      `Search needs some words, e.g. \`${context.commandPrefix} search diffusion transformers\`.`,
    );
  }
  const reference = parsePaperReference(query);
  if (reference) {
    const paper = await lookUpPaper(reference, deps);
    return pagedReply(
      { heading: `Paper ${reference}`, emptyText: '', cards: [toPaperCard(paper)], page: 0, hasMore: false },
      invocation,
      context,
      deps.continuations,
      'private',
    );
  }
  const filters = {
    ...(options.days !== undefined ? { sinceDay: addDays(utcDay(deps.clock.now()), -options.days) } : {}),
    ...(options.min_upvotes !== undefined ? { minUpvotes: options.min_upvotes } : {}),
  };
  const { hits } = deps.search.search({
    text: query,
    filters,
    limit: pageSize + 1,
    offset: options.page * pageSize,
  });
  const heading = query ? `Papers matching "${query}"` : 'Top papers';
  return pagedReply(
    {
      heading,
      emptyText: `No stored paper matches "${query}". Try fewer or other words.`,
      cards: hits.slice(0, pageSize).map((hit) => toPaperCard(hit.paper)),
      page: options.page,
      hasMore: hits.length > pageSize,
    },
    invocation,
    context,
    deps.continuations,
    'private',
  );
}
