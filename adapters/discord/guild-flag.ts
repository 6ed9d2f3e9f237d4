import { parseArgs } from 'node:util';
import { PaperboyError } from '../../src/errors';

/** `--guild ID`, the one option of the Discord CLI commands (`--verbose` is the CLI's own, read by main). */
export function guildFlag(argv: string[], usage: string): string | undefined {
  try {
    return parseArgs({
      args: argv,
      options: { guild: { type: 'string' }, verbose: { type: 'boolean' } },
      strict: true,
    }).values.guild;
  } catch (error) {
    throw new PaperboyError('invalid_input', `${(error as Error).message}\n\nUsage: paperboy ${usage}`);
  }
}
