/** Apps installed in many workspaces, one row per platform and workspace; the secret arrives sealed. */
import type Database from 'better-sqlite3';
import type { Platform } from '../../records/channel';
import type { Installation, InstallationRepository } from '../../store/store';
import { type InstallationRow, installationFromRow } from '../installation-row';

export class SqliteInstallationRepository implements InstallationRepository {
  constructor(private readonly db: Database.Database) {}

  save(installation: Pick<Installation, 'platform' | 'workspaceId' | 'secret' | 'metadata'>, now: string) {
    this.db
      .prepare(
        `INSERT INTO installations (platform, workspace_id, secret, metadata, installed_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (platform, workspace_id) DO UPDATE SET
           secret = excluded.secret, metadata = excluded.metadata, updated_at = excluded.updated_at`,
      )
      .run(
        installation.platform,
        installation.workspaceId,
        installation.secret,
        JSON.stringify(installation.metadata),
        now,
        now,
      );
    const saved = this.get(installation.platform, installation.workspaceId);
    if (!saved) throw new Error('installation vanished right after being written');
    return saved;
  }

  get(platform: Platform, workspaceId: string): Installation | null {
    const row = this.db
      .prepare('SELECT * FROM installations WHERE platform = ? AND workspace_id = ?')
      .get(platform, workspaceId) as InstallationRow | undefined;
    return row ? installationFromRow(row) : null;
  }

  delete(platform: Platform, workspaceId: string): boolean {
    return (
      this.db
        .prepare('DELETE FROM installations WHERE platform = ? AND workspace_id = ?')
        .run(platform, workspaceId).changes > 0
    );
  }
}
