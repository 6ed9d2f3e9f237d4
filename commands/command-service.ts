import type { ReactionEvent } from '../src/chat/chat-port';
import type { Reply } from '../src/chat/replies';
import type { ReactionResult } from '../src/records/discussion';
import type { CommandContext } from './command-context';
import type { CommandInvocation, CommandSpec } from './command-spec';

/**
 * What every adapter calls. Adapters turn platform input into an invocation and render the reply; they
 * never decide anything themselves.
 */
export interface CommandService {
  readonly specs: readonly CommandSpec[];
  /** Runs one subcommand. Never throws: every failure comes back as an error reply. */
  execute(invocation: CommandInvocation, context: CommandContext): Promise<Reply>;
  /** Parses `/papers …` text (Slack, console) and runs it; bad syntax is an error reply. */
  executeText(text: string, context: CommandContext): Promise<Reply>;
  /** Follows a token from a reply's buttons (Previous, Next, post to channel). */
  resume(token: string, context: CommandContext): Promise<Reply>;
  /** Up to `limit` IANA zone names matching what the user typed so far. */
  suggestTimezones(prefix: string, limit: number): string[];
  /** A reaction added or removed on a message; the discussion queue decides whether it matters. */
  react(event: ReactionEvent): Promise<ReactionResult>;
}
