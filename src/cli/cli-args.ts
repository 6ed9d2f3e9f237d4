import { parseArgs } from 'node:util';
import { PaperboyError } from '../errors';
import { closestWord } from '../text/edit-distance';

/**
 * `paperboy help`, from the platform modules' names (`Discord, Slack`) and their own commands' lines
 * (`register-commands …`).
 */
export const usageWith = (
  platformNames: string,
  platformLines: readonly string[],
) => `paperboy — the Hugging Face Daily Papers in ${platformNames} or this terminal

Usage:
  paperboy start [--demo]                  run the bot (console mode when no chat credentials are set)
  paperboy fetch --date YYYY-MM-DD         fetch and store one day's batch
  paperboy fetch --from D --to D           backfill a range of days
  paperboy fetch --source arxiv --categories cs.LG,cs.RO --from D --to D
                                           backfill arXiv mailings (one request every 3 s)
  paperboy search "<query>" [--limit N] [--json]
  paperboy digest [--date D] [--json]      the digest a default channel would get
  paperboy trending [--limit N] [--json]   Hugging Face's trending papers right now (default 10)
  paperboy backup <file>                   a consistent copy of the database, also while the bot runs
  paperboy restore <file>                  put a backup back (the bot stopped; the old database is kept)
${platformLines.map((line) => `  paperboy ${line}\n`).join('')}  paperboy help

Options: --verbose  also print the info log of one-shot commands (fetch, search, digest)
Backfill older days for search: paperboy fetch --from 2024-09-01 --to 2024-10-31

Configuration comes from the environment and .env (see .env.example).`;

export interface CliArgs {
  command: string;
  positionals: string[];
  demo: boolean;
  json: boolean;
  verbose: boolean;
  date?: string;
  from?: string;
  to?: string;
  limit?: number;
  /** `fetch --source`: `huggingface` (the default) or `arxiv`. */
  source?: 'huggingface' | 'arxiv';
  /** `fetch --source arxiv --categories cs.LG,cs.RO`, as typed (checked by the arXiv fetch). */
  categories?: string;
}

const isoDay = /^\d{4}-\d{2}-\d{2}$/;

export function checkDay(value: string, flag: string): string {
  const valid =
    isoDay.test(value) &&
    !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
    new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);
  if (!valid)
    throw new PaperboyError(
      'invalid_input',
      `${flag} "${value}" is not a date; use YYYY-MM-DD, e.g. 2024-10-25`,
    );
  return value;
}

/**
 * A mistyped flag in one line, as a person would put it (`unknown option --dat (did you mean --date?)`),
 * instead of Node's parseArgs text followed by the whole usage.
 */
function argumentProblem(error: unknown, argv: string[], flags: readonly string[]): string {
  const code = (error as { code?: string }).code;
  const message = (error as Error).message;
  const help = 'paperboy help lists the commands and options.';
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    const typed = /option '([^']+)'/.exec(message)?.[1] ?? argv.find((arg) => arg.startsWith('-')) ?? '';
    const bare = typed.replace(/^-+/, '').split('=')[0] ?? '';
    const near = closestWord(bare, flags);
    return `unknown option ${typed.split('=')[0]}${near ? ` (did you mean --${near}?)` : ''}. ${help}`;
  }
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    const flag = /--([a-z-]+)/.exec(message)?.[1] ?? '';
    const example =
      flag === 'limit' ? '20' : flag === 'date' || flag === 'from' || flag === 'to' ? '2024-10-25' : '';
    return example
      ? `--${flag} needs a value, e.g. --${flag} ${example}. ${help}`
      : `--${flag} takes no value. ${help}`;
  }
  return `${message.replace(/\s+$/, '')}. ${help}`;
}

export function parseCliArgs(argv: string[]): CliArgs {
  let parsed: ReturnType<typeof parseArgs<{ options: typeof options; allowPositionals: true }>>;
  const options = {
    demo: { type: 'boolean' },
    json: { type: 'boolean' },
    verbose: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
    date: { type: 'string' },
    from: { type: 'string' },
    to: { type: 'string' },
    limit: { type: 'string' },
    source: { type: 'string' },
    categories: { type: 'string' },
  } as const;
  try {
    parsed = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new PaperboyError('invalid_input', argumentProblem(error, argv, Object.keys(options)));
  }
  const { values, positionals } = parsed;
  // Bare `npx paperboy` shows what it can do; `npm start` runs `paperboy start` by name.
  const [command = 'help', ...rest] = values.help ? ['help'] : positionals;
  const args: CliArgs = {
    command,
    positionals: rest,
    demo: values.demo ?? false,
    json: values.json ?? false,
    verbose: values.verbose ?? false,
  };
  if (values.date) args.date = checkDay(values.date, '--date');
  if (values.from) args.from = checkDay(values.from, '--from');
  if (values.to) args.to = checkDay(values.to, '--to');
  if (values.source !== undefined) {
    if (values.source !== 'huggingface' && values.source !== 'arxiv')
      throw new PaperboyError(
        'invalid_input',
        `--source "${values.source}" is not a source: use --source huggingface (the default) or --source arxiv`,
      );
    args.source = values.source;
  }
  if (values.categories !== undefined) args.categories = values.categories;
  if (values.limit !== undefined) {
    const limit = Number(values.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
      throw new PaperboyError(
        'invalid_input',
        `--limit "${values.limit}" must be a whole number from 1 to 100`,
      );
    }
    args.limit = limit;
  }
  return args;
}
