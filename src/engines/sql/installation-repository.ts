/** Apps installed in many workspaces, one row per platform and workspace; the secret arrives sealed. */
import type { Platform } from '../../records/channel';
import type { Installation, InstallationRepository, Promised } from '../../store/store';
import { type InstallationRow, installationFromRow } from './installation-row';
import type { Sql } from './sql';

export class SqlInstallationRepository implements Promised<InstallationRepository> {
  constructor(private readonly sql: Sql) {}

  async save(
    installation: Pick<Installation, 'platform' | 'workspaceId' | 'secret' | 'metadata'>,
    now: string,
  ): Promise<Installation> {
    const { rows } = await this.sql.query<InstallationRow>(
      `INSERT INTO installations (platform, workspace_id, secret, metadata, installed_at, updated_at)
       VALUES (@platform, @workspace_id, @secret, @metadata, @now, @now)
       ON CONFLICT (platform, workspace_id) DO UPDATE SET
         secret = excluded.secret, metadata = excluded.metadata, updated_at = excluded.updated_at
       RETURNING *`,
      {
        platform: installation.platform,
        workspace_id: installation.workspaceId,
        secret: installation.secret,
        metadata: JSON.stringify(installation.metadata),
        now,
      },
    );
    if (!rows[0]) throw new Error('installation vanished right after being written');
    return installationFromRow(rows[0]);
  }

  async get(platform: Platform, workspaceId: string): Promise<Installation | null> {
    const { rows } = await this.sql.query<InstallationRow>(
      'SELECT * FROM installations WHERE platform = @platform AND workspace_id = @workspace_id',
      { platform, workspace_id: workspaceId },
    );
    return rows[0] ? installationFromRow(rows[0]) : null;
  }

  async delete(platform: Platform, workspaceId: string): Promise<boolean> {
    const result = await this.sql.query(
      'DELETE FROM installations WHERE platform = @platform AND workspace_id = @workspace_id',
      { platform, workspace_id: workspaceId },
    );
    return result.rowCount > 0;
  }
}
