/**
 * Transport only: Socket Mode (an outbound WebSocket, no public URL) or HTTP (`/slack/events`, signed
 * requests). Bolt checks HTTP signatures and refuses timestamps older than five minutes but accepts
 * future ones, which would stretch the replay window: the HTTP listener refuses those first.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  HTTPReceiver,
  type HTTPReceiverOptions,
  type Logger as SlackLogger,
  SocketModeReceiver,
  type webApi,
} from '@slack/bolt';
import type { Logger } from '../../src/logging/logger';

export type SlackMode = 'socket' | 'http';

export const eventsPath = '/slack/events';

/** Clock skew tolerated between Slack and us for timestamps ahead of our clock. */
export const maxFutureSkewSeconds = 30;

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
  });
  const verified = receiver.requestListener;
  receiver.requestListener = (req, res) => {
    if (refuseFutureTimestamp(req, res, options)) return;
    verified(req, res);
  };
  return receiver;
}

/** Answers 401 and returns true when the request claims to come from the future. */
function refuseFutureTimestamp(req: IncomingMessage, res: ServerResponse, options: ReceiverOptions): boolean {
  const header = req.headers['x-slack-request-timestamp'];
  const timestamp = Number(Array.isArray(header) ? header[0] : header);
  if (!Number.isFinite(timestamp)) return false; // Bolt refuses missing or malformed timestamps itself.
  // Wall-clock time, like Bolt's own staleness check right after this one.
  const nowSeconds = Math.floor(Date.now() / 1_000);
  if (timestamp <= nowSeconds + maxFutureSkewSeconds) return false;
  options.log.warn({ timestamp, now: nowSeconds }, 'refused a Slack request dated in the future');
  req.resume();
  res.writeHead(401);
  res.end();
  return true;
}
