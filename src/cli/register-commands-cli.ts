import { registerCommands } from '../../adapters/discord';
import { commandSpecs } from '../../commands/specs';
import type { Config } from '../config/config';
import { PaperboyError } from '../errors';
import type { Logger } from '../logging/logger';
import type { CliArgs } from './cli-args';
import type { CliIo } from './cli-commands';

/** `paperboy register-commands [--guild ID]`: a bulk overwrite of Discord's `/papers` definition. */
export async function registerCommandsCli(
  config: Config,
  args: CliArgs,
  io: CliIo,
  log: Logger,
): Promise<void> {
  if (!config.DISCORD_TOKEN || !config.DISCORD_APPLICATION_ID) {
    throw new PaperboyError(
      'config_invalid',
      'register-commands needs DISCORD_TOKEN and DISCORD_APPLICATION_ID',
    );
  }
  const guildId = args.guild ?? config.DISCORD_GUILD_ID;
  if (guildId !== undefined && !/^\d+$/.test(guildId)) {
    throw new PaperboyError(
      'invalid_input',
      `--guild "${guildId}" is not a guild id (a number such as 123456789012345678)`,
    );
  }
  const result = await registerCommands({
    token: config.DISCORD_TOKEN,
    apiBase: config.DISCORD_API_BASE,
    applicationId: config.DISCORD_APPLICATION_ID,
    guildId,
    specs: commandSpecs,
    log,
  }).catch((error: unknown) => {
    // Offline, a wrong API base or a rejected token: one line naming what to check, as `start` does.
    throw new PaperboyError(
      'config_invalid',
      `Discord did not take the commands: ${failureReason(error)} (check DISCORD_TOKEN, DISCORD_APPLICATION_ID and DISCORD_API_BASE=${config.DISCORD_API_BASE})`,
      { cause: error },
    );
  });
  const where =
    result.scope === 'guild'
      ? `guild ${guildId}`
      : 'every guild (global commands can take up to an hour to appear)';
  io.stdout.write(
    `Registered /papers with ${result.commands[0]?.options?.length ?? 0} subcommands in ${where}.\n`,
  );
}

/** `fetch failed` says nothing: the network cause (ENOTFOUND, ECONNREFUSED) says what went wrong. */
function failureReason(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : null;
  const code = (cause as { code?: string } | null)?.code;
  const message = error instanceof Error ? error.message : String(error);
  return code ? `network error ${code} (${message})` : message;
}
