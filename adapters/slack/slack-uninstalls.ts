/**
 * `app_uninstalled` and `tokens_revoked` (of the bot token) from a workspace that installed the app: its
 * installation (the token) is deleted and its subscriptions paused; other workspaces are untouched. Bolt
 * hands both events over without authorizing them (the token is already gone). Slack may deliver one
 * again, to any instance: removing twice changes nothing.
 */
import type { App } from '@slack/bolt';
import type { Logger } from '../../src/logging/logger';
import type { SlackInstallations } from './slack-installations';

export interface UninstallDeps {
  installations: SlackInstallations;
  log: Logger;
  track: <T>(work: Promise<T>) => Promise<T>;
}

export function registerUninstallHandlers(app: App, deps: UninstallDeps): void {
  const remove = async (teamId: string | undefined, event: string) => {
    if (!teamId) return;
    try {
      const { deleted, paused } = await deps.installations.removed(teamId);
      deps.log.info(
        { team: teamId, event, deleted, paused },
        'slack workspace removed the app; its digests are paused',
      );
    } catch (error) {
      deps.log.error({ err: error, team: teamId, event }, 'could not remove a slack installation');
    }
  };
  app.event('app_uninstalled', async ({ body }) => {
    await deps.track(remove(body.team_id, 'app_uninstalled'));
  });
  app.event('tokens_revoked', async ({ event, body }) => {
    // Only the bot token matters: paperboy asks for no user token.
    if ((event.tokens.bot ?? []).length === 0) return;
    await deps.track(remove(body.team_id, 'tokens_revoked'));
  });
}
