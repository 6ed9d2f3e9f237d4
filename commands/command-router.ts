import type { ReactionEvent } from '../src/chat/chat-port';
import { errorReply, type Reply } from '../src/chat/replies';
import { isPaperboyError, type PaperboyError } from '../src/errors';
import type { Metrics } from '../src/metrics/metrics';
import type { ReactionResult } from '../src/records/discussion';
import { heldLockBudgetMs, isHeldLock, retryStoreWrites } from '../src/store/store-retry';
import { suggestTimezones } from '../src/time/zoned-time';
import type { Command } from './command';
import type { CommandContext } from './command-context';
import type { CommandDeps } from './command-deps';
import type { CommandService } from './command-service';
import type { CommandInvocation } from './command-spec';
import { parseCommandText } from './parse-command-text';

/**
 * How long a command that saves something (`saves` in its spec) keeps retrying a write the database
 * refuses because another process holds the write lock. Adapters have acknowledged the command already,
 * and each attempt waits for the lock only SQLite's few milliseconds, so the wait costs the user a
 * "thinking…" and no lost answer, and nobody else a frozen bot.
 */
export const storeRetryBudgetMs = heldLockBudgetMs;

/** Longest command text accepted from any platform. */
export const maxCommandTextLength = 2_000;

export interface CommandRouterOptions {
  /** Every subcommand, in the order people see them (command-list.ts, then the modules'). */
  commands: readonly Command[];
  /** `specs` is filled in from `commands`. */
  deps: Omit<CommandDeps, 'specs'>;
  onReaction?: (event: ReactionEvent) => Promise<ReactionResult>;
  /** Command latency by platform and subcommand. */
  metrics?: Metrics;
}

export function createCommandRouter(options: CommandRouterOptions): CommandService {
  const specs = options.commands.map((command) => command.spec);
  const deps: CommandDeps = { ...options.deps, specs };
  const handlers = new Map(options.commands.map((command) => [command.spec.name, command.handler]));
  const savers = new Set(specs.filter((spec) => spec.saves).map((spec) => spec.name));

  async function execute(invocation: CommandInvocation, context: CommandContext): Promise<Reply> {
    const handler = handlers.get(invocation.name);
    if (!handler)
      return errorReply(`Unknown subcommand "${invocation.name}". Try \`${context.commandPrefix} help\`.`);
    const started = performance.now();
    const saves = savers.has(invocation.name);
    try {
      if (!saves) return await handler(invocation, context, deps);
      return await retryStoreWrites(() => handler(invocation, context, deps), {
        budgetMs: storeRetryBudgetMs,
        // A lock is released in moments; a full disk is not, and the user should hear so at once.
        retryable: isHeldLock,
        onRetry: (error, attempt) =>
          deps.log.info({ command: invocation.name, attempt, reason: (error as Error).message }, 'retrying'),
      });
    } catch (error) {
      return replyForError(error, invocation, context);
    } finally {
      options.metrics?.commandSeconds.observe(
        { platform: context.channel.platform, subcommand: invocation.name },
        (performance.now() - started) / 1000,
      );
    }
  }

  /** The file path and the advice go to the operator's log; the chat hears what happened to its command. */
  function storeFaultReply(error: PaperboyError, invocation: CommandInvocation): Reply {
    const seconds = storeRetryBudgetMs / 1_000;
    if (error.code === 'store_read_only') {
      deps.log.error({ err: error, command: invocation.name }, error.message);
      return errorReply(
        `paperboy's database is not writable just now, so \`${invocation.name}\` could not be saved ` +
          '(nothing was changed). Whoever runs paperboy needs to make its file and folder writable; then try again.',
      );
    }
    if (error.code === 'store_full') {
      deps.log.error({ err: error, command: invocation.name }, error.message);
      return errorReply(
        `paperboy's disk is full, so \`${invocation.name}\` could not be saved (nothing was changed). ` +
          'Whoever runs paperboy needs to free some space; then try again.',
      );
    }
    deps.log.warn({ err: error, command: invocation.name }, error.message);
    if (!savers.has(invocation.name)) {
      // Reads do not wait for a lock; one that still met it (a write it makes on the side) says so plainly.
      return errorReply(
        `paperboy's database is locked by another process just now, so \`${invocation.name}\` could not answer. Try again in a minute.`,
      );
    }
    return errorReply(
      `paperboy's database is locked by another process, so \`${invocation.name}\` could not be saved ` +
        `after ${seconds} s of trying (nothing was changed). Try again in a minute.`,
    );
  }

  function replyForError(error: unknown, invocation: CommandInvocation, context: CommandContext): Reply {
    if (isPaperboyError(error)) {
      if (error.code === 'store_busy' || error.code === 'store_full' || error.code === 'store_read_only')
        return storeFaultReply(error, invocation);
      if (error.code === 'source_unavailable' || error.code === 'source_bad_response') {
        deps.log.warn({ err: error, command: invocation.name }, 'command could not reach the paper source');
        return errorReply('Hugging Face could not be reached just now. Try again in a minute.');
      }
      return errorReply(error.message);
    }
    deps.log.error(
      { err: error, command: invocation.name, channel: context.channel.channelId },
      'command failed',
    );
    return errorReply('Something went wrong on our side; it has been logged. Please try again.');
  }

  return {
    specs,
    execute,
    async executeText(text, context) {
      if (text.length > maxCommandTextLength) {
        return errorReply(
          `That command is ${text.length.toLocaleString('en')} characters long; the limit is ${maxCommandTextLength.toLocaleString('en')}.`,
        );
      }
      const parsed = parseCommandText(text, deps.specs);
      if (!parsed.ok) return errorReply(parsed.message);
      return execute(parsed.invocation, context);
    },
    async resume(token, context) {
      const continuation = deps.continuations.take(token);
      if (!continuation || continuation.channelId !== context.channel.channelId) {
        return errorReply('These buttons have expired. Run the command again.');
      }
      const reply = await execute(continuation.invocation, context);
      if (!continuation.share || reply.kind !== 'paper-list') return reply;
      const { previousToken: _p, nextToken: _n, shareToken: _s, moreOnHfToken: _h, ...shared } = reply;
      return { ...shared, visibility: 'channel', shared: true };
    },
    suggestTimezones: (prefix, limit) => suggestTimezones(prefix, limit),
    async react(event) {
      return (await options.onReaction?.(event)) ?? { outcome: 'not_a_paper', paper: null, item: null };
    },
  };
}
