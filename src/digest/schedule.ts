import type { Subscription, Weekday } from '../records/subscription';
import { addDays, localMoment } from '../time/zoned-time';

/**
 * The local date whose digest is due for `subscription` at `now`, or null. Due means: a posting weekday,
 * the local time has reached the subscription's time (comparing wall-clock times makes DST safe: a time
 * skipped by a spring-forward is due right after the jump, and the repeated hour of a fall-back posts once
 * because a run is recorded per local date), and the subscription existed before that time today.
 */
export function dueLocalDate(subscription: Subscription, now: Date): string | null {
  const local = localMoment(now, subscription.timezone);
  if (!subscription.weekdays.includes(local.weekday)) return null;
  if (local.time < subscription.time) return null;
  const created = localMoment(new Date(subscription.createdAt), subscription.timezone);
  if (created.date === local.date && created.time > subscription.time) return null;
  if (created.date > local.date) return null;
  return local.date;
}

/** The next time the subscription will post, described for people: `Mon 09:00 Europe/Paris`. */
export function describeSchedule(subscription: Pick<Subscription, 'time' | 'timezone' | 'weekdays'>): string {
  const names = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
  const days =
    subscription.weekdays.length === 7
      ? 'every day'
      : subscription.weekdays.join(',') === '1,2,3,4,5'
        ? 'on weekdays'
        : `on ${subscription.weekdays.map((day) => names[day]).join(', ')}`;
  return `${days} at ${subscription.time} ${subscription.timezone}`;
}

const dayLabel = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });

/**
 * When the next digest goes out, in words: `in the next minute` (due now), `today at 09:00 UTC`,
 * `tomorrow at 09:00 UTC` or `Mon 2 Dec at 09:00 UTC`. `postedOn(date)` says whether that local date's
 * digest already went out.
 */
export async function describeNextDigest(
  subscription: Subscription,
  now: Date,
  postedOn: (localDate: string) => Promise<boolean>,
): Promise<string> {
  const due = dueLocalDate(subscription, now);
  if (due && !(await postedOn(due))) return 'in the next minute';
  const today = localMoment(now, subscription.timezone);
  const at = `at ${subscription.time} ${subscription.timezone}`;
  for (let ahead = 0; ahead <= 7; ahead++) {
    const date = addDays(today.date, ahead);
    const weekday = ((today.weekday + ahead) % 7) as Weekday;
    if (!subscription.weekdays.includes(weekday)) continue;
    if (ahead === 0 && (today.time >= subscription.time || (await postedOn(date)))) continue;
    if (ahead === 0) return `today ${at}`;
    return ahead === 1 ? `tomorrow (${dayLabel(date)}) ${at}` : `${dayLabel(date)} ${at}`;
  }
  return 'never (no posting days)';
}
