import { z } from 'zod';
import { textReply } from '../src/chat/replies';
import { maxQueryLength } from '../src/search/search-service';
import { defineCommand } from './command';

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

/** Words only the terminal has: there is no button or reaction to click there. */
const consoleWords =
  'In the terminal: `next` (or `more`) and `prev` page the last list, `share` posts it, `react m3` / `unreact m3` flag or unflag a paper (`react 2`: item 2 of the last list; add `as <name>` to act as a teammate), `exit` (or `quit`) leaves.';

export const helpCommand = defineCommand({
  spec: { name: 'help', description: 'What paperboy can do', usage: 'help', options: [] },
  schema: z.object({}),
  run(_options, _invocation, context, deps) {
    const lines = deps.specs.map(
      (spec) => `\`${context.commandPrefix} ${spec.usage}\` — ${spec.description}`,
    );
    const terminal = context.channel.platform === 'console' ? ['', consoleWords] : [];
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
        ...terminal,
      ].join('\n'),
    );
  },
});
