/**
 * `paperboy backup <file>` and `paperboy restore <file>`: the database DATABASE_URL names, copied out
 * while the bot runs, and put back while it does not. Neither opens the core: a backup must not migrate
 * the database it copies (the copy made before an upgrade is the way back), and a restore replaces it.
 */
import { resolve } from 'node:path';
import type { Config } from '../app/config';
import type { Clock } from '../clock';
import { backupDatabase, restoreDatabase } from '../engines/database-copies';
import { summaryText } from '../engines/sqlite/sqlite-backup';
import { PaperboyError } from '../errors';
import type { CliArgs } from './cli-args';
import type { CliIo } from './cli-commands';

/** The one file argument, resolved as the shell that typed it sees it (from the current folder). */
function fileArgument(args: CliArgs, example: string): string {
  const [file, ...extra] = args.positionals;
  if (!file || extra.length > 0) {
    throw new PaperboyError('invalid_input', `${args.command} takes one file, e.g. paperboy ${example}`);
  }
  return resolve(file);
}

export function backupCli(config: Config, args: CliArgs, io: CliIo): void {
  const destination = fileArgument(args, 'backup backups/paperboy-2026-11-27.db');
  const summary = backupDatabase(config.DATABASE_URL, destination);
  io.stdout.write(
    `Backed up ${config.DATABASE_URL} to ${destination} (${summaryText(summary)}; integrity checked).\n` +
      `To put it back: stop the bot, then paperboy restore ${destination}\n`,
  );
}

export function restoreCli(config: Config, args: CliArgs, io: CliIo, clock: Clock): void {
  const source = fileArgument(args, 'restore backups/paperboy-2026-11-27.db');
  const { restored, keptAs } = restoreDatabase(config.DATABASE_URL, source, clock.now());
  const kept = keptAs
    ? ` The database it replaced is kept as ${keptAs}: delete it once the restored one is as it should be.`
    : '';
  io.stdout.write(`Restored ${config.DATABASE_URL} from ${source} (${summaryText(restored)}).${kept}\n`);
}
