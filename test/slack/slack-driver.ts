/**
 * The Slack side of the contract suite: the real adapter and real Bolt against the fake Slack, driven the
 * way people use Slack. Commands and clicks are answered through response_url, so a reply is the first
 * post to the response_url of that request.
 */

import { slackNameOf } from '../../adapters/slack/slack-emoji';
import type { CommandService } from '../../commands/command-service';
import type { ChatPort } from '../../src/chat/chat-port';
import type { ChannelRef } from '../../src/records/channel';
import type {
  ChatDriver,
  CommandInput,
  DriverMessage,
  DriverReply,
  ReactionInput,
} from '../contract/chat-driver';
import type { ResponsePost } from '../fakes/slack/fake-slack';
import { reactionEvent } from '../fakes/slack/fake-slack-inbound';
import { asSeen, blockButtons, blockImages, visibleText } from './block-text';
import { ObservedCommands } from './observed-commands';
import { type Harness, type Mode, startHarness } from './slack-harness';

export interface SlackDriverOptions {
  /** The core's command service (e.g. `core.commands`). */
  commands: CommandService;
  /** Socket Mode (the default, as in production) or signed HTTP requests. */
  mode?: Mode;
}

export class SlackDriver implements ChatDriver {
  readonly platform = 'slack' as const;
  private readonly lastReplies = new Map<string, ResponsePost>();
  private lastReaction: { event: Record<string, unknown>; eventId: string; retries: number } | null = null;

  private constructor(
    readonly harness: Harness<CommandService>,
    private readonly observed: ObservedCommands,
  ) {}

  static async start(options: SlackDriverOptions): Promise<SlackDriver> {
    const observed = new ObservedCommands(options.commands);
    const harness = await startHarness<CommandService>({
      mode: options.mode ?? 'socket',
      commands: observed,
      // Scenarios switch a user's rights between commands: never answer from a stale cache.
      adapter: { directoryCacheMs: 0 },
    });
    return new SlackDriver(harness, observed);
  }

  /** Register this with the core so digests post into the fake Slack. */
  get port(): ChatPort {
    return this.harness.adapter.port;
  }

  /** The core's reference for a channel the scenario named. */
  channelRef(channel: string): ChannelRef {
    return { platform: 'slack', workspaceId: this.harness.fake.teamId, channelId: this.channelId(channel) };
  }

  async runCommand(input: CommandInput): Promise<DriverReply> {
    const channel = this.channelId(input.channel);
    const user = this.userId(input.user, input.admin);
    const sent = await this.harness.inbound.command({ channel, user, text: input.text });
    return this.replyTo(input.channel, input.user, sent.responseUrlId);
  }

  async clickButton(input: { channel: string; user: string; label: string }): Promise<DriverReply> {
    const last = this.lastReplies.get(key(input.channel, input.user));
    if (!last) throw new Error(`no reply to ${input.user} in ${input.channel} to click on`);
    const button = blockButtons(last.body.blocks).find(
      (candidate) => candidate.label === input.label && candidate.value,
    );
    if (!button?.value) throw new Error(`no "${input.label}" button in the last reply`);
    const sent = await this.harness.inbound.action({
      channel: this.channelId(input.channel),
      user: this.userId(input.user),
      actionId: button.actionId,
      value: button.value,
      label: button.label,
      messageTs: '1000000000.000001',
      ephemeral: last.body.response_type !== 'in_channel',
    });
    return this.replyTo(input.channel, input.user, sent.responseUrlId);
  }

  async react(input: ReactionInput) {
    const event = reactionEvent({
      action: input.action,
      channel: this.channelId(input.channel),
      user: this.userId(input.user),
      reaction: slackEmojiName(input.emoji),
      ts: input.messageId,
    });
    const { eventId } = await this.harness.inbound.event(event);
    this.lastReaction = { event, eventId, retries: 0 };
    await this.observed.waitFor(eventId);
    await this.harness.adapter.idle();
  }

  /** Slack's redelivery: the same event and `event_id`, with the next retry number. */
  async replayLastReaction(): Promise<void> {
    const last = this.lastReaction;
    if (!last) throw new Error('no reaction to replay');
    last.retries += 1;
    await this.harness.inbound.event(last.event, { eventId: last.eventId, retryNum: last.retries });
    await this.harness.adapter.idle();
  }

  async postAsUser(input: { channel: string; user: string; text: string }): Promise<string> {
    const message = this.harness.fake.workspace.addMessage({
      channel: this.channelId(input.channel),
      user: this.userId(input.user),
      botId: null,
      text: input.text,
      blocks: [],
      metadata: null,
      threadTs: null,
    });
    return message.ts;
  }

  async channelMessages(channel: string): Promise<DriverMessage[]> {
    return this.harness.fake.workspace
      .channelMessages(this.channelId(channel))
      .filter((message) => message.user === this.harness.fake.botUserId)
      .map((message) => ({
        id: message.ts,
        text: asSeen(visibleText(message)),
        buttons: blockButtons(message.blocks).map((button) => button.label),
        links: blockButtons(message.blocks).flatMap(({ label, url }) => (url ? [{ label, url }] : [])),
        images: blockImages(message.blocks),
        threadOf: message.threadTs && message.threadTs !== message.ts ? message.threadTs : null,
      }));
  }

  async close(): Promise<void> {
    await this.harness.close();
  }

  private async replyTo(channel: string, user: string, responseUrlId: string): Promise<DriverReply> {
    const { fake } = this.harness;
    const post = await fake.waitFor(
      () => fake.responsesTo(responseUrlId)[0],
      `the reply on ${responseUrlId}`,
    );
    this.lastReplies.set(key(channel, user), post);
    return {
      text: asSeen(visibleText(post.body)),
      ephemeral: post.body.response_type !== 'in_channel',
      buttons: blockButtons(post.body.blocks).map((button) => button.label),
    };
  }

  /** Scenario names become Slack-shaped ids (`papers` → `CPAPERS`); Slack ids pass through. */
  private channelId(name: string): string {
    const id = slackId('C', name);
    if (!this.harness.fake.workspace.channels.has(id)) this.harness.fake.workspace.addChannel({ id, name });
    return id;
  }

  /** People are shown by the name the scenario gave them, as on Discord. */
  private userId(name: string, admin?: boolean): string {
    const id = slackId('U', name);
    const { users } = this.harness.fake.workspace;
    const user =
      users.get(id) ?? this.harness.fake.workspace.addUser({ id, name, displayName: name, realName: name });
    if (admin !== undefined) user.isAdmin = admin;
    return id;
  }
}

const slackId = (prefix: string, name: string) =>
  /^[CGDU][A-Z0-9_]+$/.test(name) ? name : `${prefix}${name.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;

/** Slack reports reactions by name (`bookmark`); scenarios may give the Unicode emoji. */
function slackEmojiName(emoji: string): string {
  return slackNameOf(emoji) ?? emoji.replace(/^:|:$/g, '');
}

const key = (channel: string, user: string) => `${channel}/${user}`;
