/**
 * A signed request is good for five minutes (Bolt refuses older timestamps), so within that window the
 * same bytes sent again verify again: a replayed slash command or button click would be handled twice.
 * Each HTTP request's signature is claimed once, in the database every instance shares (`claimOnce`),
 * after the ack (the ack never waits on the database): a signature already claimed is dropped, logged.
 * The claim is keyed by a hash of the signature; the rows are pruned with the other seen events.
 *
 * Socket Mode requests carry no signature (the WebSocket is the app's own) and pass.
 */
import { createHash } from 'node:crypto';
import type { Logger } from '../../src/logging/logger';

/** True the first time any instance claims `key`. */
export type ClaimOnce = (key: string) => Promise<boolean>;

export interface ReplayGuard {
  /** True when the request is new (or carries no signature); false for a replay, which is logged. */
  firstTime(context: Record<string, unknown>, what: string): Promise<boolean>;
}

export const requestKey = (signature: string) =>
  `slack:request:${createHash('sha256').update(signature).digest('hex')}`;

/** Within one process, replays are caught even while the database cannot take the claim. */
const recentCapacity = 10_000;

export function createReplayGuard(claimOnce: ClaimOnce, log: Logger): ReplayGuard {
  const recent = new Set<string>();
  const remember = (key: string) => {
    recent.add(key);
    if (recent.size > recentCapacity) {
      const oldest = recent.values().next().value;
      if (oldest !== undefined) recent.delete(oldest);
    }
  };
  return {
    async firstTime(context, what) {
      const signature = context.slackSignature;
      if (typeof signature !== 'string' || signature === '') return true;
      const key = requestKey(signature);
      let first = !recent.has(key);
      remember(key);
      if (first) {
        try {
          first = await claimOnce(key);
        } catch (error) {
          // A database that cannot take the claim right now must not silence the command.
          log.warn({ err: error, what }, 'slack request handled without its replay check (not recorded)');
        }
      }
      if (!first) log.warn({ what }, 'refused a replayed slack request (its signature was already used)');
      return first;
    },
  };
}

/** The in-process claim, for an adapter built without a database (tests of the adapter alone). */
export function inMemoryClaims(): ClaimOnce {
  const claimed = new Set<string>();
  return async (key) => {
    if (claimed.has(key)) return false;
    claimed.add(key);
    return true;
  };
}
