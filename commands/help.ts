import { z } from 'zod';
import { textReply } from '../src/chat/replies';
import { PaperboyError } from '../src/errors';
import { maxQueryLength } from '../src/search/search-service';
import { didYouMean } from '../src/text/edit-distance';
import { defineCommand } from './command';
import type { CommandSpec, OptionSpec } from './command-spec';

const searchSyntax = [
  'Search tips: best matches first (papers matching more of your words, in their titles, rank higher), nudged by upvotes. Questions work; typos, split or joined words, hyphens and acronyms (RL, LLM) are understood; the last word completes as you type.',
  'Operators: "exact phrase" must appear as written · -word leaves out papers with that word (`search video -diffusion`).',
  "More on Hugging Face: every search offers Hugging Face's own paper search (every paper it knows), and asks it by itself when no stored paper matches well; its results are marked 🤗 and stored.",
  'Filters, inline or as options: since:7d or since:2026-11-01 · upvotes:>20 · author:"Name" · org:nvidia · posted (posted here) · flagged (on this channel\'s queue). Alone, `search upvotes:>50 since:7d` is the week\'s top papers.',
  `Queries are at most ${maxQueryLength} characters. An arXiv id or paper URL looks that paper up.`,
];

const rankingTips = [
  'Team ranking: once 5 papers are flagged here, the digest puts first what this channel reads (its flags, 👎 reactions and the posts nobody flagged, blended with upvotes); each card says why. `settings ranking=upvotes` switches it off.',
];

const subscribeDefaults =
  'Daily digest defaults (subscribe): 09:00 UTC, every day, top 10, no upvote minimum, no keywords, source=daily. Examples: `subscribe 08:30 Europe/Paris`, `subscribe top=5 weekdays=mon-fri`.';

const trendingTips =
  "Trending: `trending` shows Hugging Face's trending list right now. `subscribe source=trending` makes the digest post, at its time, the top N trending papers this channel has not had instead of the daily batch (never one twice), with a short note when nothing new is trending (`post_empty=off` silences it).";

const arxivTips =
  "arXiv: `subscribe source=arxiv categories=cs.LG,cs.RO` posts, at its time, the top N new papers of the newest arXiv mailing in those categories (announced 20:00 US Eastern the evening before; none on weekends and arXiv holidays), each paper once however many of the categories list it. Below the team ranking's flag threshold the order is arXiv's own: new submissions first, then cross-lists. Categories are arXiv's (cs.RO, math.OC, hep-th; see arxiv.org/category_taxonomy).";

/** Extra lines for one subcommand's help: the tips that belong to it. */
const topicTips: Record<string, readonly string[]> = {
  search: searchSyntax,
  subscribe: [subscribeDefaults, trendingTips, arxivTips],
  trending: [trendingTips],
  settings: rankingTips,
  'for-you': rankingTips,
};

function optionLine(option: OptionSpec): string {
  const limits = [
    option.required ? 'required' : null,
    option.minValue !== undefined && option.maxValue !== undefined
      ? `${option.minValue}–${option.maxValue}`
      : null,
    option.type === 'boolean' ? 'on or off' : null,
  ].filter(Boolean);
  return `• ${option.name}${limits.length ? ` (${limits.join(', ')})` : ''}: ${option.description}`;
}

/** `help search`: one subcommand's usage, options and tips. */
function topicHelp(spec: CommandSpec, prefix: string): string {
  const options = spec.options.filter((option) => !option.rest);
  return [
    `\`${prefix} ${spec.usage}\` — ${spec.description}`,
    ...(options.length ? ['', 'Options:', ...options.map(optionLine)] : []),
    ...(topicTips[spec.name] ? ['', ...(topicTips[spec.name] ?? [])] : []),
  ].join('\n');
}

export const helpCommand = defineCommand({
  spec: {
    name: 'help',
    description: 'What paperboy can do, or one subcommand in detail (help search)',
    usage: 'help [subcommand]',
    options: [
      {
        name: 'command',
        type: 'string',
        description: 'A subcommand to explain, e.g. search',
        positional: true,
      },
    ],
  },
  schema: z.object({
    command: z.string().trim().toLowerCase().max(40, 'that is not a subcommand').optional(),
  }),
  run({ command }, _invocation, context, deps) {
    const platformLines = context.platformHelp ? ['', ...context.platformHelp] : [];
    if (command) {
      const spec = deps.specs.find((candidate) => candidate.name === command);
      if (!spec) {
        const names = deps.specs.map((candidate) => candidate.name);
        throw new PaperboyError(
          'invalid_input',
          `There is no subcommand "${command}"${didYouMean(command, names)}. Subcommands: ${names.join(', ')}.`,
        );
      }
      return textReply(topicHelp(spec, context.commandPrefix));
    }
    const lines = deps.specs.map(
      (spec) => `\`${context.commandPrefix} ${spec.usage}\` — ${spec.description}`,
    );
    return textReply(
      [
        'paperboy: the Hugging Face Daily Papers in this channel.',
        '',
        ...lines,
        '',
        subscribeDefaults,
        trendingTips,
        ...searchSyntax,
        ...rankingTips,
        ...platformLines,
      ].join('\n'),
    );
  },
});
