/** Maps the validated configuration onto the adapter's options, so the composition root wires Slack in one call. */
import type { CommandService } from '../../commands/command-service';
import type { Clock } from '../../src/clock';
import type { Logger } from '../../src/logging/logger';
import type { SlackAdapterOptions } from './slack-adapter';
import type { SlackConfig } from './slack-env';

export function slackAdapterOptions(
  config: SlackConfig,
  deps: { commands: CommandService; log: Logger; clock?: Clock },
): SlackAdapterOptions {
  if (!config.SLACK_BOT_TOKEN) throw new Error('SLACK_BOT_TOKEN is not set');
  return {
    botToken: config.SLACK_BOT_TOKEN,
    appToken: config.SLACK_APP_TOKEN,
    signingSecret: config.SLACK_SIGNING_SECRET,
    port: config.SLACK_PORT,
    apiUrl: config.SLACK_API_URL,
    commands: deps.commands,
    log: deps.log,
    ...(deps.clock ? { clock: deps.clock } : {}),
  };
}
