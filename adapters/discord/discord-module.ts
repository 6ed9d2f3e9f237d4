/** Discord as a platform module: on when a bot token and its application id are set. */
import { definePlatform } from '../platform-module';
import { createDiscordAdapter } from './discord-adapter';
import { discordEnv } from './discord-env';
import { shardPlanOf, shardSettingIssues, shardsText } from './discord-shards';
import { inviteUrlCli } from './invite-url-cli';
import { registerCommandsCli } from './register-commands-cli';

export const discordModule = definePlatform({
  id: 'discord',
  name: 'Discord',
  env: discordEnv,
  secrets: ['DISCORD_TOKEN'],
  plan(config) {
    const missing = [
      config.DISCORD_TOKEN ? null : 'DISCORD_TOKEN',
      config.DISCORD_APPLICATION_ID ? null : 'DISCORD_APPLICATION_ID',
    ].filter(Boolean);
    return missing.length
      ? { on: false, reason: `${missing.join(' and ')} not set` }
      : { on: true, reason: `gateway via ${config.DISCORD_API_BASE}, ${shardsText(shardPlanOf(config))}` };
  },
  halfConfigured(config) {
    if (Boolean(config.DISCORD_TOKEN) === Boolean(config.DISCORD_APPLICATION_ID)) return [];
    const [set, missing] = config.DISCORD_TOKEN
      ? ['DISCORD_TOKEN', 'DISCORD_APPLICATION_ID']
      : ['DISCORD_APPLICATION_ID', 'DISCORD_TOKEN'];
    return [`Discord is half configured: ${set} is set but ${missing} is not (set both, or neither)`];
  },
  envIssues: shardSettingIssues,
  createAdapter(config, deps) {
    if (!config.DISCORD_TOKEN || !config.DISCORD_APPLICATION_ID) {
      throw new Error('DISCORD_TOKEN and DISCORD_APPLICATION_ID are not set');
    }
    return createDiscordAdapter({
      token: config.DISCORD_TOKEN,
      applicationId: config.DISCORD_APPLICATION_ID,
      apiBase: config.DISCORD_API_BASE,
      guildId: config.DISCORD_GUILD_ID,
      messageContent: config.DISCORD_MESSAGE_CONTENT,
      shards: shardPlanOf(config),
      commands: deps.commands,
      log: deps.log,
      telemetry: deps.telemetry,
      claimInteraction: (id) => deps.claimEvent(`discord:interaction:${id}`),
    });
  },
  credentialHint: 'check DISCORD_TOKEN, DISCORD_APPLICATION_ID and DISCORD_API_BASE',
  cliCommands: [registerCommandsCli, inviteUrlCli],
});
