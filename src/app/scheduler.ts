import cron, { type ScheduledTask } from 'node-cron';
import type { Core } from './create-core';

/**
 * node-cron at the edge: every minute the digest engine checks what is due; every REFRESH_INTERVAL_MINUTES
 * the recent batches are re-fetched so search sees new papers and moving upvotes.
 */
export function startScheduler(core: Core): { stop(): Promise<void> } {
  const log = core.log.child({ service: 'scheduler' });
  const tasks: ScheduledTask[] = [];
  const guarded = (name: string, work: () => Promise<unknown>) => async () => {
    try {
      await work();
    } catch (error) {
      log.error({ err: error, task: name }, 'scheduled task failed; it runs again on its next tick');
    }
  };
  tasks.push(
    cron.schedule(
      '* * * * *',
      guarded('digests', () => core.digests.runDueDigests(core.clock.now())),
      {
        name: 'digests',
        noOverlap: true,
      },
    ),
  );
  const minutes = core.config.REFRESH_INTERVAL_MINUTES;
  const refreshExpression =
    minutes >= 60 ? `17 */${Math.min(23, Math.floor(minutes / 60))} * * *` : `*/${minutes} * * * *`;
  tasks.push(
    cron.schedule(
      refreshExpression,
      guarded('refresh', () => core.sync.refreshRecent(core.clock.now())),
      {
        name: 'refresh',
        noOverlap: true,
      },
    ),
  );
  return {
    async stop() {
      await Promise.all(tasks.map((task) => task.stop()));
    },
  };
}
