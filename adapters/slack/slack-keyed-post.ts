/**
 * Posts a keyed message (the digest header, a paper) at most once. Slack has no idempotency key, so the
 * client that sends these never retries on its own: a 5xx, a network error or a timeout can come after Slack
 * created the message, and a blind retry would post it twice. Here, after such a failure, the channel's recent
 * history is searched for the delivery key (carried in the message metadata), and the post is sent again only
 * when it is not there. When history cannot be read, nothing is sent: the core asks again on its next try.
 */
import { DeliveryError } from '../../src/errors';
import type { Logger } from '../../src/logging/logger';
import { mayHaveSucceeded, slackErrorCode } from './slack-errors';
import type { Sleep } from './slack-pacer';

export interface KeyedPostPolicy {
  /** Rounds (a history check when unsure, then a post) before giving up as 'transient'. */
  attempts: number;
  /** Wait before the first history check, doubled each round: time for the lost post to show up. */
  backoffMs: number;
}

export interface KeyedPost<T> {
  key: string;
  channelId: string;
  /** One chat.postMessage (429s already waited out); failures are DeliveryErrors with the Slack error as cause. */
  send: () => Promise<T>;
  /** The message already posted with this key, or null; throws when history cannot be read. */
  lookup: () => Promise<T | null>;
}

const unknown = Symbol('history unreadable');

export async function postOnce<T>(
  policy: KeyedPostPolicy,
  deps: { sleep: Sleep; log: Logger; onRetry?: (() => void) | undefined },
  post: KeyedPost<T>,
): Promise<T> {
  const log = deps.log.child({ channel: post.channelId, deliveryKey: post.key });
  let lastError: unknown = null;

  /** The earlier post if it went through, null if it did not, `unknown` if history could not say. */
  async function earlier(): Promise<T | null | typeof unknown> {
    try {
      return await post.lookup();
    } catch (error) {
      if (error instanceof DeliveryError && error.failure !== 'transient') throw error;
      log.warn({ slackError: slackErrorCode((error as Error).cause ?? error) }, 'slack history check failed');
      return unknown;
    }
  }

  for (let round = 0; round <= policy.attempts; round += 1) {
    if (lastError !== null) {
      await deps.sleep(policy.backoffMs * 2 ** (round - 1));
      const found = await earlier();
      if (found !== null && found !== unknown) {
        log.info('slack post found in history after a lost answer; not posting again');
        return found;
      }
      // Unsure whether the earlier post went out: never send again without a clear answer.
      if (found === unknown) continue;
    }
    if (round === policy.attempts) break;
    if (round > 0) deps.onRetry?.();
    try {
      return await post.send();
    } catch (error) {
      if (!mayHaveSucceeded(error)) throw error;
      lastError = error;
      log.warn(
        { slackError: slackErrorCode((error as Error).cause ?? error), round },
        'slack post unanswered',
      );
    }
  }
  const code = slackErrorCode((lastError as Error | null)?.cause ?? lastError);
  throw new DeliveryError('transient', `Slack chat.postMessage failed: ${code}`, { cause: lastError });
}
