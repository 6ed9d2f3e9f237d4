/**
 * The permissions the bot needs in a channel, each with what the adapter does that needs it
 * (discord-port.ts's REST calls; the gateway needs View Channel to deliver a channel's reactions). The
 * invite URL's permissions integer (`paperboy invite-url`) is computed from this list, and
 * docs/discord-install.md lists the same names. Members need nothing special; managing a channel's digest
 * asks for Manage Channels of the member, not of the bot.
 */
import { PermissionFlagsBits } from 'discord.js';

export interface BotPermission {
  flag: keyof typeof PermissionFlagsBits;
  /** As the Developer Portal and the server settings name it. */
  name: string;
  /** What paperboy does with it. */
  use: string;
}

export const botPermissions: readonly BotPermission[] = [
  { flag: 'ViewChannel', name: 'View Channels', use: 'see the channel and its reactions at all' },
  { flag: 'SendMessages', name: 'Send Messages', use: 'post digests, agendas and notices' },
  {
    flag: 'EmbedLinks',
    name: 'Embed Links',
    use: 'show each paper as a card (Discord drops embeds without it)',
  },
  {
    flag: 'ReadMessageHistory',
    name: 'Read Message History',
    use: 'find a post again after a crash (never twice) and read a flagged message for its paper link',
  },
  {
    flag: 'CreatePublicThreads',
    name: 'Create Public Threads',
    use: 'open a discussion thread on a flagged paper',
  },
  {
    flag: 'SendMessagesInThreads',
    name: 'Send Messages in Threads',
    use: 'post the first message in that thread',
  },
];

/** The bitfield Discord's OAuth2 URL takes as `permissions`. */
export const botPermissionsInteger: bigint = botPermissions.reduce(
  (bits, permission) => bits | PermissionFlagsBits[permission.flag],
  0n,
);

/** The scopes the invite asks for: the bot user, and its /papers command. */
export const inviteScopes = ['bot', 'applications.commands'] as const;

/** The link a server admin opens to add the bot, optionally preselecting one server. */
export function inviteUrl(applicationId: string, guildId?: string): string {
  const query = new URLSearchParams({
    client_id: applicationId,
    scope: inviteScopes.join(' '),
    permissions: botPermissionsInteger.toString(),
    ...(guildId ? { guild_id: guildId, disable_guild_select: 'true' } : {}),
  });
  return `https://discord.com/oauth2/authorize?${query.toString().replaceAll('+', '%20')}`;
}
