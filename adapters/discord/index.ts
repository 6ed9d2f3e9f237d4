/** What the composition root and the tests use from the Discord adapter. */
export { buildCommandDefinitions } from './command-definitions';
export { createDiscordAdapter, type DiscordAdapter, type DiscordAdapterOptions } from './discord-adapter';
export { discordModule } from './discord-module';
export { botPermissions, botPermissionsInteger, inviteUrl } from './discord-permissions';
export {
  ensureCommandsRegistered,
  type RegisterCommandsOptions,
  type RegistrationResult,
  registerCommands,
} from './register-commands';
