/**
 * The platforms every contract scenario runs against. Each starts its driver (real adapter, real library,
 * fake platform on 127.0.0.1) over the core it is given, and knows the one thing scenarios cannot do
 * through the driver: take the bot's right to post in a channel away, as that platform does it.
 */
import type { CommandService } from '../../commands/command-service';
import { DiscordDriver } from '../discord/discord-driver';
import { EmailDriver } from '../email/email-driver';
import { SlackDriver } from '../slack/slack-driver';
import type { Mode } from '../slack/slack-harness';

export interface PlatformOptions {
  /** Discord only: identify with the privileged Message Content intent. */
  messageContent?: boolean;
}

/**
 * How the bot loses a channel: `revoked`, it may no longer post there (Discord: Missing Access; Slack: removed
 * from the channel, `not_in_channel`); `closed`, the channel is gone (Discord: Unknown Channel, deleted;
 * Slack: archived, `is_archived`).
 */
export type ChannelLoss = 'revoked' | 'closed';

export interface PlatformSide {
  driver: DiscordDriver | SlackDriver | EmailDriver;
  /** After this the bot can no longer post in `channel`. */
  cutOff(channel: string, how: ChannelLoss): void;
}

export interface ContractPlatform {
  /** Shown in test names, e.g. `Slack (HTTP)`. */
  name: string;
  /** Who may subscribe a channel, as the platform's refusal names them. */
  managers: string;
  start(commands: CommandService, options?: PlatformOptions): Promise<PlatformSide>;
}

export const discord: ContractPlatform = {
  name: 'Discord',
  managers: 'members with the Manage Channels permission',
  async start(commands, options = {}) {
    const driver = await DiscordDriver.start({
      commands,
      ...(options.messageContent ? { messageContent: true } : {}),
    });
    return {
      driver,
      cutOff: (channel, how) =>
        driver.harness.fake.faults.channels.set(
          driver.channelRef(channel).channelId,
          how === 'revoked' ? 'missing_access' : 'unknown_channel',
        ),
    };
  },
};

function slackIn(mode: Mode, name: string): ContractPlatform {
  return {
    name,
    managers: "a workspace admin, a workspace owner or the channel's creator",
    async start(commands) {
      const driver = await SlackDriver.start({ commands, mode });
      return {
        driver,
        cutOff: (channel, how) => {
          const found = driver.harness.fake.workspace.channels.get(driver.channelRef(channel).channelId);
          if (!found) throw new Error(`no Slack channel ${channel}`);
          if (how === 'revoked') found.isMember = false;
          else found.isArchived = true;
        },
      };
    },
  };
}

export const slackSocket = slackIn('socket', 'Slack (Socket Mode)');
export const slackHttp = slackIn('http', 'Slack (HTTP)');

/**
 * Email: an address is the channel, its owner runs its commands (as the signed confirm link does), and the
 * mails it received are its messages. It runs the scenarios that apply to a delivery-only channel.
 */
export const email: ContractPlatform = {
  name: 'Email',
  managers: 'the owner of the address',
  async start(commands) {
    const driver = await EmailDriver.start({ commands });
    // Revoked or gone, a mailbox is lost the same way: the server refuses the address.
    return { driver, cutOff: (channel) => driver.smtp.refuse(driver.address(channel)) };
  },
};

/** The main run: every scenario on each of these. */
export const platforms: ContractPlatform[] = [discord, slackSocket];
