import type Database from 'better-sqlite3';
import type { ChannelRef, Platform } from '../../records/channel';
import {
  type DigestSettings,
  type DigestSource,
  defaultDigestSettings,
  type Subscription,
} from '../../records/subscription';
import type { SubscriptionRepository } from '../../store/store';

interface SubscriptionRow {
  id: number;
  platform: Platform;
  workspace_id: string;
  channel_id: string;
  settings: string;
  source: DigestSource;
  active: number;
  paused_reason: string | null;
  created_at: string;
  updated_at: string;
}

const fromRow = (row: SubscriptionRow): Subscription => ({
  // Defaults first, so settings added in later versions have a value for old rows.
  ...defaultDigestSettings,
  ...(JSON.parse(row.settings) as Partial<DigestSettings>),
  source: row.source,
  id: row.id,
  channel: { platform: row.platform, workspaceId: row.workspace_id, channelId: row.channel_id },
  active: row.active === 1,
  pausedReason: row.paused_reason,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

export class SqliteSubscriptionRepository implements SubscriptionRepository {
  constructor(private readonly db: Database.Database) {}

  upsert(channel: ChannelRef, settings: DigestSettings, now: string): Subscription {
    // A channel that subscribes again keeps its id, and with it its delivery log: no paper is posted twice
    // (whichever source it posts from). The source has its own column, so it is not in the JSON too.
    const { source, ...rest } = settings;
    this.db
      .prepare(
        `INSERT INTO subscriptions (platform, workspace_id, channel_id, settings, source, active, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, 1, ?, ?)
         ON CONFLICT (platform, workspace_id, channel_id) DO UPDATE SET
           settings = excluded.settings, source = excluded.source, active = 1, paused_reason = NULL,
           updated_at = excluded.updated_at,
           created_at = CASE WHEN subscriptions.active = 1 THEN subscriptions.created_at ELSE excluded.created_at END`,
      )
      .run(channel.platform, channel.workspaceId, channel.channelId, JSON.stringify(rest), source, now, now);
    const created = this.get(channel);
    if (!created) throw new Error('subscription vanished right after being written');
    return created;
  }

  get(channel: ChannelRef): Subscription | null {
    const row = this.db
      .prepare('SELECT * FROM subscriptions WHERE platform = ? AND workspace_id = ? AND channel_id = ?')
      .get(channel.platform, channel.workspaceId, channel.channelId) as SubscriptionRow | undefined;
    return row ? fromRow(row) : null;
  }

  getById(id: number): Subscription | null {
    const row = this.db.prepare('SELECT * FROM subscriptions WHERE id = ?').get(id) as
      | SubscriptionRow
      | undefined;
    return row ? fromRow(row) : null;
  }

  listActive(): Subscription[] {
    const rows = this.db
      .prepare('SELECT * FROM subscriptions WHERE active = 1 AND paused_reason IS NULL ORDER BY id')
      .all() as SubscriptionRow[];
    return rows.map(fromRow);
  }

  deactivate(channel: ChannelRef, now: string): boolean {
    const result = this.db
      .prepare(
        `UPDATE subscriptions SET active = 0, updated_at = ?
         WHERE platform = ? AND workspace_id = ? AND channel_id = ? AND active = 1`,
      )
      .run(now, channel.platform, channel.workspaceId, channel.channelId);
    return result.changes > 0;
  }

  pause(id: number, reason: string, now: string): void {
    this.db
      .prepare(
        'UPDATE subscriptions SET paused_reason = coalesce(paused_reason, ?), updated_at = ? WHERE id = ?',
      )
      .run(reason, now, id);
  }

  pauseWorkspace(platform: Platform, workspaceId: string, reason: string, now: string): number {
    return this.db
      .prepare(
        `UPDATE subscriptions SET paused_reason = ?, updated_at = ?
         WHERE platform = ? AND workspace_id = ? AND active = 1`,
      )
      .run(reason, now, platform, workspaceId).changes;
  }

  resumeWorkspace(platform: Platform, workspaceId: string, reason: string, now: string): number {
    return this.db
      .prepare(
        `UPDATE subscriptions SET paused_reason = NULL, updated_at = ?
         WHERE platform = ? AND workspace_id = ? AND active = 1 AND paused_reason = ?`,
      )
      .run(now, platform, workspaceId, reason).changes;
  }
}
