/** The stored shape of an installation, the same on SQLite and PostgreSQL (metadata is JSON text). */
import type { Platform } from '../../records/channel';
import type { Installation } from '../../store/store';

export interface InstallationRow {
  platform: Platform;
  workspace_id: string;
  secret: string;
  metadata: string;
  installed_at: string;
  updated_at: string;
}

export const installationFromRow = (row: InstallationRow): Installation => ({
  platform: row.platform,
  workspaceId: row.workspace_id,
  secret: row.secret,
  metadata: JSON.parse(row.metadata) as Record<string, unknown>,
  installedAt: row.installed_at,
  updatedAt: row.updated_at,
});
