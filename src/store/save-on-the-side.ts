import { isStoreWriteFault } from '../errors';

/** Where a write left for later is noted (the caller's pino logger). */
export interface SideNote {
  info(details: object, message: string): void;
}

/**
 * A write a reply makes on the side (papers Hugging Face just sent, a retrained channel model, a fetched
 * day): losing it costs only fetching or computing it again later. While another process holds the
 * database's write lock (or the disk is full) the reply goes on with what it has instead of waiting or
 * failing; true when it was saved.
 */
export async function saveOnTheSide(
  write: () => Promise<unknown>,
  log: SideNote,
  what: string,
): Promise<boolean> {
  try {
    await write();
    return true;
  } catch (error) {
    if (!isStoreWriteFault(error)) throw error;
    log.info({ reason: error.message }, `${what} not saved for now: the reply goes on without it`);
    return false;
  }
}
