import type Database from 'better-sqlite3';
import type { ChannelRef } from '../../records/channel';
import type { ChannelSignals, RankingRepository, StoredModel } from '../../store/store';

const channelParams = (channel: ChannelRef) =>
  [channel.platform, channel.workspaceId, channel.channelId] as const;
const inChannel = 'platform = ? AND workspace_id = ? AND channel_id = ?';

export class SqliteRankingRepository implements RankingRepository {
  constructor(private readonly db: Database.Database) {}

  signals(channel: ChannelRef, postedBefore: string, limit: number): ChannelSignals {
    // Flags on the queue now, and the flags each past discussion closed (a discussed paper was read here).
    const flagged = this.db
      .prepare(
        `WITH flaggers (paper_id, who, at) AS (
           SELECT queue_items.paper_id, flags.user_name, flags.flagged_at
           FROM queue_items JOIN flags ON flags.item_id = queue_items.id
           WHERE queue_items.platform = ? AND queue_items.workspace_id = ? AND queue_items.channel_id = ?
           UNION
           SELECT queue_items.paper_id, names.value, discussions.discussed_at
           FROM queue_items JOIN discussions ON discussions.item_id = queue_items.id, json_each(discussions.flagged_by) AS names
           WHERE queue_items.platform = ? AND queue_items.workspace_id = ? AND queue_items.channel_id = ?
         )
         SELECT paper_id AS paperId, count(DISTINCT who) AS flags, max(at) AS lastAt FROM flaggers
         GROUP BY paper_id ORDER BY lastAt DESC LIMIT ?`,
      )
      .all(...channelParams(channel), ...channelParams(channel), limit) as ChannelSignals['flagged'];
    const disliked = this.db
      .prepare(
        `SELECT paper_id AS paperId, max(disliked_at) AS lastAt FROM paper_dislikes WHERE ${inChannel}
         GROUP BY paper_id ORDER BY lastAt DESC LIMIT ?`,
      )
      .all(...channelParams(channel), limit) as ChannelSignals['disliked'];
    const posted = this.db
      .prepare(
        `SELECT deliveries.paper_id AS paperId, deliveries.updated_at AS postedAt
         FROM deliveries JOIN subscriptions ON subscriptions.id = deliveries.subscription_id
         WHERE subscriptions.platform = ? AND subscriptions.workspace_id = ?
           AND subscriptions.channel_id = ?
           AND deliveries.state = 'sent' AND deliveries.updated_at < ?
         ORDER BY deliveries.updated_at DESC LIMIT ?`,
      )
      .all(...channelParams(channel), postedBefore, limit) as ChannelSignals['posted'];
    return { flagged, disliked, posted };
  }

  addDislike(channel: ChannelRef, paperId: string, userId: string, now: string): boolean {
    return (
      this.db
        .prepare(
          `INSERT INTO paper_dislikes (platform, workspace_id, channel_id, paper_id, user_id, disliked_at)
           VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
        )
        .run(...channelParams(channel), paperId, userId, now).changes > 0
    );
  }

  removeDislike(channel: ChannelRef, paperId: string, userId: string): boolean {
    return (
      this.db
        .prepare(`DELETE FROM paper_dislikes WHERE ${inChannel} AND paper_id = ? AND user_id = ?`)
        .run(...channelParams(channel), paperId, userId).changes > 0
    );
  }

  getModel(channel: ChannelRef): string | null {
    const row = this.db
      .prepare(`SELECT model FROM ranking_models WHERE ${inChannel}`)
      .get(...channelParams(channel)) as { model: string } | undefined;
    return row ? row.model : null;
  }

  saveModel(channel: ChannelRef, model: StoredModel): void {
    this.db
      .prepare(
        `INSERT INTO ranking_models (platform, workspace_id, channel_id, fingerprint, trained_at, model)
         VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (platform, workspace_id, channel_id) DO UPDATE SET
           fingerprint = excluded.fingerprint, trained_at = excluded.trained_at, model = excluded.model`,
      )
      .run(...channelParams(channel), model.fingerprint, model.trainedAt, model.text);
  }
}
