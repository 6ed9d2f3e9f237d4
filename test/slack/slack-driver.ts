/**
 * The Slack side of the contract suite: the real adapter and real Bolt against the fake Slack, driven the
 * way people use Slack. Commands and clicks are answered through response_url, so a reply is the first
 * post to the response_url of that request.
 */
import type { CommandService } from '../../commands/command-service';
import type { ChatPort } from '../../src/chat/chat-port';
import type { ChatDriver, CommandInput, DriverMessage, DriverReply } from '../contract/chat-driver';
import type { ResponsePost } from '../fakes/slack/fake-slack';
import { reactionEvent } from '../fakes/slack/fake-slack-inbound';
import { asSeen, blockButtons, visibleText } from './block-text';
import { type Harness, type Mode, startHarness } from './slack-harness';

export interface SlackDriverOptions {
  /** The core's command service (e.g. `core.commands`). */
  commands: CommandService;
  /** Socket Mode (the default, as in production) or signed HTTP requests. */
  mode?: Mode;
}

/** Labels other platforms use for the same button, accepted by `clickButton`. */
const labelAliases: Record<string, string> = { 'Post to channel': 'Share in channel' };

export class SlackDriver implements ChatDriver {
  readonly platform = 'slack' as const;
  private readonly lastReplies = new Map<string, ResponsePost>();

  private constructor(readonly harness: Harness<CommandService>) {}

  static async start(options: SlackDriverOptions): Promise<SlackDriver> {
    const harness = await startHarness({
      mode: options.mode ?? 'socket',
      commands: options.commands,
      // Scenarios switch a user's rights between commands: never answer from a stale cache.
      adapter: { directoryCacheMs: 0 },
    });
    return new SlackDriver(harness);
  }

  /** Register this with the core so digests post into the fake Slack. */
  get port(): ChatPort {
    return this.harness.adapter.port;
  }

  async runCommand(input: CommandInput): Promise<DriverReply> {
    this.ensureChannel(input.channel);
    this.ensureUser(input.user, input.admin);
    const sent = await this.harness.inbound.command({
      channel: input.channel,
      user: input.user,
      text: input.text,
    });
    return this.replyTo(input.channel, input.user, sent.responseUrlId);
  }

  async clickButton(input: { channel: string; user: string; label: string }): Promise<DriverReply> {
    const last = this.lastReplies.get(key(input.channel, input.user));
    if (!last) throw new Error(`no reply to ${input.user} in ${input.channel} to click on`);
    const wanted = labelAliases[input.label] ?? input.label;
    const button = blockButtons(last.body.blocks).find(
      (candidate) => candidate.label === wanted && candidate.value,
    );
    if (!button?.value) throw new Error(`no "${input.label}" button in the last reply`);
    const sent = await this.harness.inbound.action({
      channel: input.channel,
      user: input.user,
      actionId: button.actionId,
      value: button.value,
      label: button.label,
      messageTs: '1000000000.000001',
      ephemeral: last.body.response_type !== 'in_channel',
    });
    return this.replyTo(input.channel, input.user, sent.responseUrlId);
  }

  async react(input: {
    channel: string;
    user: string;
    messageId: string;
    emoji: string;
    action: 'added' | 'removed';
  }) {
    this.ensureChannel(input.channel);
    this.ensureUser(input.user);
    const event = reactionEvent({ ...input, reaction: input.emoji, ts: input.messageId });
    await this.harness.inbound.event(event);
    await this.harness.adapter.idle();
  }

  async postAsUser(input: { channel: string; user: string; text: string }): Promise<string> {
    this.ensureChannel(input.channel);
    this.ensureUser(input.user);
    const message = this.harness.fake.workspace.addMessage({
      channel: input.channel,
      user: input.user,
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
      .channelMessages(channel)
      .filter((message) => message.user === this.harness.fake.botUserId)
      .map((message) => ({
        id: message.ts,
        text: asSeen(visibleText(message)),
        buttons: blockButtons(message.blocks).map((button) => button.label),
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

  private ensureChannel(id: string): void {
    if (!this.harness.fake.workspace.channels.has(id)) this.harness.fake.workspace.addChannel({ id });
  }

  private ensureUser(id: string, admin?: boolean): void {
    const user = this.harness.fake.workspace.users.get(id) ?? this.harness.fake.workspace.addUser({ id });
    if (admin !== undefined) user.isAdmin = admin;
  }
}

const key = (channel: string, user: string) => `${channel}/${user}`;
