/**
 * The `/papers` subcommands described once, platform-neutrally. Discord turns these into slash-command
 * options, Slack and the console parse command text against them, and `help` prints them.
 */
export type OptionType = 'string' | 'integer' | 'boolean';

export interface OptionSpec {
  name: string;
  type: OptionType;
  description: string;
  required?: boolean;
  /** Suggest values as the user types (Discord autocomplete). */
  autocomplete?: boolean;
  /** In command text, options without `name=` fill these positions in order. */
  positional?: boolean;
  /** In command text, a bare word fills this positional only if it has this shape (a time starts with a digit). */
  shape?: RegExp;
  /** Other names accepted in command text (`tz=` for `timezone=`). */
  aliases?: string[];
  /** The rest of the command text after earlier positionals (e.g. a search query). */
  rest?: boolean;
  minValue?: number;
  maxValue?: number;
  maxLength?: number;
}

export interface CommandSpec {
  name: string;
  description: string;
  usage: string;
  /** Needs the right to manage the channel (Discord: Manage Channels; Slack: admin, owner or creator). */
  managesChannel?: boolean;
  /**
   * Saves a change (a subscription, a setting, a flag). While another process holds the database's write
   * lock, only these wait for it (retried, with the event loop free); every other subcommand reads, and
   * answers at once from what is stored.
   */
  saves?: boolean;
  options: OptionSpec[];
}

export type OptionValue = string | number | boolean;

/** One call of a subcommand, however it arrived. Values are raw; each handler validates with zod. */
export interface CommandInvocation {
  name: string;
  options: Record<string, OptionValue>;
}
