import { z } from 'zod';
import { textReply } from '../src/chat/replies';
import { toPaperCard } from '../src/digest/paper-card';
import { PaperboyError } from '../src/errors';
import { parsePaperReference } from '../src/papers/arxiv-id';
import { parseName, parseSince } from '../src/search/filter-values';
import { emptyFilters, parseSearchQuery, type SearchFilterInput } from '../src/search/query-syntax';
import { combineFilters, describeFilters, hasFilters, paperFilters } from '../src/search/search-filters';
import {
  emptySearchText,
  quoteQuery,
  searchHeading,
  unsearchableMessage,
} from '../src/search/search-replies';
import { maxQueryLength } from '../src/search/search-service';
import { utcDay } from '../src/time/zoned-time';
import { defineCommand } from './command';
import type { CommandContext } from './command-context';
import type { CommandDeps } from './command-deps';
import type { CommandInvocation, CommandSpec } from './command-spec';
import { flag, wholeNumber } from './option-schemas';
import { lateLookupReply, lookUpPaperInTime } from './paper';
import { pagedReply, pageSize } from './paper-list';
import { hfAutoWaitMs, hfList, hfSearchCards, hfSearchReply, onHf } from './shared/hf-search';

const spec: CommandSpec = {
  name: 'search',
  description: 'Search every paper paperboy has stored',
  usage:
    'search <words, "phrase", -word, arXiv id or URL> [since:7d] [upvotes:>20] [author:"Name"] [org:nvidia] [posted] [flagged]',
  options: [
    {
      name: 'query',
      type: 'string',
      description:
        'Words, an arXiv id or a paper URL; filters may be inline: since:7d upvotes:>20 author:"Name"',
      rest: true,
      positional: true,
    },
    {
      name: 'since',
      type: 'string',
      description: 'Only papers since a date or an age: 2026-11-01, 7d, 4w, 6m or 1y',
    },
    { name: 'days', type: 'integer', description: 'Only papers from the last N days' },
    { name: 'min_upvotes', type: 'integer', description: 'Only papers with at least this many upvotes' },
    { name: 'author', type: 'string', description: 'Only papers by this author (a full name or a surname)' },
    { name: 'org', type: 'string', description: 'Only papers from this organization, e.g. nvidia' },
    { name: 'posted', type: 'boolean', description: 'Only papers paperboy posted in this channel' },
    { name: 'flagged', type: 'boolean', description: "Only papers on this channel's discussion queue" },
  ],
};

const schema = z.object({
  query: z
    .string()
    .max(maxQueryLength, `the query is too long: at most ${maxQueryLength} characters, please`)
    .default(''),
  since: z.string().max(40, 'since is a date or an age, e.g. 7d or 2026-11-01').optional(),
  days: wholeNumber('days', 1, 3650).optional(),
  min_upvotes: wholeNumber('min_upvotes', 0, 1_000_000).optional(),
  author: z.string().max(200, 'author is too long').optional(),
  org: z.string().max(200, 'org is too long').optional(),
  posted: flag('posted').optional(),
  flagged: flag('flagged').optional(),
  page: wholeNumber('page', 0, 1000).default(0),
  /** Set only by the "More on Hugging Face" button: not an option anyone types. */
  source: z.enum(['store', 'hf']).optional(),
});

type Options = z.infer<typeof schema>;

/** The filters given as command options (Discord's slash options, `name=value` in text). */
function optionFilters(options: Options, problems: string[]): SearchFilterInput {
  const filters = emptyFilters();
  const take = <T>(
    result: { ok: true; value: T } | { ok: false; message: string },
    apply: (value: T) => void,
  ) => {
    if (result.ok) apply(result.value);
    else problems.push(result.message);
  };
  if (options.days !== undefined) filters.since = { days: options.days };
  if (options.since !== undefined) take(parseSince(options.since), (since) => (filters.since = since));
  if (options.min_upvotes !== undefined) filters.minUpvotes = options.min_upvotes;
  if (options.author !== undefined)
    take(parseName('author', options.author), (author) => filters.authors.push(author));
  if (options.org !== undefined) take(parseName('org', options.org), (org) => (filters.organization = org));
  filters.posted = options.posted ?? false;
  filters.flagged = options.flagged ?? false;
  return filters;
}

export const searchCommand = defineCommand({ spec, schema, run: search });

async function search(
  options: Options,
  invocation: CommandInvocation,
  context: CommandContext,
  deps: CommandDeps,
) {
  const today = utcDay(deps.clock.now());
  const inline = parseSearchQuery(options.query.trim());
  const problems = [...inline.problems];
  const filters = combineFilters(optionFilters(options, problems), inline.filters, today);
  if (problems.length > 0) throw new PaperboyError('invalid_input', problems.join('\n'));
  const text = inline.text.trim();
  if (!text && !hasFilters(filters)) {
    throw new PaperboyError(
      'invalid_input',
      `Search needs some words or a filter, e.g. \`${context.commandPrefix} search diffusion transformers\` or \`${context.commandPrefix} search upvotes:>50 since:7d\`.`,
    );
  }
  const reference = hasFilters(filters) ? null : parsePaperReference(text);
  if (reference) {
    const paper = await lookUpPaperInTime(reference, deps);
    if (paper === 'late') return lateLookupReply(reference, deps);
    const list = {
      heading: `Paper ${reference}`,
      emptyText: '',
      cards: [toPaperCard(paper)],
      page: 0,
      hasMore: false,
    };
    return pagedReply(list, invocation, context, deps.continuations, 'private');
  }

  if (options.source === 'hf') return hfSearchReply(text, options.page, invocation, context, deps);

  const scope = paperFilters(filters, today);
  if (filters.posted) {
    if (!(await deps.store.subscriptions.get(context.channel))) {
      return textReply(
        `paperboy posts no digest in this channel, so nothing is \`posted\` here yet. \`${context.commandPrefix} subscribe\` starts one.`,
      );
    }
    scope.postedIn = context.channel;
  }
  if (filters.flagged) {
    const queued = (await deps.store.discussion.queue(context.channel)).map((item) => item.paperId);
    if (queued.length === 0) {
      const emoji = (await deps.store.discussion.getSettings(context.channel)).flagEmoji;
      return textReply(
        `Nothing is on this channel's discussion queue, so no paper is \`flagged\`: react with ${emoji} to a paper to flag it.`,
      );
    }
    scope.paperIds = queued;
  }

  const result = await deps.search.search({
    text,
    filters: scope,
    limit: pageSize + 1,
    offset: options.page * pageSize,
  });
  const described = describeFilters(filters, today);
  const refusal = unsearchableMessage(
    text,
    result,
    described !== '',
    (query) => `\`${context.commandPrefix} search ${query}\``,
  );
  if (refusal) throw new PaperboyError('invalid_input', refusal);
  const stored = await deps.store.papers.count();
  // Hugging Face searches words only: a search with filters stays in the store.
  const hfOffered = deps.source.searchPapers !== undefined && !hasFilters(filters) && !result.unsearchable;
  if (hfOffered && options.page === 0 && (result.weak || result.hits.length === 0)) {
    const cards = await hfSearchCards(text, deps, hfAutoWaitMs);
    if (cards && cards.length > 0) {
      const heading = `No close match for ${quoteQuery(text)} among the ${stored} stored papers; on Hugging Face`;
      return hfList(text, cards, 0, heading, invocation, context, deps);
    }
  }
  const reply = pagedReply(
    {
      heading: searchHeading(text, described, result),
      emptyText: emptySearchText(text, described, result, stored),
      cards: result.hits
        .slice(0, pageSize)
        .map((hit) => ({ ...toPaperCard(hit.paper), ...(hit.snippet ? { snippet: hit.snippet } : {}) })),
      page: options.page,
      hasMore: result.hits.length > pageSize,
    },
    invocation,
    context,
    deps.continuations,
    'private',
  );
  if (hfOffered)
    reply.moreOnHfToken = deps.continuations.issue({
      invocation: onHf(invocation),
      share: false,
      channelId: context.channel.channelId,
    });
  return reply;
}
