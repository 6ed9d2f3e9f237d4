/**
 * The Discord side of the contract suite: the real adapter and real discord.js against the fake Discord,
 * driven the way people use Discord. Command text becomes slash-command options as Discord's client would
 * build them; a reply is the first thing the bot shows for that interaction (a reply, an update, or an edit
 * of a deferred reply).
 */

import { slackEmojiToUnicode } from '../../adapters/slack/slack-emoji';
import type { CommandContext } from '../../commands/command-context';
import type { CommandService } from '../../commands/command-service';
import type { CommandSpec, OptionSpec } from '../../commands/command-spec';
import { parseCommandText } from '../../commands/parse-command-text';
import type { ChatPort, ReactionEvent } from '../../src/chat/chat-port';
import type { ChannelRef } from '../../src/records/channel';
import type {
  ChatDriver,
  CommandInput,
  DriverMessage,
  DriverReply,
  ReactionInput,
} from '../contract/chat-driver';
import { type SlashOption, userPayload } from '../fakes/discord/fake-payloads';
import { Recorder } from '../fakes/discord/fake-recorder';
import type { FakeMessage, FakeUser, InteractionOutput } from '../fakes/discord/fake-types';
import { GUILD_ID, Harness } from './discord-harness';
import { buttonsOf, imagesOf, linksOf, visibleText } from './discord-seen';

/** Input Discord's own client would refuse to send (unknown subcommand, a word where a number goes…). */
export class NotSendableOnDiscord extends Error {
  override name = 'NotSendableOnDiscord';
}

export interface DiscordDriverOptions {
  /** The core's command service (e.g. `core.commands`). */
  commands: CommandService;
  /** Identify with the privileged Message Content intent, so the bot can read people's messages. */
  messageContent?: boolean;
}

const OPTION_TYPE = { string: 3, integer: 4, boolean: 5 } as const;

/** Passes every call through and notes each reaction once the core has taken it. */
class ObservedCommands implements CommandService {
  readonly handed = new Recorder<ReactionEvent>();
  constructor(private readonly inner: CommandService) {}
  get specs() {
    return this.inner.specs;
  }
  execute: CommandService['execute'] = (invocation, context) => this.inner.execute(invocation, context);
  executeText: CommandService['executeText'] = (text, context: CommandContext) =>
    this.inner.executeText(text, context);
  resume: CommandService['resume'] = (token, context) => this.inner.resume(token, context);
  suggestTimezones: CommandService['suggestTimezones'] = (prefix, limit) =>
    this.inner.suggestTimezones(prefix, limit);
  react: CommandService['react'] = async (event) => {
    try {
      return await this.inner.react(event);
    } finally {
      this.handed.push(event);
    }
  };
}

function slashValue(spec: OptionSpec, raw: string | number | boolean): string | number | boolean {
  if (spec.type === 'string') {
    const text = String(raw);
    if (spec.maxLength !== undefined && text.length > spec.maxLength)
      throw new NotSendableOnDiscord(`Discord takes at most ${spec.maxLength} characters in ${spec.name}`);
    return text;
  }
  if (spec.type === 'boolean') {
    const word = String(raw).toLowerCase();
    if (['true', 'yes', 'on', '1'].includes(word)) return true;
    if (['false', 'no', 'off', '0'].includes(word)) return false;
    throw new NotSendableOnDiscord(`${spec.name} takes True or False on Discord, not "${raw}"`);
  }
  const value = Number(raw);
  if (!Number.isInteger(value))
    throw new NotSendableOnDiscord(`${spec.name} must be a whole number on Discord, not "${raw}"`);
  if (
    (spec.minValue !== undefined && value < spec.minValue) ||
    (spec.maxValue !== undefined && value > spec.maxValue)
  ) {
    throw new NotSendableOnDiscord(
      `Discord only accepts ${spec.name} between ${spec.minValue ?? '…'} and ${spec.maxValue ?? '…'}`,
    );
  }
  return value;
}

/** `search diffusion since:7d` → the subcommand and options Discord's client would send. */
export function slashFromText(
  text: string,
  specs: readonly CommandSpec[],
): { sub: string; options: SlashOption[] } {
  const parsed = parseCommandText(text, specs);
  if (!parsed.ok) throw new NotSendableOnDiscord(parsed.message);
  const spec = specs.find((candidate) => candidate.name === parsed.invocation.name);
  const options = Object.entries(parsed.invocation.options).flatMap(([name, raw]) => {
    const option = spec?.options.find((candidate) => candidate.name === name);
    if (!option) return [];
    return [{ name, type: OPTION_TYPE[option.type], value: slashValue(option, raw) }];
  });
  for (const required of spec?.options.filter((option) => option.required) ?? []) {
    if (!options.some((option) => option.name === required.name)) {
      throw new NotSendableOnDiscord(
        `Discord requires the ${required.name} option of ${parsed.invocation.name}`,
      );
    }
  }
  return { sub: parsed.invocation.name, options };
}

/** A Unicode emoji as Discord sends it, from a Unicode emoji or a Slack-style name (`bookmark`). */
function unicodeEmoji(emoji: string): string {
  return slackEmojiToUnicode(emoji) ?? emoji;
}

export class DiscordDriver implements ChatDriver {
  readonly platform = 'discord' as const;
  private readonly lastReplies = new Map<string, string>();
  private readonly channels = new Map<string, string>();
  private readonly users = new Map<string, FakeUser>();
  private lastReaction: ReactionInput | null = null;

  private constructor(
    readonly harness: Harness<CommandService>,
    private readonly observed: ObservedCommands,
  ) {}

  static async start(options: DiscordDriverOptions): Promise<DiscordDriver> {
    const observed = new ObservedCommands(options.commands);
    const harness = await Harness.start<CommandService>({
      commands: observed,
      adapter: { messageContent: options.messageContent === true },
    });
    return new DiscordDriver(harness, observed);
  }

  /** Register this with the core so digests post into the fake Discord. */
  get port(): ChatPort {
    return this.harness.adapter.port;
  }

  /** The core's reference for a channel the scenario named. */
  channelRef(channel: string): ChannelRef {
    return { platform: 'discord', workspaceId: GUILD_ID, channelId: this.channelId(channel) };
  }

  async runCommand(input: CommandInput): Promise<DriverReply> {
    const { sub, options } = slashFromText(input.text, this.harness.commands.specs);
    const who = {
      user: this.user(input.user),
      admin: input.admin === true,
      channelId: this.channelId(input.channel),
    };
    const { answer } = await this.harness.slash(sub, options, who);
    return this.remember(input.channel, input.user, answer);
  }

  async clickButton(input: { channel: string; user: string; label: string }): Promise<DriverReply> {
    const lastId = this.lastReplies.get(key(input.channel, input.user));
    const message = lastId ? this.harness.fake.store.message(lastId) : undefined;
    if (!message) throw new Error(`no reply to ${input.user} in ${input.channel} to click on`);
    const { answer } = await this.harness.click(message, input.label, { user: this.user(input.user) });
    return this.remember(input.channel, input.user, answer);
  }

  async react(input: ReactionInput) {
    this.lastReaction = input;
    const user = this.user(input.user);
    const before = this.observed.handed.entries.length;
    this.harness.fake.react({
      channelId: this.channelId(input.channel),
      messageId: input.messageId,
      user,
      emoji: unicodeEmoji(input.emoji),
      action: input.action,
    });
    await this.observed.handed.waitFor(
      (event) =>
        this.observed.handed.entries.indexOf(event) >= before &&
        event.messageId === input.messageId &&
        event.userId === user.id &&
        event.action === input.action,
      `the ${input.action} reaction reaching the core`,
    );
  }

  /** Discord events carry no id: after a gateway resume the same dispatch simply arrives again. */
  async replayLastReaction(): Promise<void> {
    if (!this.lastReaction) throw new Error('no reaction to replay');
    await this.react(this.lastReaction);
  }

  async postAsUser(input: { channel: string; user: string; text: string }): Promise<string> {
    return this.harness.fake.postAsUser(this.channelId(input.channel), this.user(input.user), input.text);
  }

  async channelMessages(channel: string): Promise<DriverMessage[]> {
    const { store, botUser } = this.harness.fake;
    const channelId = this.channelId(channel);
    const threads = [...store.channels.values()].filter((candidate) => candidate.parent_id === channelId);
    const posts = [channelId, ...threads.map((thread) => thread.id)].flatMap((id) =>
      store.channelHistory(id).map((message) => ({ message, threadOf: id === channelId ? null : id })),
    );
    return posts
      .filter(({ message }) => message.author.id === botUser.id && !message.interaction_metadata)
      .sort((a, b) => (BigInt(a.message.id) < BigInt(b.message.id) ? -1 : 1))
      .map(({ message, threadOf }) => ({
        id: message.id,
        text: visibleText(message),
        buttons: buttonsOf(message),
        links: linksOf(message),
        images: imagesOf(message),
        threadOf,
      }));
  }

  async close(): Promise<void> {
    await this.harness.close();
  }

  private remember(channel: string, user: string, answer: InteractionOutput): DriverReply {
    const message: FakeMessage | undefined = answer.message;
    if (!message)
      return {
        text: (answer.choices ?? []).map((choice) => choice.name).join('\n'),
        ephemeral: true,
        buttons: [],
      };
    this.lastReplies.set(key(channel, user), message.id);
    return { text: visibleText(message), ephemeral: (message.flags & 64) !== 0, buttons: buttonsOf(message) };
  }

  private channelId(name: string): string {
    if (/^\d+$/.test(name) && this.harness.fake.store.channels.has(name)) return name;
    const known = this.channels.get(name);
    if (known) return known;
    const channel = this.harness.fake.store.addChannel(GUILD_ID, { id: this.harness.fake.newId(), name });
    this.harness.fake.gateway.dispatch('CHANNEL_CREATE', channel);
    this.channels.set(name, channel.id);
    return channel.id;
  }

  private user(name: string): FakeUser {
    const known = this.users.get(name);
    if (known) return known;
    const user = userPayload(/^\d+$/.test(name) ? name : this.harness.fake.newId(), name);
    this.users.set(name, user);
    return user;
  }
}

const key = (channel: string, user: string) => `${channel}/${user}`;
