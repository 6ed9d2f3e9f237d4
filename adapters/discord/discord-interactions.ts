/**
 * Translates Discord interactions into core calls: `/papers <sub>` → execute, time zone autocomplete →
 * suggestTimezones, list buttons → resume. Any failure becomes one generic ephemeral line and a log entry;
 * nothing about the failure itself reaches the chat.
 */
import {
  type AutocompleteInteraction,
  type ButtonInteraction,
  type ChatInputCommandInteraction,
  type Interaction,
  MessageFlags,
} from 'discord.js';
import type { CommandService } from '../../commands/command-service';
import type { Logger } from '../../src/logging/logger';
import { COMMAND_NAME } from './command-definitions';
import { NO_MENTIONS } from './discord-body';
import { commandContextOf, invocationOf } from './discord-context';
import { isDeadInteraction } from './discord-errors';
import { LIMITS } from './discord-limits';
import { tokenFromCustomId } from './discord-render-reply';
import { answerButton, answerCommand } from './discord-respond';

export interface InteractionDeps {
  commands: CommandService;
  log: Logger;
  /** Answer directly when the core replies within this many ms; defer otherwise. */
  deferAfterMs: number;
}

export const GENERIC_FAILURE = 'Sorry, something went wrong on our side. Please try again in a moment.';
export const GUILD_ONLY = 'paperboy works in server channels: use `/papers` in a channel of your server.';

const ephemeralText = (content: string) => ({
  content,
  flags: MessageFlags.Ephemeral as const,
  allowedMentions: NO_MENTIONS,
});

async function autocomplete(interaction: AutocompleteInteraction, deps: InteractionDeps) {
  const focused = interaction.options.getFocused(true);
  const names =
    focused.name === 'timezone' ? deps.commands.suggestTimezones(String(focused.value), LIMITS.choices) : [];
  const choices = names
    .slice(0, LIMITS.choices)
    .map((name) => ({ name: name.slice(0, 100), value: name.slice(0, 100) }));
  await interaction.respond(choices);
}

async function command(interaction: ChatInputCommandInteraction, deps: InteractionDeps) {
  const context = commandContextOf(interaction);
  if (!context) {
    await interaction.reply(ephemeralText(GUILD_ONLY));
    return;
  }
  const invocation = invocationOf(interaction);
  deps.log.debug({ command: invocation.name, channel: context.channel.channelId }, 'discord command');
  await answerCommand(interaction, deps.commands.execute(invocation, context), deps.deferAfterMs);
}

async function button(interaction: ButtonInteraction, token: string, deps: InteractionDeps) {
  const context = commandContextOf(interaction);
  if (!context) {
    await interaction.reply(ephemeralText(GUILD_ONLY));
    return;
  }
  await answerButton(interaction, deps.commands.resume(token, context), deps.deferAfterMs);
}

async function apologise(interaction: Interaction, log: Logger) {
  if (!interaction.isRepliable()) return;
  try {
    if (!interaction.deferred && !interaction.replied)
      await interaction.reply(ephemeralText(GENERIC_FAILURE));
    else if (interaction.isChatInputCommand() && !interaction.replied)
      await interaction.editReply({ content: GENERIC_FAILURE });
    else await interaction.followUp(ephemeralText(GENERIC_FAILURE));
  } catch (error) {
    log.warn({ err: error, interaction: interaction.id }, 'could not tell the user about a failure');
  }
}

export function createInteractionHandler(deps: InteractionDeps) {
  return async (interaction: Interaction): Promise<void> => {
    try {
      if (interaction.isAutocomplete() && interaction.commandName === COMMAND_NAME) {
        await autocomplete(interaction, deps);
      } else if (interaction.isChatInputCommand() && interaction.commandName === COMMAND_NAME) {
        await command(interaction, deps);
      } else if (interaction.isButton()) {
        const token = tokenFromCustomId(interaction.customId);
        if (token) await button(interaction, token, deps);
      }
    } catch (error) {
      if (isDeadInteraction(error)) {
        deps.log.warn({ err: error, interaction: interaction.id }, 'interaction expired before the answer');
        return;
      }
      deps.log.error({ err: error, interaction: interaction.id }, 'interaction failed');
      await apologise(interaction, deps.log);
    }
  };
}
