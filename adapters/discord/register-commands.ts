/**
 * Registers `/papers` with Discord by bulk overwrite (guild-scoped when a guild id is given: instant, for
 * development; global otherwise). Start-up uses `ensureCommandsRegistered`, which writes only when the
 * definitions differ: Discord allows 200 command creates per day per guild.
 */
import { type APIApplicationCommand, REST, Routes } from 'discord.js';
import type { CommandSpec } from '../../commands/command-spec';
import type { Logger } from '../../src/logging/logger';
import { buildCommandDefinitions } from './command-definitions';

export interface RegisterCommandsOptions {
  /** An existing REST client (the adapter's); otherwise one is made from `token` and `apiBase`. */
  rest?: REST;
  token?: string;
  /** Default `https://discord.com/api`. */
  apiBase?: string;
  applicationId: string;
  /** Register in this guild only (instant) instead of globally. */
  guildId?: string | undefined;
  specs: readonly CommandSpec[];
  log?: Logger;
}

export interface RegistrationResult {
  scope: 'guild' | 'global';
  changed: boolean;
  commands: APIApplicationCommand[];
}

function restOf(options: RegisterCommandsOptions): REST {
  if (options.rest) return options.rest;
  if (!options.token) throw new Error('registerCommands needs a REST client or a bot token');
  return new REST({ api: options.apiBase ?? 'https://discord.com/api' }).setToken(options.token);
}

const routeOf = (options: RegisterCommandsOptions) =>
  options.guildId
    ? Routes.applicationGuildCommands(options.applicationId, options.guildId)
    : Routes.applicationCommands(options.applicationId);

const scopeOf = (options: RegisterCommandsOptions) => (options.guildId ? 'guild' : 'global');

/** Bulk-overwrites the commands with the definitions built from `specs`. */
export async function registerCommands(options: RegisterCommandsOptions): Promise<RegistrationResult> {
  const body = buildCommandDefinitions(options.specs);
  const commands = (await restOf(options).put(routeOf(options), { body })) as APIApplicationCommand[];
  options.log?.info({ scope: scopeOf(options), count: commands.length }, 'discord commands registered');
  return { scope: scopeOf(options), changed: true, commands };
}

/** Registers only when what Discord has differs from what `specs` define. */
export async function ensureCommandsRegistered(
  options: RegisterCommandsOptions,
): Promise<RegistrationResult> {
  const current = (await restOf(options).get(routeOf(options))) as APIApplicationCommand[];
  const wanted = buildCommandDefinitions(options.specs);
  if (sameDefinitions(current, wanted)) {
    options.log?.debug({ scope: scopeOf(options) }, 'discord commands up to date');
    return { scope: scopeOf(options), changed: false, commands: current };
  }
  return registerCommands(options);
}

type LooseOption = {
  type: number;
  name: string;
  description: string;
  required?: boolean;
  autocomplete?: boolean;
  min_value?: number;
  max_value?: number;
  min_length?: number;
  max_length?: number;
  choices?: { name: string; value: string | number }[];
  options?: LooseOption[];
};
type LooseCommand = {
  name: string;
  type?: number | undefined;
  description?: string | undefined;
  default_member_permissions?: string | null | undefined;
  contexts?: readonly number[] | null | undefined;
  integration_types?: readonly number[] | null | undefined;
  nsfw?: boolean | undefined;
  options?: readonly unknown[] | undefined;
};

const sorted = (values: readonly number[] | null | undefined) =>
  values ? [...values].sort((a, b) => a - b) : null;

function normalizeOption(option: LooseOption): unknown {
  return {
    type: option.type,
    name: option.name,
    description: option.description,
    required: option.required === true,
    autocomplete: option.autocomplete === true,
    min_value: option.min_value ?? null,
    max_value: option.max_value ?? null,
    min_length: option.min_length ?? null,
    max_length: option.max_length ?? null,
    choices: (option.choices ?? []).map((choice) => ({ name: choice.name, value: choice.value })),
    options: (option.options ?? []).map(normalizeOption),
  };
}

/** The parts of a command definition that matter, with Discord's defaults filled in, in a fixed key order. */
export function normalizeCommand(command: LooseCommand): unknown {
  return {
    type: command.type ?? 1,
    name: command.name,
    description: command.description ?? '',
    default_member_permissions: command.default_member_permissions ?? null,
    contexts: sorted(command.contexts),
    integration_types: sorted(command.integration_types),
    nsfw: command.nsfw === true,
    options: ((command.options ?? []) as LooseOption[]).map(normalizeOption),
  };
}

export function sameDefinitions(current: readonly LooseCommand[], wanted: readonly LooseCommand[]): boolean {
  const canon = (commands: readonly LooseCommand[]) =>
    JSON.stringify([...commands].sort((a, b) => a.name.localeCompare(b.name)).map(normalizeCommand));
  return canon(current) === canon(wanted);
}
