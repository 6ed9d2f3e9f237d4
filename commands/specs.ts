import type { CommandSpec, OptionSpec } from './command-spec';

/** The `/papers` subcommands. Adapters build their command definitions and parsers from this list. */
/** The paper a discussion or `why` command is about. */
const paperIdOption: OptionSpec = {
  name: 'id',
  type: 'string',
  description: 'e.g. 2410.17243',
  required: true,
  positional: true,
  maxLength: 300,
};

export const commandSpecs: CommandSpec[] = [
  {
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
        maxLength: 300,
      },
      {
        name: 'since',
        type: 'string',
        description: 'Only papers since a date or an age: 2026-11-01, 7d, 4w, 6m or 1y',
        maxLength: 40,
      },
      {
        name: 'days',
        type: 'integer',
        description: 'Only papers from the last N days',
        minValue: 1,
        maxValue: 3650,
      },
      {
        name: 'min_upvotes',
        type: 'integer',
        description: 'Only papers with at least this many upvotes',
        minValue: 0,
        maxValue: 1_000_000,
      },
      {
        name: 'author',
        type: 'string',
        description: 'Only papers by this author (a full name or a surname)',
        maxLength: 100,
      },
      {
        name: 'org',
        type: 'string',
        description: 'Only papers from this organization, e.g. nvidia',
        maxLength: 100,
      },
      { name: 'posted', type: 'boolean', description: 'Only papers paperboy posted in this channel' },
      { name: 'flagged', type: 'boolean', description: "Only papers on this channel's discussion queue" },
    ],
  },
  {
    name: 'today',
    description: "The latest Daily Papers batch, through this channel's filters and order",
    usage: 'today',
    options: [],
  },
  {
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
        maxLength: 300,
      },
    ],
  },
  {
    name: 'trending',
    description: "Hugging Face's trending papers right now",
    usage: 'trending',
    options: [],
  },
  {
    name: 'subscribe',
    description: 'Post the daily digest in this channel (or change its settings)',
    usage:
      'subscribe [09:00] [Europe/Paris] [top=10] [min_upvotes=0] [include="diffusion, llm"] [exclude=…] [weekdays=mon-fri] [source=daily|trending]',
    managesChannel: true,
    saves: true,
    options: [
      {
        name: 'time',
        type: 'string',
        description: 'Local time of day, HH:MM (default 09:00)',
        positional: true,
        shape: /^\d/,
        maxLength: 5,
      },
      {
        name: 'timezone',
        type: 'string',
        description: 'IANA time zone, e.g. Europe/Paris (default UTC)',
        positional: true,
        aliases: ['tz', 'zone'],
        autocomplete: true,
        maxLength: 64,
      },
      {
        name: 'top',
        type: 'integer',
        description: 'How many papers at most (default 10)',
        minValue: 1,
        maxValue: 50,
      },
      {
        name: 'min_upvotes',
        type: 'integer',
        description: 'Leave out papers with fewer upvotes (default 0)',
        minValue: 0,
        maxValue: 100_000,
      },
      {
        name: 'include',
        type: 'string',
        description: 'Only papers mentioning one of these, comma-separated',
        maxLength: 500,
      },
      {
        name: 'exclude',
        type: 'string',
        description: 'Leave out papers mentioning any of these, comma-separated',
        maxLength: 500,
      },
      {
        name: 'weekdays',
        type: 'string',
        description: 'Days to post: daily, mon-fri or e.g. mon,wed,fri',
        maxLength: 40,
      },
      { name: 'post_empty', type: 'boolean', description: 'Post a short line on days with nothing new' },
      {
        name: 'source',
        type: 'string',
        description:
          "daily: the day's batch (default); trending: Hugging Face's trending list, new papers only",
        maxLength: 20,
      },
    ],
  },
  {
    name: 'unsubscribe',
    description: 'Stop the daily digest in this channel',
    usage: 'unsubscribe',
    managesChannel: true,
    saves: true,
    options: [],
  },
  {
    name: 'settings',
    description: "Show this channel's settings, or change its discussion settings",
    usage:
      'settings [flag_emoji=🔖] [threads=on] [agenda="fri 15:00"] [ranking=team|upvotes] [dislike_emoji=👎]',
    saves: true,
    options: [
      {
        name: 'flag_emoji',
        type: 'string',
        description: 'The reaction that flags a paper for discussion (default 🔖)',
        maxLength: 64,
      },
      {
        name: 'threads',
        type: 'boolean',
        description: 'Open a discussion thread on the first flag (default on)',
      },
      {
        name: 'agenda',
        type: 'string',
        description: 'Weekly agenda post, e.g. "fri 15:00" or off',
        maxLength: 60,
      },
      {
        name: 'ranking',
        type: 'string',
        description: "Digest order: team (learns from this channel's flags; the default) or upvotes",
        maxLength: 10,
      },
      {
        name: 'dislike_emoji',
        type: 'string',
        description:
          'The reaction that tells the ranking a paper is not for this channel (default 👎), or off',
        maxLength: 64,
      },
    ],
  },
  {
    name: 'queue',
    description: "This channel's discussion queue: flagged papers, most flags first",
    usage: 'queue',
    options: [],
  },
  {
    name: 'discussed',
    description: 'Move a paper from the queue to the channel history',
    usage: 'discussed <arXiv id or URL>',
    saves: true,
    options: [paperIdOption],
  },
  {
    name: 'unflag',
    description: 'Withdraw your flag from a paper',
    usage: 'unflag <arXiv id or URL>',
    saves: true,
    options: [paperIdOption],
  },
  {
    name: 'history',
    description: 'Papers this channel has discussed',
    usage: 'history',
    options: [],
  },
  {
    name: 'for-you',
    description: "The week's best papers for this channel, by what it flags, that nobody here flagged yet",
    usage: 'for-you',
    options: [],
  },
  {
    name: 'why',
    description: 'Why a paper was or was not posted in this channel, and where the team ranking puts it',
    usage: 'why <arXiv id or URL>',
    options: [paperIdOption],
  },
  {
    name: 'help',
    description: 'What paperboy can do',
    usage: 'help',
    options: [],
  },
];
