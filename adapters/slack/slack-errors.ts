/**
 * The one place Slack failures are translated: Web API errors become `DeliveryError`s for the core, and any
 * error met while answering a user becomes a short, generic reply (never a stack trace).
 */
import { webApi } from '@slack/bolt';
import { errorReply, type TextReply } from '../../src/chat/replies';
import { DeliveryError, type DeliveryFailure, isPaperboyError } from '../../src/errors';

const failureByPlatformError: Record<string, DeliveryFailure> = {
  channel_not_found: 'channel_unavailable',
  not_in_channel: 'channel_unavailable',
  is_archived: 'channel_unavailable',
  restricted_action: 'channel_unavailable',
  team_access_not_granted: 'channel_unavailable',
  invalid_auth: 'unauthorized',
  not_authed: 'unauthorized',
  account_inactive: 'unauthorized',
  token_revoked: 'unauthorized',
  token_expired: 'unauthorized',
  missing_scope: 'unauthorized',
  ekm_access_denied: 'unauthorized',
  msg_too_long: 'rejected',
  msg_blocks_too_long: 'rejected',
  invalid_blocks: 'rejected',
  invalid_blocks_format: 'rejected',
  invalid_metadata_format: 'rejected',
  invalid_metadata_schema: 'rejected',
  metadata_too_large: 'rejected',
  no_text: 'rejected',
  too_many_attachments: 'rejected',
};

/** The Slack error name (`is_archived`) or a short description of a transport failure. */
export function slackErrorCode(error: unknown): string {
  if (error instanceof webApi.WebAPIPlatformError) return error.data.error;
  if (error instanceof webApi.WebAPIHTTPError) return `http_${error.statusCode}`;
  if (error instanceof webApi.WebAPIRateLimitedError) return 'ratelimited';
  if (error instanceof webApi.WebAPIRequestError) return 'request_failed';
  return 'unknown';
}

/** Seconds Slack asked us to wait, when the error is a 429. */
export function retryAfterSeconds(error: unknown): number | null {
  return error instanceof webApi.WebAPIRateLimitedError ? error.retryAfter : null;
}

/**
 * Whether Slack may have done the work although the call failed: a 5xx (perhaps from a proxy after Slack
 * answered), a network error or a timeout. A 429 or a Slack error name means the request was refused.
 */
export function mayHaveSucceeded(error: unknown): boolean {
  const cause = error instanceof DeliveryError ? error.cause : error;
  if (cause instanceof webApi.WebAPIHTTPError) return cause.statusCode >= 500;
  return cause instanceof webApi.WebAPIRequestError;
}

/**
 * Unknown platform errors count as transient: the core retries a bounded number of times, which is better
 * than dropping a paper for a failure that may pass.
 */
export function toDeliveryError(error: unknown, action: string): DeliveryError {
  if (error instanceof DeliveryError) return error;
  const code = slackErrorCode(error);
  const failure = failureByPlatformError[code] ?? 'transient';
  return new DeliveryError(failure, `Slack ${action} failed: ${code}`, { cause: error });
}

const userFacing = new Set(['invalid_input', 'not_found', 'forbidden']);

/** What the user sees when handling their command or click failed. */
export function replyForError(error: unknown): TextReply {
  if (isPaperboyError(error) && userFacing.has(error.code)) return errorReply(error.message);
  if (isPaperboyError(error) && error.code === 'source_unavailable') {
    return errorReply('Hugging Face is not answering right now. Please try again in a few minutes.');
  }
  return errorReply('Something went wrong on our side. Please try again in a minute.');
}
