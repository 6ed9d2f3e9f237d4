import type { Subscription } from '../records/subscription';
import type { Store } from '../store/store';
import { dueLocalDate } from './schedule';

/**
 * The instant a channel's order is read at: the planned time of its digest of the day once that is
 * planned, else now. The ranking's time-dependent inputs (a post becomes a weak negative 72 h after it
 * went out) are read at this one instant, so `today`, `why` and `for-you` asked seconds after a digest give
 * the digest's own order, even when it was planned just before a post crossed the line.
 */
export async function orderInstant(
  store: Store,
  subscription: Subscription | null,
  now: Date,
): Promise<Date> {
  if (!subscription?.active) return now;
  const localDate = dueLocalDate(subscription, now);
  const run = localDate ? await store.deliveries.findRun(subscription.id, localDate) : null;
  return run ? new Date(run.createdAt) : now;
}
