import type { Core } from './create-core';
import { everyInterval, onEveryTick, type ScheduledJob, scheduledJob } from './scheduler';

const minute = 60_000;
const day = 24 * 60 * minute;
const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * Every timed behaviour the README and `/papers help` promise, as the running bot schedules it. A test
 * (test/app/scheduled-jobs.test.ts) holds this list against the README's table, so a new timed feature
 * that is documented but not scheduled (or the other way round) fails the build.
 */
export function scheduledJobs(core: Core): ScheduledJob[] {
  const startedAt = core.clock.now();
  return [
    scheduledJob({
      // Each subscription's local time is checked every tick; a digest missed while the bot was down
      // goes out at start-up if it is still that local day, and one that was started (planned) is finished
      // whatever the date. The lease's signal fences the fan-out: an instance that lost the lease to
      // another starts no further post.
      name: 'digests',
      isDue: onEveryTick,
      run: (now, signal) => core.digests.runDueDigests(now, signal),
      said: ({ due, posted, failed }) =>
        due === 0
          ? null
          : `${count(due, 'digest')} due: ${count(posted, 'paper')} posted${failed ? `, ${failed} failed` : ''}`,
    }),
    scheduledJob({
      // The weekly agenda, at each channel's weekday and time; caught up at start-up the same local day.
      name: 'agendas',
      isDue: onEveryTick,
      run: (now) => core.discussion.runDueAgendas(now),
      said: (posted) => (posted ? `${count(posted, 'agenda')} posted` : null),
    }),
    scheduledJob({
      // Recent days re-fetched for search and moving upvotes. The last fetch is in the database, so a
      // restart (or a crash loop) does not fetch again before the interval has passed; a new database
      // waits one interval, as start-up fetches what the first digest or the console needs anyway.
      name: 'refresh',
      isDue: everyInterval(core.config.REFRESH_INTERVAL_MINUTES * minute, async () => {
        const at = await core.store.batches.lastFetchedAt();
        return at ? new Date(at) : startedAt;
      }),
      run: (now) => core.sync.refreshRecent(now),
      said: (days) => `${count(days.length, 'recent day')} fetched again`,
    }),
    scheduledJob({
      // A Hugging Face day that failed is asked again on its own schedule, not only when a digest is due.
      name: 'failed-days',
      isDue: onEveryTick,
      run: (now) => core.sync.retryFailedDays(now),
      said: (days) => (days.length ? `${count(days.length, 'failed day')} fetched again` : null),
    }),
    scheduledJob({
      // Old delivery-log rows and replay guards; once at start-up, then daily.
      name: 'prune',
      isDue: everyInterval(day),
      run: async (now) => await core.prune(now),
      said: () => 'old log rows pruned',
    }),
  ];
}
