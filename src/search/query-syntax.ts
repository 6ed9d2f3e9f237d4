/**
 * Inline search filters: `since:7d`, `since:2026-11-01`, `upvotes:>20`, `author:"Name"`, `org:nvidia`, and
 * the bare words `posted` and `flagged`. Everything else is the text to search. Unknown `key:value` pairs
 * are text too (`title:*` searches "title"), except near-misses of a filter name, which get a hint.
 */
import { type Parsed, parseName, parseSince, parseUpvotes, type Since } from './filter-values';
import { editDistance } from './spelling-correction';

export interface SearchFilterInput {
  since?: Since;
  minUpvotes?: number;
  /** Every one of these must be among the authors. */
  authors: string[];
  organization?: string;
  /** Only papers the bot posted in this channel. */
  posted: boolean;
  /** Only papers on this channel's discussion queue. */
  flagged: boolean;
}

export interface ParsedQuery {
  text: string;
  filters: SearchFilterInput;
  /** What was wrong with the filters, one message each. */
  problems: string[];
}

type FilterName = 'since' | 'upvotes' | 'author' | 'org' | 'is';

const filterNames: Record<string, FilterName> = {
  since: 'since',
  upvotes: 'upvotes',
  upvote: 'upvotes',
  author: 'author',
  authors: 'author',
  org: 'org',
  organization: 'org',
  organisation: 'org',
  is: 'is',
};

const canonical = ['since', 'upvotes', 'author', 'org'];
const flags = new Set(['posted', 'flagged']);

/** `key:value`, `key:"quoted value"` (straight or curly quotes), or any other run of non-spaces. */
const tokenPattern = /([\p{L}_]+):(?:"([^"]*)"?|“([^”]*)”?|(\S*))|(\S+)/gu;

export const emptyFilters = (): SearchFilterInput => ({ authors: [], posted: false, flagged: false });

export function parseSearchQuery(raw: string): ParsedQuery {
  const filters = emptyFilters();
  const problems: string[] = [];
  const text: string[] = [];
  const take = <T>(result: Parsed<T>, apply: (value: T) => void) => {
    if (result.ok) apply(result.value);
    else problems.push(result.message);
  };
  for (const match of raw.matchAll(tokenPattern)) {
    const [whole, rawKey, quoted, curly, bare, word] = match;
    if (word !== undefined) {
      if (flags.has(word.toLowerCase())) filters[word.toLowerCase() as 'posted' | 'flagged'] = true;
      else text.push(word);
      continue;
    }
    const key = rawKey?.toLowerCase() ?? '';
    const name = filterNames[key];
    const value = quoted ?? curly ?? bare ?? '';
    if (!name) {
      const near = canonical.find((filter) => editDistance(key, filter) <= (key.length < 5 ? 1 : 2));
      if (near)
        problems.push(
          `"${rawKey}:" is not a filter; did you mean ${near}:? Filters: since:, upvotes:, author:, org:, posted, flagged`,
        );
      else text.push(whole);
      continue;
    }
    if (value.trim() === '' && name !== 'is') {
      problems.push(`${name}: needs a value, e.g. ${examples[name]}`);
      continue;
    }
    if (name === 'since') take(parseSince(value), (since) => (filters.since = since));
    else if (name === 'upvotes')
      take(parseUpvotes(value), (count) => (filters.minUpvotes = Math.max(count, filters.minUpvotes ?? 0)));
    else if (name === 'author') take(parseName('author', value), (author) => filters.authors.push(author));
    else if (name === 'org') take(parseName('org', value), (org) => (filters.organization = org));
    else if (flags.has(value.toLowerCase())) filters[value.toLowerCase() as 'posted' | 'flagged'] = true;
    else problems.push(`is:${value} is not a filter; use posted or flagged`);
  }
  return { text: text.join(' '), filters, problems };
}

const examples: Record<Exclude<FilterName, 'is'>, string> = {
  since: 'since:7d or since:2026-11-01',
  upvotes: 'upvotes:>20',
  author: 'author:"Yann LeCun"',
  org: 'org:nvidia',
};
