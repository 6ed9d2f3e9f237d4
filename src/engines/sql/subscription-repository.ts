/** Digest subscriptions, one per channel. */
import type { ChannelRef, Platform } from '../../records/channel';
import {
  type DigestSettings,
  type DigestSource,
  defaultDigestSettings,
  type Subscription,
} from '../../records/subscription';
import type { Promised, SubscriptionRepository } from '../../store/store';
import { channelFromRow, channelValues, inChannel, toNumber } from './rows';
import type { Sql } from './sql';

interface SubscriptionRow {
  id: number | string;
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

const fromRow = (row: SubscriptionRow): Subscription => {
  // Defaults first, so settings added in later versions have a value for old rows.
  const settings = { ...defaultDigestSettings, ...(JSON.parse(row.settings) as Partial<DigestSettings>) };
  return {
    ...settings,
    categories: settings.categories ?? [],
    source: row.source,
    id: toNumber(row.id),
    channel: channelFromRow(row),
    active: row.active === 1,
    pausedReason: row.paused_reason,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
};

export class SqlSubscriptionRepository implements Promised<SubscriptionRepository> {
  constructor(private readonly sql: Sql) {}

  async upsert(channel: ChannelRef, settings: DigestSettings, now: string): Promise<Subscription> {
    // A channel that subscribes again keeps its id, and with it its delivery log: no paper is posted twice
    // (whichever source it posts from). The source has its own column, so it is not in the JSON too.
    const { source, ...rest } = settings;
    const { rows } = await this.sql.query<SubscriptionRow>(
      `INSERT INTO subscriptions (platform, workspace_id, channel_id, settings, source, active, created_at, updated_at)
       VALUES (@platform, @workspace_id, @channel_id, @settings, @source, 1, @now, @now)
       ON CONFLICT (platform, workspace_id, channel_id) DO UPDATE SET
         settings = excluded.settings, source = excluded.source, active = 1, paused_reason = NULL,
         updated_at = excluded.updated_at,
         created_at = CASE WHEN subscriptions.active = 1 THEN subscriptions.created_at ELSE excluded.created_at END
       RETURNING *`,
      { ...channelValues(channel), settings: JSON.stringify(rest), source, now },
    );
    if (!rows[0]) throw new Error('subscription vanished right after being written');
    return fromRow(rows[0]);
  }

  async get(channel: ChannelRef): Promise<Subscription | null> {
    const { rows } = await this.sql.query<SubscriptionRow>(
      `SELECT * FROM subscriptions WHERE ${inChannel()}`,
      channelValues(channel),
    );
    return rows[0] ? fromRow(rows[0]) : null;
  }

  async getById(id: number): Promise<Subscription | null> {
    const { rows } = await this.sql.query<SubscriptionRow>('SELECT * FROM subscriptions WHERE id = @id', {
      id,
    });
    return rows[0] ? fromRow(rows[0]) : null;
  }

  async listActive(): Promise<Subscription[]> {
    const { rows } = await this.sql.query<SubscriptionRow>(
      'SELECT * FROM subscriptions WHERE active = 1 AND paused_reason IS NULL ORDER BY id',
    );
    return rows.map(fromRow);
  }

  async listSubscribed(platform: Platform): Promise<Subscription[]> {
    const { rows } = await this.sql.query<SubscriptionRow>(
      'SELECT * FROM subscriptions WHERE active = 1 AND platform = @platform ORDER BY id',
      { platform },
    );
    return rows.map(fromRow);
  }

  async deactivate(channel: ChannelRef, now: string): Promise<boolean> {
    const result = await this.sql.query(
      `UPDATE subscriptions SET active = 0, updated_at = @now WHERE ${inChannel()} AND active = 1`,
      { ...channelValues(channel), now },
    );
    return result.rowCount > 0;
  }

  async pause(id: number, reason: string, now: string): Promise<void> {
    await this.sql.query(
      'UPDATE subscriptions SET paused_reason = coalesce(paused_reason, @reason), updated_at = @now WHERE id = @id',
      { reason, now, id },
    );
  }

  async pauseWorkspace(
    platform: Platform,
    workspaceId: string,
    reason: string,
    now: string,
  ): Promise<number> {
    const result = await this.sql.query(
      `UPDATE subscriptions SET paused_reason = @reason, updated_at = @now
       WHERE platform = @platform AND workspace_id = @workspace_id AND active = 1`,
      { platform, workspace_id: workspaceId, reason, now },
    );
    return result.rowCount;
  }

  async resumeWorkspace(
    platform: Platform,
    workspaceId: string,
    reason: string,
    now: string,
  ): Promise<number> {
    const result = await this.sql.query(
      `UPDATE subscriptions SET paused_reason = NULL, updated_at = @now
       WHERE platform = @platform AND workspace_id = @workspace_id AND active = 1 AND paused_reason = @reason`,
      { platform, workspace_id: workspaceId, reason, now },
    );
    return result.rowCount;
  }
}
