/**
 * Slack as a platform module: one workspace (a bot token, with an app token for Socket Mode or a signing
 * secret for HTTP), or every workspace that installs the app (the OAuth install flow; see slack-plan.ts).
 */
import { definePlatform } from '../platform-module';
import { createSlackAdapter } from './slack-adapter';
import { slackAdapterOptions } from './slack-config';
import { slackEmojiToUnicode } from './slack-emoji';
import { slackEnv } from './slack-env';
import { planSlack, slackHalfConfigured } from './slack-plan';

export const slackModule = definePlatform({
  id: 'slack',
  name: 'Slack',
  env: slackEnv,
  secrets: [
    'SLACK_BOT_TOKEN',
    'SLACK_APP_TOKEN',
    'SLACK_SIGNING_SECRET',
    'SLACK_CLIENT_SECRET',
    'SLACK_STATE_SECRET',
    'SLACK_TOKEN_ENCRYPTION_KEY',
    'SLACK_TOKEN_ENCRYPTION_KEY_PREVIOUS',
  ],
  plan: planSlack,
  halfConfigured: slackHalfConfigured,
  createAdapter(config, deps) {
    return createSlackAdapter({
      ...slackAdapterOptions(config, {
        commands: deps.commands,
        log: deps.log,
        clock: deps.clock,
        installations: deps.installations,
        claimOnce: deps.claimOnce,
      }),
      telemetry: deps.telemetry,
    });
  },
  credentialHint:
    'check SLACK_BOT_TOKEN, SLACK_APP_TOKEN or SLACK_SIGNING_SECRET (or SLACK_CLIENT_ID and SLACK_CLIENT_SECRET), and SLACK_API_URL',
  unicodeEmoji: slackEmojiToUnicode,
});
