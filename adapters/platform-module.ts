/**
 * The one shape every `adapters/<platform>/` folder exports. The composition root keeps a list of these
 * (src/app/platform-modules.ts) and derives everything platform-specific from it: the environment schema,
 * the banner, which adapters start, the credential hint when one refuses, the secrets the logger blanks
 * out, extra CLI commands and emoji normalisation. The core itself never names a platform.
 */
import type { Readable, Writable } from 'node:stream';
import type { z } from 'zod';
import type { Command } from '../commands/command';
import type { CommandService } from '../commands/command-service';
import type { CommandSpec } from '../commands/command-spec';
import type { ChatAdapter, PlatformTelemetry } from '../src/chat/chat-adapter';
import type { Clock } from '../src/clock';
import type { BatchSync } from '../src/ingest/batch-sync';
import type { LogLines } from '../src/logging/log-lines';
import type { Logger } from '../src/logging/logger';
import type { TeamRanking } from '../src/ranking/team-ranking';
import type { Subscription } from '../src/records/subscription';
import type { Store } from '../src/store/store';
import type { WorkspaceInstallations } from '../src/subscriptions/workspace-installations';

/** Whether a module's configuration turns it on; `reason` is the banner's parenthesis either way. */
export interface PlatformPlan {
  on: boolean;
  reason: string;
  /** On, but only delivering (email): nobody can talk to the bot there, so the console stays on beside it. */
  deliveryOnly?: boolean;
}

/** This process's standard input and output. */
export interface Terminal {
  stdin: Readable & { isTTY?: boolean };
  stdout: Writable & { isTTY?: boolean };
  /** The log's lines, when they share this terminal: a prompt holds them off its own line. */
  logLines?: LogLines;
}

/** What a module's adapter is handed when the configuration turns it on. */
export interface PlatformDeps {
  commands: CommandService;
  log: Logger;
  clock: Clock;
  telemetry: PlatformTelemetry;
  /**
   * Claims a platform event (`discord:interaction:<id>`) in the database: true for the first instance
   * that asks, false for every other one sharing the database (it stays silent).
   */
  claimEvent(eventKey: string): Promise<boolean>;
  /**
   * Records a one-time value (`slack:request:<hash>`, `slack:oauth-state:<hash>`) in the database on every
   * engine, atomically: true the first time any instance (or an earlier run of this one) records it.
   */
  claimOnce(key: string): Promise<boolean>;
  /** The module's installations in many workspaces (stored in the database, shared by every instance). */
  installations: WorkspaceInstallations;
  /** The terminal the bot was started in: the console module's prompt reads and writes it; chat platforms leave it alone. */
  terminal: Terminal;
  /**
   * The stored papers and the day fetcher, for a module that shows a digest nobody asked for (the console
   * opens on the latest one). Chat platforms reach the core through `commands` only.
   */
  store: Store;
  sync: BatchSync;
  /** The channel's order, so a digest nobody asked for is ordered as `today` orders it. */
  ranking: TeamRanking;
  /**
   * Where the papers come from (named in the console's "fetching…" line) and how long a reply waits on it
   * before answering from what is stored.
   */
  source: { location: string; replyWaitMs: number };
}

/** What a module's CLI command may use of the core: the commands, and the subscriptions on its platform. */
export interface PlatformCore {
  commands: CommandService;
  /** The platform's subscribed channels, paused ones included. */
  subscriptions(platform: string): Promise<Subscription[]>;
}

/** A `paperboy <name> …` command a module adds to the command line. */
export interface PlatformCliCommand<Slice> {
  name: string;
  /** One line for `paperboy help`, e.g. `register-commands [--guild ID]  register the Discord /papers command`. */
  usage: string;
  /** `argv` is what follows the command name; output goes to `stdout`; user mistakes throw `PaperboyError`. */
  run(context: {
    config: Slice;
    argv: string[];
    stdout: NodeJS.WritableStream;
    log: Logger;
    specs: readonly CommandSpec[];
    /** The core over DATABASE_URL, or over a scratch in-memory database (to try a command out); closed after `run`. */
    openCore(where?: 'database' | 'scratch'): Promise<PlatformCore>;
  }): Promise<void>;
}

/** A `/papers <name>` subcommand a module adds on every platform while it is on (email's `/papers email`). */
export interface PlatformChatCommand<Slice> {
  /** The subcommand (`defineCommand`, as the built-in ones in commands/), given the module's configuration. */
  command(config: Slice, deps: { log: Logger; clock: Clock }): Command;
}

export interface PlatformModule<Id extends string = string, Shape extends z.ZodRawShape = z.ZodRawShape> {
  /** Stored with every channel (`ChannelRef.platform`): never change it once channels exist. */
  readonly id: Id;
  /** How people write the platform's name: `Discord`. */
  readonly name: string;
  /** This module's environment variables; the composition root merges every module's into one schema. */
  readonly env: Shape;
  /** The variables among `env` whose values are secrets: redacted in logs, scrubbed from every line. */
  readonly secrets: readonly (keyof Shape & string)[];
  /**
   * `earlier` holds the plans of the modules listed before this one (none when absent), for a module that
   * stands in when none of them is on (the console, listed last).
   */
  plan(config: z.infer<z.ZodObject<Shape>>, earlier?: readonly PlatformPlan[]): PlatformPlan;
  /** One message per mistake such as a token without its partner; any stops start-up. */
  halfConfigured(config: z.infer<z.ZodObject<Shape>>): string[];
  /**
   * Values valid one by one but not together (shard ids beyond the shard count): each becomes an issue
   * of the one environment schema, on the variable it names.
   */
  envIssues?(config: z.infer<z.ZodObject<Shape>>): { variable: string; message: string }[];
  createAdapter(config: z.infer<z.ZodObject<Shape>>, deps: PlatformDeps): ChatAdapter;
  /** Appended when the adapter fails to start: `check DISCORD_TOKEN, …`. */
  readonly credentialHint?: string;
  /**
   * The module's adapter is this process's terminal (the console): while it is on, the log keeps to errors
   * (unless LOG_LEVEL asks for more) so that it does not write over the prompt, and `paperboy help` names it
   * "this terminal" rather than among the platforms.
   */
  readonly ownsTerminal?: boolean;
  readonly cliCommands?: readonly PlatformCliCommand<z.infer<z.ZodObject<Shape>>>[];
  readonly chatCommands?: readonly PlatformChatCommand<z.infer<z.ZodObject<Shape>>>[];
  /**
   * The Unicode form of an emoji the platform spells its own way (Slack's `:bookmark:`), or undefined when
   * the value is not one of its names. The core compares Unicode only.
   */
  unicodeEmoji?(value: string): string | undefined;
}

/** Keeps `id` and `env` literal for the composition root's derived types. */
export const definePlatform = <const Id extends string, Shape extends z.ZodRawShape>(
  module: PlatformModule<Id, Shape>,
): PlatformModule<Id, Shape> => module;
