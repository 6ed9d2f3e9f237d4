/** What the team ranking reads and keeps: a channel's signals, its 👎s and its learned model. */
import type { ChannelRef } from '../../records/channel';
import type { ChannelSignals, Promised, RankingRepository, StoredModel } from '../../store/store';
import { channelValues, inChannel, toNumber } from './rows';
import type { Sql } from './sql';

export class SqlRankingRepository implements Promised<RankingRepository> {
  constructor(private readonly sql: Sql) {}

  async signals(channel: ChannelRef, postedBefore: string, limit: number): Promise<ChannelSignals> {
    const { bytewise, jsonTexts } = this.sql.dialect;
    const values = { ...channelValues(channel), limit };
    // Flags on the queue now, and the flags each past discussion closed (a discussed paper was read here).
    // Ties on the latest time are broken by paper id.
    const flagged = await this.sql.query<{ paperId: string; flags: unknown; lastAt: string }>(
      `WITH flaggers (paper_id, who, at) AS (
         SELECT queue_items.paper_id, flags.user_name, flags.flagged_at
         FROM queue_items JOIN flags ON flags.item_id = queue_items.id
         WHERE ${inChannel('queue_items')}
         UNION
         SELECT queue_items.paper_id, names.value, discussions.discussed_at
         FROM queue_items JOIN discussions ON discussions.item_id = queue_items.id
           CROSS JOIN ${jsonTexts('discussions.flagged_by', 'names')}
         WHERE ${inChannel('queue_items')}
       )
       SELECT paper_id AS "paperId", count(DISTINCT who) AS flags, max(at) AS "lastAt" FROM flaggers
       GROUP BY paper_id ORDER BY "lastAt" DESC, paper_id${bytewise} LIMIT @limit`,
      values,
    );
    const disliked = await this.sql.query<{ paperId: string; lastAt: string }>(
      `SELECT paper_id AS "paperId", max(disliked_at) AS "lastAt" FROM paper_dislikes WHERE ${inChannel()}
       GROUP BY paper_id ORDER BY "lastAt" DESC, paper_id${bytewise} LIMIT @limit`,
      values,
    );
    const posted = await this.sql.query<{ paperId: string; postedAt: string }>(
      `SELECT deliveries.paper_id AS "paperId", deliveries.updated_at AS "postedAt"
       FROM deliveries JOIN subscriptions ON subscriptions.id = deliveries.subscription_id
       WHERE ${inChannel('subscriptions')} AND deliveries.state = 'sent' AND deliveries.updated_at < @before
       ORDER BY deliveries.updated_at DESC, deliveries.id DESC LIMIT @limit`,
      { ...values, before: postedBefore },
    );
    return {
      flagged: flagged.rows.map((row) => ({
        paperId: row.paperId,
        flags: toNumber(row.flags),
        lastAt: row.lastAt,
      })),
      disliked: disliked.rows,
      posted: posted.rows,
    };
  }

  async addDislike(channel: ChannelRef, paperId: string, userId: string, now: string): Promise<boolean> {
    const result = await this.sql.query(
      `INSERT INTO paper_dislikes (platform, workspace_id, channel_id, paper_id, user_id, disliked_at)
       VALUES (@platform, @workspace_id, @channel_id, @paper_id, @user_id, @now) ON CONFLICT DO NOTHING`,
      { ...channelValues(channel), paper_id: paperId, user_id: userId, now },
    );
    return result.rowCount > 0;
  }

  async removeDislike(channel: ChannelRef, paperId: string, userId: string): Promise<boolean> {
    const result = await this.sql.query(
      `DELETE FROM paper_dislikes WHERE ${inChannel()} AND paper_id = @paper_id AND user_id = @user_id`,
      { ...channelValues(channel), paper_id: paperId, user_id: userId },
    );
    return result.rowCount > 0;
  }

  async getModel(channel: ChannelRef): Promise<string | null> {
    const { rows } = await this.sql.query<{ model: string }>(
      `SELECT model FROM ranking_models WHERE ${inChannel()}`,
      channelValues(channel),
    );
    return rows[0] ? rows[0].model : null;
  }

  async saveModel(channel: ChannelRef, model: StoredModel): Promise<void> {
    await this.sql.query(
      `INSERT INTO ranking_models (platform, workspace_id, channel_id, fingerprint, trained_at, model)
       VALUES (@platform, @workspace_id, @channel_id, @fingerprint, @trained_at, @model)
       ON CONFLICT (platform, workspace_id, channel_id) DO UPDATE SET
         fingerprint = excluded.fingerprint, trained_at = excluded.trained_at, model = excluded.model`,
      {
        ...channelValues(channel),
        fingerprint: model.fingerprint,
        trained_at: model.trainedAt,
        model: model.text,
      },
    );
  }
}
