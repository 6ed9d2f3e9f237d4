/**
 * A small in-test CommandService (a fake, not a module mock): it parses command text with the real parser
 * and specs, answers with canned replies, and records what the adapter handed it. It can hold an answer
 * back (to prove the adapter acks first) or throw (to prove errors never reach Slack raw).
 */
import type { CommandContext } from '../../commands/command-context';
import { commandSpecs } from '../../commands/command-list';
import type { CommandService } from '../../commands/command-service';
import type { CommandInvocation } from '../../commands/command-spec';
import { parseCommandText } from '../../commands/parse-command-text';
import type { ReactionEvent } from '../../src/chat/chat-port';
import {
  errorReply,
  type PaperCard,
  type PaperListReply,
  type Reply,
  textReply,
} from '../../src/chat/replies';
import type { ReactionResult } from '../../src/records/discussion';
import { sampleCard } from './sample-cards';

export interface RecordedCommand {
  text: string;
  context: CommandContext;
}

const pageCount = 3;

export class FakeCommandService implements CommandService {
  readonly specs = commandSpecs;
  readonly commands: RecordedCommand[] = [];
  readonly resumed: Array<{ token: string; context: CommandContext }> = [];
  readonly reactions: ReactionEvent[] = [];
  /** When set, executeText waits for this before answering. */
  private held: Promise<void> | null = null;
  private entered: () => void = () => {};
  /** When set, executeText throws this. */
  failWith: Error | null = null;

  /** Holds the next answers back: `entered` resolves when the core is called, `release` lets it answer. */
  hold(): { entered: Promise<void>; release: () => void } {
    let release: () => void = () => {};
    this.held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const entered = new Promise<void>((resolve) => {
      this.entered = resolve;
    });
    return { entered, release };
  }

  async execute(invocation: CommandInvocation, context: CommandContext): Promise<Reply> {
    const query = String(invocation.options.query ?? '');
    switch (invocation.name) {
      case 'help':
        return textReply(this.specs.map((spec) => `${context.commandPrefix} ${spec.usage}`).join('\n'));
      case 'search':
        return this.searchPage(query, 1, 'private');
      case 'today':
        return list('Today: 2 papers', [sampleCard({ id: '2410.00001' }), sampleCard({ id: '2410.00002' })]);
      case 'paper':
        return invocation.options.id === '2410.00001'
          ? list('Paper 2410.00001', [sampleCard({ id: '2410.00001' })])
          : errorReply(`No paper "${String(invocation.options.id)}" on Hugging Face.`);
      case 'subscribe':
      case 'unsubscribe': {
        if (!context.canManageChannel) {
          return errorReply(`Only ${context.manageChannelRequirement} can ${invocation.name} this channel.`);
        }
        const time = String(invocation.options.time ?? '09:00');
        if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(time)) {
          return errorReply(
            `"${time}" is not a time of day. Example: ${context.commandPrefix} subscribe 09:00 Europe/Paris`,
          );
        }
        return textReply(`Channel ${invocation.name}d (${time}).`, 'success', 'channel');
      }
      case 'settings':
        return textReply('Posts daily at 09:00 UTC: the top 10 papers');
      default:
        return errorReply(`Unknown subcommand "${invocation.name}".`);
    }
  }

  async executeText(text: string, context: CommandContext): Promise<Reply> {
    this.commands.push({ text, context });
    this.entered();
    if (this.held) await this.held;
    if (this.failWith) throw this.failWith;
    const parsed = parseCommandText(text, this.specs);
    return parsed.ok ? this.execute(parsed.invocation, context) : errorReply(parsed.message);
  }

  /** Tokens look like `page:<query>:<n>` and `share:<query>:<n>`. */
  async resume(token: string, context: CommandContext): Promise<Reply> {
    this.resumed.push({ token, context });
    const [kind, query = '', page = '1'] = token.split(':');
    if (kind === 'page') return this.searchPage(query, Number(page), 'private');
    if (kind === 'share') return this.searchPage(query, Number(page), 'channel');
    return errorReply('These buttons have expired. Run the command again.');
  }

  suggestTimezones(): string[] {
    return [];
  }

  async react(event: ReactionEvent): Promise<ReactionResult> {
    this.reactions.push(event);
    return { outcome: 'flagged', paper: null, item: null };
  }

  private searchPage(query: string, page: number, visibility: 'private' | 'channel'): PaperListReply {
    const cards = [1, 2].map((n) =>
      sampleCard({ id: `2410.1${page}00${n}`, title: `${query} result ${page}.${n}` }),
    );
    const reply: PaperListReply = {
      ...list(`Search: ${query}`, cards),
      page,
      pageCount,
      hasMore: page < pageCount,
      visibility,
    };
    if (visibility === 'channel') return reply;
    if (page > 1) reply.previousToken = `page:${query}:${page - 1}`;
    if (page < pageCount) reply.nextToken = `page:${query}:${page + 1}`;
    reply.shareToken = `share:${query}:${page}`;
    return reply;
  }
}

function list(heading: string, cards: PaperCard[]): PaperListReply {
  return {
    kind: 'paper-list',
    heading,
    cards,
    emptyText: 'Nothing found.',
    visibility: 'private',
    page: 1,
    pageCount: 1,
    hasMore: false,
  };
}
