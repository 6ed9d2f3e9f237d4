/**
 * Which Slack set-up the environment describes, and what is missing from it. One workspace: a bot token
 * with an app token (Socket Mode) or a signing secret (HTTP). Many workspaces (the OAuth install flow):
 * client id and secret, a state secret, the token encryption key and the signing secret (HTTP only).
 */
import type { PlatformPlan } from '../platform-module';
import type { SlackConfig } from './slack-env';

export const makeKeyHint = 'make one with `openssl rand -base64 32` and keep it with your other secrets';

export const installable = (config: SlackConfig): boolean =>
  Boolean(config.SLACK_CLIENT_ID || config.SLACK_CLIENT_SECRET);

/** Where HTTP mode listens, as the banner says it. */
const listening = (config: SlackConfig) =>
  config.SLACK_HOST ? `${config.SLACK_HOST}:${config.SLACK_PORT}` : `port ${config.SLACK_PORT}`;

export function planSlack(config: SlackConfig): PlatformPlan {
  if (installable(config)) {
    const ready =
      config.SLACK_CLIENT_ID &&
      config.SLACK_CLIENT_SECRET &&
      config.SLACK_SIGNING_SECRET &&
      config.SLACK_STATE_SECRET &&
      config.SLACK_TOKEN_ENCRYPTION_KEY;
    if (!ready) return { on: false, reason: 'the install flow is not fully configured' };
    return { on: true, reason: `HTTP on ${listening(config)}, installable in many workspaces` };
  }
  if (!config.SLACK_BOT_TOKEN) return { on: false, reason: 'SLACK_BOT_TOKEN not set' };
  if (!config.SLACK_APP_TOKEN && !config.SLACK_SIGNING_SECRET) {
    return { on: false, reason: 'SLACK_APP_TOKEN or SLACK_SIGNING_SECRET not set' };
  }
  return { on: true, reason: config.SLACK_APP_TOKEN ? 'Socket Mode' : `HTTP on ${listening(config)}` };
}

export function slackHalfConfigured(config: SlackConfig): string[] {
  return installable(config) ? installFlowProblems(config) : singleWorkspaceProblems(config);
}

function singleWorkspaceProblems(config: SlackConfig): string[] {
  const rest = [
    config.SLACK_APP_TOKEN && 'SLACK_APP_TOKEN',
    config.SLACK_SIGNING_SECRET && 'SLACK_SIGNING_SECRET',
  ].filter((name): name is string => Boolean(name));
  if (config.SLACK_BOT_TOKEN && rest.length === 0) {
    return [
      'Slack is half configured: SLACK_BOT_TOKEN is set but neither SLACK_APP_TOKEN (Socket Mode) nor SLACK_SIGNING_SECRET (HTTP) is',
    ];
  }
  if (!config.SLACK_BOT_TOKEN && rest.length > 0) {
    return [`Slack is half configured: ${rest.join(' and ')} set but SLACK_BOT_TOKEN is not`];
  }
  const extra = [
    config.SLACK_STATE_SECRET && 'SLACK_STATE_SECRET',
    config.SLACK_TOKEN_ENCRYPTION_KEY && 'SLACK_TOKEN_ENCRYPTION_KEY',
  ].filter((name): name is string => Boolean(name));
  if (extra.length > 0) {
    return [
      `Slack is half configured: ${extra.join(' and ')} set, but they belong to the install flow, which also needs SLACK_CLIENT_ID and SLACK_CLIENT_SECRET`,
    ];
  }
  return [];
}

function installFlowProblems(config: SlackConfig): string[] {
  const problems: string[] = [];
  const prefix = 'Slack install flow (SLACK_CLIENT_ID):';
  if (!config.SLACK_CLIENT_ID)
    problems.push(`${prefix} SLACK_CLIENT_SECRET is set but SLACK_CLIENT_ID is not`);
  if (!config.SLACK_CLIENT_SECRET)
    problems.push(`${prefix} SLACK_CLIENT_SECRET is not set (Basic Information → App Credentials)`);
  if (config.SLACK_BOT_TOKEN) {
    problems.push(
      `${prefix} SLACK_BOT_TOKEN is set too: set either SLACK_BOT_TOKEN (one workspace) or SLACK_CLIENT_ID and SLACK_CLIENT_SECRET (every workspace that installs the app), not both`,
    );
  }
  if (config.SLACK_APP_TOKEN) {
    problems.push(
      `${prefix} SLACK_APP_TOKEN is set, but the install flow runs in HTTP mode only: unset it and set SLACK_SIGNING_SECRET`,
    );
  }
  if (!config.SLACK_SIGNING_SECRET) {
    problems.push(
      `${prefix} SLACK_SIGNING_SECRET is not set; the install flow runs in HTTP mode (Basic Information → App Credentials → Signing Secret)`,
    );
  }
  if (!config.SLACK_STATE_SECRET) {
    problems.push(
      `${prefix} SLACK_STATE_SECRET is not set: it signs the install link's state so any instance can finish an install; ${makeKeyHint}`,
    );
  }
  if (!config.SLACK_TOKEN_ENCRYPTION_KEY) {
    problems.push(
      `${prefix} SLACK_TOKEN_ENCRYPTION_KEY is not set: each workspace's bot token is stored encrypted with it; ${makeKeyHint} (tokens stored with one key cannot be read with another)`,
    );
  }
  return problems;
}
