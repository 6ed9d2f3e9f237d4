import type { Config } from '../config/config';

export interface AdapterStatus {
  name: 'Discord' | 'Slack';
  on: boolean;
  reason: string;
}

/** Which chat adapters the configuration turns on, and in words why the others are off. */
export function planAdapters(config: Config): AdapterStatus[] {
  const discordMissing = [
    config.DISCORD_TOKEN ? null : 'DISCORD_TOKEN',
    config.DISCORD_APPLICATION_ID ? null : 'DISCORD_APPLICATION_ID',
  ].filter(Boolean);
  const slackMissing = config.SLACK_BOT_TOKEN
    ? config.SLACK_APP_TOKEN || config.SLACK_SIGNING_SECRET
      ? []
      : ['SLACK_APP_TOKEN or SLACK_SIGNING_SECRET']
    : ['SLACK_BOT_TOKEN'];
  const slackMode = config.SLACK_APP_TOKEN ? 'Socket Mode' : `HTTP on port ${config.SLACK_PORT}`;
  return [
    {
      name: 'Discord',
      on: discordMissing.length === 0,
      reason: discordMissing.length
        ? `${discordMissing.join(' and ')} not set`
        : `gateway via ${config.DISCORD_API_BASE}`,
    },
    {
      name: 'Slack',
      on: slackMissing.length === 0,
      reason: slackMissing.length ? `${slackMissing.join(', ')} not set` : slackMode,
    },
  ];
}

export const bannerLines = (statuses: AdapterStatus[], consoleOn: boolean) => [
  ...statuses.map((status) => `${status.name}: ${status.on ? 'on' : 'off'} (${status.reason})`),
  `Console: ${consoleOn ? 'on (no chat adapter configured)' : 'off (chat adapters are running)'}`,
];
