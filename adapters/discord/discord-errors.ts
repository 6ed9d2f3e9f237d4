/** Maps what discord.js REST throws to the core's delivery failures, and spots dead interaction tokens. */
import { DiscordAPIError, HTTPError, RateLimitError, RESTJSONErrorCodes } from 'discord.js';
import { DeliveryError, type DeliveryFailure } from '../../src/errors';

const CHANNEL_GONE = new Set<number | string>([
  RESTJSONErrorCodes.UnknownChannel,
  RESTJSONErrorCodes.MissingAccess,
  RESTJSONErrorCodes.MissingPermissions,
  RESTJSONErrorCodes.ThreadLocked,
  RESTJSONErrorCodes.CannotSendMessagesToThisUser,
]);

export function deliveryFailureOf(error: unknown): DeliveryFailure {
  if (error instanceof DiscordAPIError) {
    if (error.status === 401) return 'unauthorized';
    if (error.status === 403 || error.status === 404 || CHANNEL_GONE.has(error.code))
      return 'channel_unavailable';
    if (error.status >= 500) return 'transient';
    return 'rejected';
  }
  if (error instanceof HTTPError) return error.status === 401 ? 'unauthorized' : 'transient';
  if (error instanceof RateLimitError) return 'transient';
  // @discordjs/rest forgets the token after a 401 and then refuses every request with this message.
  if (error instanceof Error && /Expected token to be set/.test(error.message)) return 'unauthorized';
  return 'transient';
}

/** Wraps a REST failure as the `DeliveryError` the core expects, keeping Discord's code in the message. */
export function toDeliveryError(error: unknown, action: string): DeliveryError {
  if (error instanceof DeliveryError) return error;
  const failure = deliveryFailureOf(error);
  const detail =
    error instanceof DiscordAPIError
      ? `HTTP ${error.status}, code ${error.code}: ${error.message}`
      : error instanceof Error
        ? error.message
        : String(error);
  return new DeliveryError(failure, `Discord ${action} failed (${failure}): ${detail}`, { cause: error });
}

/** The interaction can no longer be answered (expired after 3 s, or answered twice): log, do not retry. */
export const isDeadInteraction = (error: unknown) =>
  error instanceof DiscordAPIError &&
  (error.code === RESTJSONErrorCodes.UnknownInteraction ||
    error.code === RESTJSONErrorCodes.InteractionHasAlreadyBeenAcknowledged);
