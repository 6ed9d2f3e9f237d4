/** Maps the validated configuration onto the adapter's options, so the composition root wires Slack in one call. */
import type { CommandService } from '../../commands/command-service';
import type { Clock } from '../../src/clock';
import type { Logger } from '../../src/logging/logger';
import { createSecretBox, parseKey } from '../../src/secrets/secret-box';
import type { WorkspaceInstallations } from '../../src/subscriptions/workspace-installations';
import type { SlackAdapterOptions, SlackInstallOptions } from './slack-adapter';
import type { SlackConfig } from './slack-env';
import { installable } from './slack-plan';

export function slackAdapterOptions(
  config: SlackConfig,
  deps: {
    commands: CommandService;
    log: Logger;
    clock?: Clock;
    installations?: WorkspaceInstallations;
    claimOnce?: (key: string) => Promise<boolean>;
  },
): SlackAdapterOptions {
  const install = installable(config) ? installOptions(config, deps.installations) : undefined;
  if (!install && !config.SLACK_BOT_TOKEN) throw new Error('SLACK_BOT_TOKEN is not set');
  return {
    ...(install ? { install } : { botToken: config.SLACK_BOT_TOKEN }),
    appToken: config.SLACK_APP_TOKEN,
    signingSecret: config.SLACK_SIGNING_SECRET,
    port: config.SLACK_PORT,
    host: config.SLACK_HOST,
    apiUrl: config.SLACK_API_URL,
    processBeforeResponse: config.SLACK_PROCESS_BEFORE_RESPONSE,
    commands: deps.commands,
    log: deps.log,
    ...(deps.clock ? { clock: deps.clock } : {}),
    ...(deps.claimOnce ? { claimOnce: deps.claimOnce } : {}),
  };
}

/** The install flow's options; the plan and `halfConfigured` have already refused anything missing. */
function installOptions(config: SlackConfig, installations?: WorkspaceInstallations): SlackInstallOptions {
  const keys = [config.SLACK_TOKEN_ENCRYPTION_KEY, config.SLACK_TOKEN_ENCRYPTION_KEY_PREVIOUS]
    .map((text) => (text ? parseKey(text) : null))
    .filter((key): key is Buffer => key !== null);
  if (
    !config.SLACK_CLIENT_ID ||
    !config.SLACK_CLIENT_SECRET ||
    !config.SLACK_STATE_SECRET ||
    keys.length === 0
  )
    throw new Error('the Slack install flow is not fully configured');
  if (!installations) throw new Error('the Slack install flow needs the database’s installations');
  return {
    clientId: config.SLACK_CLIENT_ID,
    clientSecret: config.SLACK_CLIENT_SECRET,
    stateSecret: config.SLACK_STATE_SECRET,
    installations,
    box: createSecretBox(keys, 'SLACK_TOKEN_ENCRYPTION_KEY'),
    redirectUri: config.SLACK_REDIRECT_URL,
  };
}
