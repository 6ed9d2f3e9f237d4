/** Slack as a platform module: on with a bot token and either an app token (Socket Mode) or a signing secret (HTTP). */
import { definePlatform } from '../../src/app/platform-module';
import { createSlackAdapter } from './slack-adapter';
import { slackAdapterOptions } from './slack-config';
import { slackEmojiToUnicode } from './slack-emoji';
import { slackEnv } from './slack-env';

export const slackModule = definePlatform({
  id: 'slack',
  name: 'Slack',
  env: slackEnv,
  secrets: ['SLACK_BOT_TOKEN', 'SLACK_APP_TOKEN', 'SLACK_SIGNING_SECRET'],
  plan(config) {
    if (!config.SLACK_BOT_TOKEN) return { on: false, reason: 'SLACK_BOT_TOKEN not set' };
    if (!config.SLACK_APP_TOKEN && !config.SLACK_SIGNING_SECRET) {
      return { on: false, reason: 'SLACK_APP_TOKEN or SLACK_SIGNING_SECRET not set' };
    }
    return { on: true, reason: config.SLACK_APP_TOKEN ? 'Socket Mode' : `HTTP on port ${config.SLACK_PORT}` };
  },
  halfConfigured(config) {
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
    return [];
  },
  createAdapter(config, deps) {
    return createSlackAdapter({
      ...slackAdapterOptions(config, { commands: deps.commands, log: deps.log, clock: deps.clock }),
      telemetry: deps.telemetry,
    });
  },
  credentialHint: 'check SLACK_BOT_TOKEN, SLACK_APP_TOKEN or SLACK_SIGNING_SECRET, and SLACK_API_URL',
  unicodeEmoji: slackEmojiToUnicode,
});
