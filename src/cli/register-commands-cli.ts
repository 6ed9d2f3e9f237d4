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
  });
  const where =
    result.scope === 'guild'
      ? `guild ${guildId}`
      : 'every guild (global commands can take up to an hour to appear)';
  io.stdout.write(
    `Registered /papers with ${result.commands[0]?.options?.length ?? 0} subcommands in ${where}.\n`,
  );
}
