import { PaperboyError } from '../../src/errors';
import type { PlatformCliCommand } from '../platform-module';
import type { DiscordConfig } from './discord-env';
import { guildFlag } from './guild-flag';
import { registerCommands } from './register-commands';

/** `paperboy register-commands [--guild ID]`: a bulk overwrite of Discord's `/papers` definition. */
export const registerCommandsCli: PlatformCliCommand<DiscordConfig> = {
  name: 'register-commands',
  usage: 'register-commands [--guild ID]  register the Discord /papers command',
  async run({ config, argv, stdout, log, specs }) {
    const guild = guildFlag(argv, registerCommandsCli.usage);
    if (!config.DISCORD_TOKEN || !config.DISCORD_APPLICATION_ID) {
      throw new PaperboyError(
        'config_invalid',
        'register-commands needs DISCORD_TOKEN and DISCORD_APPLICATION_ID',
      );
    }
    const guildId = guild ?? config.DISCORD_GUILD_ID;
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
      specs,
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
    stdout.write(
      `Registered /papers with ${result.commands[0]?.options?.length ?? 0} subcommands in ${where}.\n`,
    );
  },
};

/** `fetch failed` says nothing: the network cause (ENOTFOUND, ECONNREFUSED) says what went wrong. */
function failureReason(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : null;
  const code = (cause as { code?: string } | null)?.code;
  const message = error instanceof Error ? error.message : String(error);
  return code ? `network error ${code} (${message})` : message;
}
