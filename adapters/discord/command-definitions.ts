/**
 * Turns the core's command specs into the `/papers` slash command: each spec a subcommand, so a new
 * subcommand needs no change here. Also normalises definitions so start-up can tell whether they changed.
 */
import {
  type APIApplicationCommandBasicOption,
  type APIApplicationCommandSubcommandOption,
  ApplicationCommandOptionType,
  ApplicationCommandType,
  ApplicationIntegrationType,
  InteractionContextType,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import type { CommandSpec, OptionSpec, OptionType } from '../../commands/command-spec';
import { truncate } from './discord-text';

export const COMMAND_NAME = 'papers';
const COMMAND_DESCRIPTION = 'Hugging Face Daily Papers: search, today, subscriptions';

const OPTION_TYPES: Record<
  OptionType,
  | ApplicationCommandOptionType.String
  | ApplicationCommandOptionType.Integer
  | ApplicationCommandOptionType.Boolean
> = {
  string: ApplicationCommandOptionType.String,
  integer: ApplicationCommandOptionType.Integer,
  boolean: ApplicationCommandOptionType.Boolean,
};

const description = (text: string) => truncate(text.trim() || '—', 100);

function optionDefinition(option: OptionSpec): APIApplicationCommandBasicOption {
  const base = {
    name: option.name,
    description: description(option.description),
    required: option.required === true,
  };
  switch (option.type) {
    case 'integer':
      return {
        ...base,
        type: ApplicationCommandOptionType.Integer,
        ...(option.minValue !== undefined ? { min_value: option.minValue } : {}),
        ...(option.maxValue !== undefined ? { max_value: option.maxValue } : {}),
      };
    case 'boolean':
      return { ...base, type: ApplicationCommandOptionType.Boolean };
    case 'string':
      return {
        ...base,
        type: ApplicationCommandOptionType.String,
        ...(option.autocomplete ? { autocomplete: true } : {}),
        ...(option.maxLength !== undefined ? { max_length: Math.min(6000, option.maxLength) } : {}),
      };
  }
}

/** Discord's limit on the subcommands of one command, and on the options of one subcommand. */
export const discordMaxSubcommands = 25;
export const discordMaxOptions = 25;

function subcommand(spec: CommandSpec): APIApplicationCommandSubcommandOption {
  if (spec.options.length > discordMaxOptions)
    throw new Error(
      `/papers ${spec.name} has ${spec.options.length} options; Discord takes at most ${discordMaxOptions}. Merge some before registering.`,
    );
  // Discord requires required options before optional ones.
  const ordered = [...spec.options].sort((a, b) => Number(b.required === true) - Number(a.required === true));
  return {
    type: ApplicationCommandOptionType.Subcommand,
    name: spec.name,
    description: description(spec.description),
    options: ordered.map(optionDefinition),
  };
}

/**
 * The one `/papers` command. Discord sets default member permissions per command, not per subcommand, so
 * `managesChannel` subcommands are not hidden here: the core checks `canManageChannel` at run time.
 */
export function buildCommandDefinitions(
  specs: readonly CommandSpec[],
): RESTPostAPIChatInputApplicationCommandsJSONBody[] {
  // Dropping the ones past the limit would leave people with commands that exist everywhere but Discord.
  if (specs.length > discordMaxSubcommands)
    throw new Error(
      `/papers has ${specs.length} subcommands (${specs.map((spec) => spec.name).join(', ')}); Discord takes at most ${discordMaxSubcommands}. Fold some into options before adding more.`,
    );
  return [
    {
      type: ApplicationCommandType.ChatInput,
      name: COMMAND_NAME,
      description: COMMAND_DESCRIPTION,
      contexts: [InteractionContextType.Guild],
      integration_types: [ApplicationIntegrationType.GuildInstall],
      default_member_permissions: null,
      options: specs.map(subcommand),
    },
  ];
}

/** Option type for a spec option name, for turning command text into slash options (contract driver). */
export const optionTypeOf = (type: OptionType) => OPTION_TYPES[type];
