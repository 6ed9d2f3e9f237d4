import { PaperboyError } from '../../src/errors';
import type { PlatformCliCommand } from '../platform-module';
import type { DiscordConfig } from './discord-env';
import { botPermissions, inviteUrl } from './discord-permissions';
import { guildFlag } from './guild-flag';

/** `paperboy invite-url [--guild ID]`: the OAuth2 link that adds the bot with exactly the permissions it uses. */
export const inviteUrlCli: PlatformCliCommand<DiscordConfig> = {
  name: 'invite-url',
  usage: 'invite-url [--guild ID]         the link that adds the bot to a Discord server',
  async run({ config, argv, stdout }) {
    const guild = guildFlag(argv, inviteUrlCli.usage) ?? config.DISCORD_GUILD_ID;
    if (!config.DISCORD_APPLICATION_ID) {
      throw new PaperboyError(
        'config_invalid',
        'invite-url needs DISCORD_APPLICATION_ID: the Application ID on the General Information page of your ' +
          'application in the Discord Developer Portal (docs/discord-install.md)',
      );
    }
    if (guild !== undefined && !/^\d+$/.test(guild)) {
      throw new PaperboyError(
        'invalid_input',
        `--guild "${guild}" is not a server id (a number such as 123456789012345678)`,
      );
    }
    const names = botPermissions.map((permission) => permission.name).join(', ');
    stdout.write(
      `${inviteUrl(config.DISCORD_APPLICATION_ID, guild)}\n\n` +
        `Open it as a server admin to add paperboy with the scopes bot and applications.commands and these permissions: ${names}.\n`,
    );
  },
};
