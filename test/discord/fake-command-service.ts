/**
 * A small stand-in for the core's CommandService (a fake, not a module mock): it records what the adapter
 * hands it and answers like the core does (private lists with tokens, channel-visible subscription notices,
 * refusals when `canManageChannel` is false). Tests can hold a call open to exercise the deferred path.
 */
import type { CommandContext } from '../../commands/command-context';
import { commandSpecs } from '../../commands/command-list';
import type { CommandService } from '../../commands/command-service';
import type { CommandInvocation, CommandSpec } from '../../commands/command-spec';
import type { ReactionEvent } from '../../src/chat/chat-port';
import {
  errorReply,
  type PaperCard,
  type PaperListReply,
  type Reply,
  textReply,
} from '../../src/chat/replies';
import type { ReactionResult } from '../../src/records/discussion';
import { Recorder } from '../fakes/discord/fake-recorder';

export const sampleCard = (n: number, overrides: Partial<PaperCard> = {}): PaperCard => ({
  id: `2411.0000${n}`,
  title: `Paper number ${n}: scaling diffusion transformers`,
  hfUrl: `https://huggingface.co/papers/2411.0000${n}`,
  arxivUrl: `https://arxiv.org/abs/2411.0000${n}`,
  pdfUrl: `https://arxiv.org/pdf/2411.0000${n}`,
  authorsLine: 'Ada Lovelace, Alan Turing, Grace Hopper et al.',
  organization: 'Hugging Face',
  organizationAvatarUrl: null,
  media: null,
  submittedBy: null,
  discussionUrl: null,
  arxivDate: '2024-10-22',
  upvotes: 40 + n,
  comments: n,
  summary: `A one-line summary of paper ${n}.`,
  githubUrl: n % 2 === 0 ? `https://github.com/example/paper-${n}` : null,
  githubStars: n % 2 === 0 ? 1200 + n : null,
  projectPage: null,
  thumbnailUrl: `https://cdn-thumbnails.huggingface.co/social-thumbnails/papers/2411.0000${n}.png`,
  batchDay: '2025-11-27',
  categories: null,
  onHuggingFace: true,
  ...overrides,
});

export interface Hold {
  /** Resolves when the held call has started (the adapter is waiting on the core). */
  started: Promise<void>;
  release(): void;
}

export class FakeCommandService implements CommandService {
  readonly specs: readonly CommandSpec[];
  readonly calls = new Recorder<{
    kind: 'execute' | 'resume';
    name: string;
    context: CommandContext;
    options: CommandInvocation['options'];
  }>();
  readonly reactions = new Recorder<ReactionEvent>();
  readonly timezonePrefixes: string[] = [];
  /** Replace to answer a subcommand differently. */
  readonly overrides = new Map<
    string,
    (invocation: CommandInvocation, context: CommandContext) => Reply | Promise<Reply>
  >();
  private readonly holds = new Map<string, Promise<void>>();
  private tokenCount = 0;
  private readonly tokens = new Map<string, { invocation: CommandInvocation; share: boolean }>();

  constructor(specs: readonly CommandSpec[] = commandSpecs) {
    this.specs = specs;
  }

  /** The next call of `name` waits until released. */
  hold(name: string): Hold {
    let markStarted = () => {};
    let release = () => {};
    const started = new Promise<void>((resolve) => {
      markStarted = resolve;
    });
    this.holds.set(
      name,
      new Promise<void>((resolve) => {
        release = resolve;
      }),
    );
    this.calls
      .waitFor((call) => call.name === name, `a call of ${name}`)
      .then(
        () => markStarted(),
        () => {},
      );
    return { started, release };
  }

  async execute(invocation: CommandInvocation, context: CommandContext): Promise<Reply> {
    this.calls.push({ kind: 'execute', name: invocation.name, context, options: invocation.options });
    const held = this.holds.get(invocation.name);
    if (held) {
      this.holds.delete(invocation.name);
      await held;
    }
    const override = this.overrides.get(invocation.name);
    if (override) return override(invocation, context);
    return this.answer(invocation, context);
  }

  async executeText(): Promise<Reply> {
    return errorReply('executeText is not used by the Discord adapter');
  }

  async resume(token: string, context: CommandContext): Promise<Reply> {
    const entry = this.tokens.get(token);
    this.calls.push({
      kind: 'resume',
      name: entry?.invocation.name ?? 'expired',
      context,
      options: { token },
    });
    if (!entry) return errorReply('These buttons have expired. Run the command again.');
    const reply = await this.execute(entry.invocation, context);
    if (!entry.share || reply.kind !== 'paper-list') return reply;
    const { previousToken: _p, nextToken: _n, shareToken: _s, ...shared } = reply;
    return { ...shared, visibility: 'channel' };
  }

  suggestTimezones(prefix: string, limit: number): string[] {
    this.timezonePrefixes.push(prefix);
    const zones = Intl.supportedValuesOf('timeZone').filter((zone) =>
      zone.toLowerCase().startsWith(prefix.toLowerCase()),
    );
    return zones.slice(0, limit);
  }

  async react(event: ReactionEvent): Promise<ReactionResult> {
    this.reactions.push(event);
    return { outcome: 'flagged', paper: null, item: null };
  }

  private issue(invocation: CommandInvocation, share: boolean): string {
    const token = `t${++this.tokenCount}`;
    this.tokens.set(token, { invocation, share });
    return token;
  }

  private list(invocation: CommandInvocation, heading: string, total: number): PaperListReply {
    const page = Number(invocation.options.page ?? 0);
    const pageCount = Math.ceil(total / 5);
    const cards = Array.from({ length: Math.min(5, total - page * 5) }, (_, i) =>
      sampleCard(page * 5 + i + 1),
    );
    const at = (p: number, share: boolean) =>
      this.issue({ name: invocation.name, options: { ...invocation.options, page: p } }, share);
    const reply: PaperListReply = {
      kind: 'paper-list',
      heading,
      cards,
      emptyText: 'No papers found.',
      visibility: 'private',
      page: page + 1,
      pageCount,
      hasMore: page + 1 < pageCount,
    };
    if (page > 0) reply.previousToken = at(page - 1, false);
    if (page + 1 < pageCount) reply.nextToken = at(page + 1, false);
    if (cards.length > 0) reply.shareToken = at(page, true);
    return reply;
  }

  private answer(invocation: CommandInvocation, context: CommandContext): Reply {
    const spec = this.specs.find((candidate) => candidate.name === invocation.name);
    if (spec?.managesChannel && !context.canManageChannel) {
      return errorReply(`Only ${context.manageChannelRequirement} can ${invocation.name} this channel.`);
    }
    switch (invocation.name) {
      case 'search':
        return this.list(invocation, `Search: ${String(invocation.options.query ?? '')}`, 12);
      case 'today':
        return this.list(invocation, 'Daily Papers — Thu 27 Nov · top 3 of 29', 3);
      case 'paper':
        return {
          ...this.list(invocation, `Paper ${String(invocation.options.id)}`, 1),
          cards: [sampleCard(1)],
        };
      case 'subscribe':
        return textReply(
          `This channel now gets the Hugging Face Daily Papers.\nPosts at ${String(invocation.options.time ?? '09:00')} ${String(invocation.options.timezone ?? 'UTC')}`,
          'success',
          'channel',
        );
      case 'unsubscribe':
        return textReply('This channel no longer gets the Daily Papers.', 'success', 'channel');
      case 'settings':
        return textReply('Posts daily at 09:00 (UTC): the top 10 papers');
      case 'help':
        return textReply(`Use \`${context.commandPrefix} search <words>\` to search.`);
      default:
        return errorReply(`Unknown subcommand "${invocation.name}".`);
    }
  }
}
