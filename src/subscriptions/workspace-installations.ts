/**
 * A platform's installations in many workspaces (an app each workspace installs), as a platform module sees
 * them: the sealed secret it stores per workspace, and what installing and removing the app means for the
 * workspace's digests. Removing pauses every active subscription of that workspace only (with one reason);
 * installing again resumes exactly those, not channels that unsubscribed. The core never opens the secret.
 */

import type { Clock } from '../clock';
import type { Logger } from '../logging/logger';
import type { Platform } from '../records/channel';
import type { Installation, Store } from '../store/store';
import { waitOutHeldLock } from '../store/store-retry';

/** Installing and removing wait out another process's write lock (asynchronously) before they fail. */
const waitingOutLocks = <T>(log: Logger, what: string, work: () => Promise<T>) =>
  waitOutHeldLock(work, (attempt) =>
    log.info({ attempt }, `the database is locked by another process: ${what} waits for it`),
  );

/** The pause reason of a removed workspace's subscriptions, as `/papers why` and `/papers settings` show it. */
export const removedFromWorkspaceReason =
  'the app was removed from this workspace; installing it again resumes the digest';

/**
 * The pause reason of a subscription whose workspace has no installation at all (subscribed before the
 * app was installed, e.g. when moving from one bot token to the install flow): installing resumes it too.
 */
export const notInstalledReason =
  'the app is not installed in this workspace (it was removed, or never installed); installing it resumes the digest';

/** What installing resumes: subscriptions paused because the workspace had no installation. */
const resumedByInstalling = [removedFromWorkspaceReason, notInstalledReason];

export interface WorkspaceInstallations {
  get(workspaceId: string): Promise<Installation | null>;
  /** Stores (or replaces) the workspace's installation and resumes what its removal paused. */
  installed(
    workspaceId: string,
    secret: string,
    metadata: Record<string, unknown>,
  ): Promise<{ resumed: number }>;
  /** Replaces the sealed secret only (sealed again with a new key), keeping what else is stored. */
  reseal(installation: Installation, secret: string): Promise<void>;
  /** Deletes the installation (its tokens) and pauses the workspace's subscriptions. Idempotent. */
  removed(workspaceId: string): Promise<{ deleted: boolean; paused: number }>;
}

export function workspaceInstallations(
  store: Store,
  platform: Platform,
  clock: Clock,
  log: Logger,
): WorkspaceInstallations {
  const now = () => clock.now().toISOString();
  return {
    get: (workspaceId) => store.installations.get(platform, workspaceId),
    installed: (workspaceId, secret, metadata) =>
      waitingOutLocks(log.child({ workspace: workspaceId }), 'saving the installation', async () => {
        await store.installations.save({ platform, workspaceId, secret, metadata }, now());
        let resumed = 0;
        for (const reason of resumedByInstalling)
          resumed += await store.subscriptions.resumeWorkspace(platform, workspaceId, reason, now());
        return { resumed };
      }),
    async reseal(installation, secret) {
      await store.installations.save({ ...installation, secret }, now());
    },
    async removed(workspaceId) {
      // An attempt refused halfway has deleted already: the next one finds nothing left to delete.
      let deleted = false;
      return await waitingOutLocks(
        log.child({ workspace: workspaceId }),
        'removing the installation',
        async () => {
          deleted = (await store.installations.delete(platform, workspaceId)) || deleted;
          const paused = await store.subscriptions.pauseWorkspace(
            platform,
            workspaceId,
            removedFromWorkspaceReason,
            now(),
          );
          return { deleted, paused };
        },
      );
    },
  };
}
