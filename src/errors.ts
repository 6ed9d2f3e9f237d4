/**
 * Coded errors. User mistakes and outside failures are values with a stable code; each adapter has one
 * function that maps them to a reply or a log line. Nothing here ever reaches a chat as a stack trace.
 */
export type ErrorCode =
  | 'invalid_input'
  | 'not_found'
  | 'forbidden'
  | 'source_unavailable'
  | 'source_bad_response'
  | 'store_unavailable'
  /** Another connection holds the write lock longer than paperboy waits; the write did not happen. */
  | 'store_busy'
  /** The disk (or volume) holding the database has no room; the write did not happen. */
  | 'store_full'
  /** The database file or its folder is not writable: reads work, this write did not happen. */
  | 'store_read_only'
  /** Another paperboy process already runs the scheduler on this database. */
  | 'store_in_use'
  /** A message the operator asked for (a confirmation mail) could not be sent: the server's answer says why. */
  | 'delivery_failed'
  | 'config_invalid';

export class PaperboyError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'PaperboyError';
  }
}

export const isPaperboyError = (error: unknown): error is PaperboyError => error instanceof PaperboyError;

/** A write the store could not make just now (locked by another process, or no room): worth retrying. */
export const isStoreWriteFault = (error: unknown): error is PaperboyError =>
  isPaperboyError(error) && (error.code === 'store_busy' || error.code === 'store_full');

/** Why a post into a channel failed, from the core's point of view. */
export type DeliveryFailure =
  /** The bot can no longer post there (revoked, deleted, archived, not a member): pause the subscription. */
  | 'channel_unavailable'
  /** Credentials rejected: pause, an operator must act. */
  | 'unauthorized'
  /** Worth retrying later (5xx, timeouts, rate limits that outlasted the adapter's own waiting). */
  | 'transient'
  /** The platform rejected this message itself (e.g. a size limit): retrying the same message cannot help. */
  | 'rejected';

export class DeliveryError extends Error {
  constructor(
    readonly failure: DeliveryFailure,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'DeliveryError';
  }
}
