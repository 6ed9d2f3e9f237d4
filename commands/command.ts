/**
 * One `/papers` subcommand as one object: what platforms show (the spec), what it accepts (a zod schema of
 * its options) and what it does (the handler, given the options the schema parsed). Each lives in its own
 * file, `commands/<name>.ts`; command-list.ts lists them in the order people see them.
 */
import type { z } from 'zod';
import type { Reply } from '../src/chat/replies';
import { PaperboyError } from '../src/errors';
import type { CommandContext } from './command-context';
import type { CommandDeps } from './command-deps';
import type { CommandInvocation, CommandSpec, OptionSpec } from './command-spec';
import { validateOptions } from './validate';

/** What a subcommand does once its options are valid. */
export type CommandRun<Options> = (
  options: Options,
  invocation: CommandInvocation,
  context: CommandContext,
  deps: CommandDeps,
) => Reply | Promise<Reply>;

/** A subcommand as the router calls it: raw options in, a reply out. */
export type CommandHandler = (
  invocation: CommandInvocation,
  context: CommandContext,
  deps: CommandDeps,
) => Reply | Promise<Reply>;

export interface Command {
  /** What platforms show and parse, with the limits the schema states filled in. */
  readonly spec: CommandSpec;
  readonly schema: z.ZodObject;
  readonly handler: CommandHandler;
}

export interface CommandDefinition<Schema extends z.ZodObject> {
  /** Limits (`maxLength`, `minValue`, `maxValue`) are left out where the schema states them. */
  spec: CommandSpec;
  schema: Schema;
  /**
   * Channel managers only: checked before the options, and refused as `Only <who> can <managerAction>.`
   * (e.g. `subscribe this channel`). Sets the spec's `managesChannel`.
   */
  managerAction?: string;
  run: CommandRun<z.infer<Schema>>;
}

/** The innermost schema of an option: through `.optional()`, `.default()` and the input side of a pipe. */
function innermost(schema: z.ZodType): z.ZodType {
  let current = schema;
  for (;;) {
    const def = current._zod.def as { type: string; innerType?: z.ZodType; in?: z.ZodType };
    if ((def.type === 'optional' || def.type === 'default') && def.innerType) current = def.innerType;
    else if (def.type === 'pipe' && def.in) current = def.in;
    else return current;
  }
}

const finite = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

/** The limits an option's schema states: a string's longest length, a number's bounds. */
export function schemaLimits(schema: z.ZodType): Pick<OptionSpec, 'maxLength' | 'minValue' | 'maxValue'> {
  const inner = innermost(schema) as z.ZodType & {
    maxLength?: unknown;
    minValue?: unknown;
    maxValue?: unknown;
  };
  const type = (inner._zod.def as { type: string }).type;
  if (type === 'string') {
    const maxLength = finite(inner.maxLength);
    return maxLength === undefined ? {} : { maxLength };
  }
  if (type === 'number') {
    const minValue = finite(inner.minValue);
    const maxValue = finite(inner.maxValue);
    return {
      ...(minValue === undefined ? {} : { minValue }),
      ...(maxValue === undefined ? {} : { maxValue }),
    };
  }
  return {};
}

/**
 * Each option of the spec with the limits its schema states. A limit written in both places is a mistake
 * waiting to drift (author and org once said 100 to Discord and 200 to everyone else): it fails at load.
 */
function withSchemaLimits(spec: CommandSpec, schema: z.ZodObject): OptionSpec[] {
  return spec.options.map((option) => {
    const field = schema.shape[option.name] as z.ZodType | undefined;
    if (!field) throw new Error(`/papers ${spec.name}: option ${option.name} is not in its schema`);
    const limits = schemaLimits(field);
    for (const key of Object.keys(limits) as (keyof typeof limits)[]) {
      if (option[key] !== undefined)
        throw new Error(
          `/papers ${spec.name}: ${option.name}'s ${key} is stated by its schema (${limits[key]}); leave it out of the spec`,
        );
    }
    return { ...option, ...limits };
  });
}

export function defineCommand<Schema extends z.ZodObject>(definition: CommandDefinition<Schema>): Command {
  const { schema, managerAction, run } = definition;
  const spec: CommandSpec = {
    ...definition.spec,
    ...(managerAction ? { managesChannel: true } : {}),
    options: withSchemaLimits(definition.spec, schema),
  };
  return {
    spec,
    schema,
    handler: (invocation, context, deps) => {
      if (managerAction && !context.canManageChannel)
        throw new PaperboyError(
          'forbidden',
          `Only ${context.manageChannelRequirement} can ${managerAction}.`,
        );
      return run(validateOptions(schema, invocation.options), invocation, context, deps);
    },
  };
}
