/**
 * Test harness: a fake Discord, the real adapter (real discord.js) started against it, and a log capture.
 * Helpers inject interactions the way Discord would and return the bot's answer.
 */
import { Writable } from 'node:stream';
import {
  createDiscordAdapter,
  type DiscordAdapter,
  type DiscordAdapterOptions,
} from '../../adapters/discord/discord-adapter';
import type { CommandService } from '../../commands/command-service';
import { createLogger } from '../../src/logging/logger';
import type { ChannelRef } from '../../src/records/channel';
import { DEFAULT_GUILD, FakeDiscord, type FakeDiscordOptions } from '../fakes/discord/fake-discord';
import {
  autocompleteInteraction,
  buttonInteraction,
  type InteractionBase,
  type SlashOption,
  slashInteraction,
  userPayload,
} from '../fakes/discord/fake-payloads';
import { Recorder } from '../fakes/discord/fake-recorder';
import type { FakeMessage, FakeUser } from '../fakes/discord/fake-types';
import { FakeCommandService } from './fake-command-service';

export const GUILD_ID = DEFAULT_GUILD.id;
export const PAPERS_CHANNEL = DEFAULT_GUILD.channels[0]?.id ?? '';
export const GENERAL_CHANNEL = DEFAULT_GUILD.channels[1]?.id ?? '';
export const channelRef = (channelId = PAPERS_CHANNEL): ChannelRef => ({
  platform: 'discord',
  workspaceId: GUILD_ID,
  channelId,
});
export const ALICE = userPayload('700000000000000001', 'alice');
export const BOB = userPayload('700000000000000002', 'bob');

export interface LogLine {
  level: number;
  msg: string;
  platform?: string;
  err?: { message: string; stack?: string };
  [key: string]: unknown;
}

export interface HarnessOptions<C extends CommandService> {
  commands?: C;
  fake?: FakeDiscordOptions;
  adapter?: Partial<DiscordAdapterOptions>;
}

export interface Who {
  user?: FakeUser;
  admin?: boolean;
  channelId?: string;
  permissions?: bigint;
}

export class Harness<C extends CommandService = FakeCommandService> {
  readonly commandId = '850000000000000001';
  private constructor(
    readonly fake: FakeDiscord,
    readonly adapter: DiscordAdapter,
    readonly commands: C,
    /** Every line the adapter logged, parsed. */
    readonly logs: Recorder<LogLine>,
  ) {}

  static async start<C extends CommandService = FakeCommandService>(
    options: HarnessOptions<C> = {},
  ): Promise<Harness<C>> {
    const fake = await FakeDiscord.start(options.fake);
    const commands = (options.commands ?? new FakeCommandService()) as C;
    const logs = new Recorder<LogLine>();
    const destination = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) logs.push(JSON.parse(line) as LogLine);
        done();
      },
    });
    const adapter = createDiscordAdapter({
      token: fake.token,
      applicationId: fake.applicationId,
      apiBase: fake.apiBase,
      guildId: GUILD_ID,
      commands,
      log: createLogger({ level: 'debug', format: 'json', destination }),
      rest: { offset: 0, retries: 2, timeout: 2000 },
      deferAfterMs: 400,
      ...options.adapter,
    });
    const harness = new Harness(fake, adapter, commands, logs);
    await adapter.start();
    return harness;
  }

  base(who: Who = {}): InteractionBase {
    const channelId = who.channelId ?? PAPERS_CHANNEL;
    const channel = this.fake.store.channels.get(channelId);
    if (!channel) throw new Error(`no channel ${channelId} in the fake`);
    return {
      applicationId: this.fake.applicationId,
      guildId: channel.guild_id,
      channel,
      user: who.user ?? ALICE,
      admin: who.admin === true,
      ...(who.permissions !== undefined ? { permissions: who.permissions } : {}),
    };
  }

  /** Sends `/papers <sub> …` without waiting for the answer. */
  inject(sub: string, options: SlashOption[] = [], who: Who = {}) {
    return this.fake.injectInteraction(slashInteraction(this.base(who), this.commandId, sub, options));
  }

  /** Runs `/papers <sub> …` and resolves with the bot's answer. */
  async slash(sub: string, options: SlashOption[] = [], who: Who = {}) {
    const record = this.inject(sub, options, who);
    return { record, answer: await this.fake.waitForAnswer(record.id) };
  }

  async autocomplete(sub: string, options: SlashOption[], who: Who = {}) {
    const payload = autocompleteInteraction(this.base(who), this.commandId, sub, options);
    const record = this.fake.injectInteraction(payload);
    return { record, answer: await this.fake.waitForAnswer(record.id) };
  }

  /** Clicks the button labelled `label` on `message` without waiting for the answer. */
  press(message: FakeMessage, label: string, who: Who = {}) {
    const button = message.components
      .flatMap((row) => row.components)
      .find((c) => 'label' in c && c.label === label);
    if (!button || !('custom_id' in button))
      throw new Error(`no "${label}" action button on message ${message.id}`);
    const payload = buttonInteraction(
      this.base({ ...who, channelId: message.channel_id }),
      message,
      button.custom_id,
    );
    return this.fake.injectInteraction(payload);
  }

  async click(message: FakeMessage, label: string, who: Who = {}) {
    const record = this.press(message, label, who);
    return { record, answer: await this.fake.waitForAnswer(record.id) };
  }

  /** Resolves when the adapter has logged `message`. */
  waitForLog(message: string): Promise<LogLine> {
    return this.logs.waitFor((line) => line.msg === message, `log line "${message}"`);
  }

  logged(message: string): LogLine | undefined {
    return this.logs.entries.find((line) => line.msg === message);
  }

  async close(): Promise<void> {
    await this.adapter.stop();
    await this.fake.close();
  }
}

export const buttonLabels = (message: FakeMessage | undefined) =>
  (message?.components ?? []).flatMap((row) => row.components).map((c) => ('label' in c ? c.label : ''));
