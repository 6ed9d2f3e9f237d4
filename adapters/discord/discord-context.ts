/** Reads who is asking and what they asked from a discord.js interaction, in the core's terms. */
import {
  ApplicationCommandOptionType,
  type ChatInputCommandInteraction,
  type CommandInteractionOption,
  type Interaction,
  PermissionFlagsBits,
} from 'discord.js';
import type { CommandContext } from '../../commands/command-context';
import type { CommandInvocation, OptionValue } from '../../commands/command-spec';

export const MANAGE_CHANNEL_REQUIREMENT = 'members with the Manage Channels permission';
export const COMMAND_PREFIX = '/papers';

/**
 * Null outside a guild (the command is registered for guilds only, but a DM can still arrive).
 * `memberPermissions` are the member's permissions in this channel, overwrites and Administrator included.
 */
export function commandContextOf(interaction: Interaction): CommandContext | null {
  if (!interaction.guildId || !interaction.channelId) return null;
  return {
    channel: { platform: 'discord', workspaceId: interaction.guildId, channelId: interaction.channelId },
    userId: interaction.user.id,
    canManageChannel: interaction.memberPermissions?.has(PermissionFlagsBits.ManageChannels) ?? false,
    manageChannelRequirement: MANAGE_CHANNEL_REQUIREMENT,
    commandPrefix: COMMAND_PREFIX,
  };
}

const SCALAR_TYPES = new Set([
  ApplicationCommandOptionType.String,
  ApplicationCommandOptionType.Integer,
  ApplicationCommandOptionType.Number,
  ApplicationCommandOptionType.Boolean,
]);

function optionValues(options: readonly CommandInteractionOption[]): Record<string, OptionValue> {
  const values: Record<string, OptionValue> = {};
  for (const option of options) {
    if (SCALAR_TYPES.has(option.type) && option.value !== undefined) values[option.name] = option.value;
  }
  return values;
}

/** `/papers search query:diffusion days:7` → `{ name: 'search', options: { query: 'diffusion', days: 7 } }` */
export function invocationOf(interaction: ChatInputCommandInteraction): CommandInvocation {
  const [sub] = interaction.options.data;
  if (!sub || sub.type !== ApplicationCommandOptionType.Subcommand) return { name: 'help', options: {} };
  return { name: sub.name, options: optionValues(sub.options ?? []) };
}
