import { createDiscordAdapter } from '../../adapters/discord';
import { createSlackAdapter, slackAdapterOptions } from '../../adapters/slack';
import type { ChatAdapter, PlatformTelemetry } from '../chat/chat-adapter';
import type { Config } from '../config/config';
import type { Metrics } from '../metrics/metrics';
import type { AdapterStatus } from './adapter-plan';
import type { Core } from './create-core';

/** Builds the chat adapters the configuration turns on (see `planAdapters`). */
export function createChatAdapters(config: Config, statuses: AdapterStatus[], core: Core): ChatAdapter[] {
  const on = (name: AdapterStatus['name']) => statuses.some((status) => status.name === name && status.on);
  const adapters: ChatAdapter[] = [];
  if (on('Discord') && config.DISCORD_TOKEN && config.DISCORD_APPLICATION_ID) {
    adapters.push(
      createDiscordAdapter({
        token: config.DISCORD_TOKEN,
        applicationId: config.DISCORD_APPLICATION_ID,
        apiBase: config.DISCORD_API_BASE,
        guildId: config.DISCORD_GUILD_ID,
        messageContent: config.DISCORD_MESSAGE_CONTENT,
        commands: core.commands,
        log: core.log,
        telemetry: telemetryFor(core.metrics, 'discord'),
      }),
    );
  }
  if (on('Slack')) {
    adapters.push(
      createSlackAdapter({
        ...slackAdapterOptions(config, { commands: core.commands, log: core.log, clock: core.clock }),
        telemetry: telemetryFor(core.metrics, 'slack'),
      }),
    );
  }
  return adapters;
}

export function telemetryFor(metrics: Metrics, platform: 'discord' | 'slack'): PlatformTelemetry {
  return {
    rateLimited: () => metrics.rateLimited.inc({ service: platform }),
    retried: () => metrics.retries.inc({ service: platform }),
    reconnected: () => metrics.reconnects.inc({ platform }),
  };
}
