/** Apps installed in many workspaces on PostgreSQL: one row per platform and workspace, the secret sealed. */
import type { Platform } from '../../records/channel';
import type { Installation, InstallationRepository, Promised } from '../../store/store';
import { type InstallationRow, installationFromRow } from '../installation-row';
import type { SqlClient } from './pg-client';

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
    return installationFromRow(rows[0]);
  }

  async get(platform: Platform, workspaceId: string): Promise<Installation | null> {
    const { rows } = await this.client.query<InstallationRow>(
      'SELECT * FROM installations WHERE platform = $1 AND workspace_id = $2',
      [platform, workspaceId],
    );
    return rows[0] ? installationFromRow(rows[0]) : null;
  }

  async delete(platform: Platform, workspaceId: string): Promise<boolean> {
    const result = await this.client.query(
      'DELETE FROM installations WHERE platform = $1 AND workspace_id = $2',
      [platform, workspaceId],
    );
    return result.rowCount > 0;
  }
}
