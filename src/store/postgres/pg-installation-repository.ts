/** Apps installed in many workspaces on PostgreSQL: one row per platform and workspace, the secret sealed. */
import type { Platform } from '../../chat/chat-port';
import type { Installation, InstallationRepository, Promised } from '../store';
import type { SqlClient } from './pg-client';

interface InstallationRow {
  platform: Platform;
  workspace_id: string;
  secret: string;
  metadata: string;
  installed_at: string;
  updated_at: string;
}

const fromRow = (row: InstallationRow): Installation => ({
  platform: row.platform,
  workspaceId: row.workspace_id,
  secret: row.secret,
  metadata: JSON.parse(row.metadata) as Record<string, unknown>,
  installedAt: row.installed_at,
  updatedAt: row.updated_at,
});

export class PgInstallationRepository implements Promised<InstallationRepository> {
  constructor(private readonly client: SqlClient) {}

  async save(
    installation: Pick<Installation, 'platform' | 'workspaceId' | 'secret' | 'metadata'>,
    now: string,
  ): Promise<Installation> {
    const { rows } = await this.client.query<InstallationRow>(
      `INSERT INTO installations (platform, workspace_id, secret, metadata, installed_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $5)
       ON CONFLICT (platform, workspace_id) DO UPDATE SET
         secret = excluded.secret, metadata = excluded.metadata, updated_at = excluded.updated_at
       RETURNING *`,
      [
        installation.platform,
        installation.workspaceId,
        installation.secret,
        JSON.stringify(installation.metadata),
        now,
      ],
    );
    if (!rows[0]) throw new Error('installation vanished right after being written');
    return fromRow(rows[0]);
  }

  async get(platform: Platform, workspaceId: string): Promise<Installation | null> {
    const { rows } = await this.client.query<InstallationRow>(
      'SELECT * FROM installations WHERE platform = $1 AND workspace_id = $2',
      [platform, workspaceId],
    );
    return rows[0] ? fromRow(rows[0]) : null;
  }

  async delete(platform: Platform, workspaceId: string): Promise<boolean> {
    const result = await this.client.query(
      'DELETE FROM installations WHERE platform = $1 AND workspace_id = $2',
      [platform, workspaceId],
    );
    return result.rowCount > 0;
  }
}
