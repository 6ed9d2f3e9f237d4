/**
 * Transport only: Socket Mode (an outbound WebSocket, no public URL) or HTTP (`/slack/events`, signed
 * requests). Before Bolt reads an HTTP request, slack-http-guard.ts refuses bodies larger than Slack sends
 * and timestamps from the future; each request's signature travels on in the context
 * (`slackSignature`), so the listeners can refuse a replay of it (slack-replays.ts).
 */
import type { IncomingMessage } from 'node:http';
import {
  HTTPReceiver,
  type HTTPReceiverOptions,
  type Logger as SlackLogger,
  SocketModeReceiver,
  type webApi,
} from '@slack/bolt';
import type { Logger } from '../../src/logging/logger';
import { eventBodyLimitBytes, guardedListener } from './slack-http-guard';
import { installPath } from './slack-install-flow';

export type SlackMode = 'socket' | 'http';

export const eventsPath = '/slack/events';

export interface ReceiverOptions {
  appToken?: string | undefined;
  signingSecret?: string | undefined;
  processBeforeResponse: boolean;
  clientOptions: webApi.WebClientOptions;
  slackLogger: SlackLogger;
  log: Logger;
  /** The install flow's receiver options (HTTP mode only): `/slack/install` and `/slack/oauth_redirect`. */
  installFlow?: Partial<HTTPReceiverOptions> | undefined;
}

export function pickMode(options: Pick<ReceiverOptions, 'appToken' | 'signingSecret'>): SlackMode {
  if (options.appToken) return 'socket';
  if (options.signingSecret) return 'http';
  throw new Error('Slack needs SLACK_APP_TOKEN (Socket Mode) or SLACK_SIGNING_SECRET (HTTP mode)');
}

/** The request's `X-Slack-Signature`, handed to the listeners in the context. */
const signatureOf = (req: IncomingMessage) => {
  const header = req.headers['x-slack-signature'];
  return { slackSignature: typeof header === 'string' ? header : null };
};

export function createReceiver(options: ReceiverOptions): SocketModeReceiver | HTTPReceiver {
  if (pickMode(options) === 'socket') {
    return new SocketModeReceiver({
      appToken: options.appToken ?? '',
      logger: options.slackLogger,
      // The Socket Mode client opens its connection through its own Web API client: same base URL and retries.
      installerOptions: { clientOptions: options.clientOptions },
    });
  }
  const receiver = new HTTPReceiver({
    ...options.installFlow,
    signingSecret: options.signingSecret ?? '',
    endpoints: eventsPath,
    logger: options.slackLogger,
    processBeforeResponse: options.processBeforeResponse,
    bodyLimit: eventBodyLimitBytes,
    customPropertiesExtractor: signatureOf,
  });
  receiver.requestListener = guardedListener(receiver.requestListener, {
    eventsPath,
    installPath,
    log: options.log,
  });
  return receiver;
}
