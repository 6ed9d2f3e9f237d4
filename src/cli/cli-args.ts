import { parseArgs } from 'node:util';
import { PaperboyError } from '../errors';

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

export function parseCliArgs(argv: string[], usage: string): CliArgs {
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
  } as const;
  try {
    parsed = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new PaperboyError('invalid_input', `${(error as Error).message}\n\n${usage}`);
  }
  const { values, positionals } = parsed;
  const [command = 'start', ...rest] = values.help ? ['help'] : positionals;
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
