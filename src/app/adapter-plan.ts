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

/**
 * A platform with some of its credentials set is a mistake, not a choice: falling back to console mode
 * would hide it (and exit 0 under a service manager). Returns one message per half-configured platform.
 */
export function halfConfiguredPlatforms(config: Config): string[] {
  const problems: string[] = [];
  const discordSet = [
    config.DISCORD_TOKEN && 'DISCORD_TOKEN',
    config.DISCORD_APPLICATION_ID && 'DISCORD_APPLICATION_ID',
  ];
  const discordOn = discordSet.filter(Boolean);
  if (discordOn.length === 1) {
    const missing = discordOn[0] === 'DISCORD_TOKEN' ? 'DISCORD_APPLICATION_ID' : 'DISCORD_TOKEN';
    problems.push(
      `Discord is half configured: ${discordOn[0]} is set but ${missing} is not (set both, or neither)`,
    );
  }
  const slackRest = [
    config.SLACK_APP_TOKEN && 'SLACK_APP_TOKEN',
    config.SLACK_SIGNING_SECRET && 'SLACK_SIGNING_SECRET',
  ].filter((name): name is string => Boolean(name));
  if (config.SLACK_BOT_TOKEN && slackRest.length === 0) {
    problems.push(
      'Slack is half configured: SLACK_BOT_TOKEN is set but neither SLACK_APP_TOKEN (Socket Mode) nor SLACK_SIGNING_SECRET (HTTP) is',
    );
  } else if (!config.SLACK_BOT_TOKEN && slackRest.length > 0) {
    problems.push(`Slack is half configured: ${slackRest.join(' and ')} set but SLACK_BOT_TOKEN is not`);
  }
  return problems;
}

export const bannerLines = (statuses: AdapterStatus[], consoleOn: boolean) => [
  ...statuses.map((status) => `${status.name}: ${status.on ? 'on' : 'off'} (${status.reason})`),
  `Console: ${consoleOn ? 'on (no chat adapter configured)' : 'off (chat adapters are running)'}`,
];
