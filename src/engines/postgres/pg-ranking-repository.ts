/** What the team ranking reads and keeps on PostgreSQL: a channel's signals, its 👎s and its learned model. */

import type { ChannelRef } from '../../records/channel';
import type { ChannelSignals, Promised, RankingRepository, StoredModel } from '../../store/store';
import type { SqlClient } from './pg-client';
import { channelParams, inChannel, toNumber } from './pg-rows';

export class PgRankingRepository implements Promised<RankingRepository> {
  constructor(private readonly client: SqlClient) {}

  async signals(channel: ChannelRef, postedBefore: string, limit: number): Promise<ChannelSignals> {
    // Flags on the queue now, and the flags each past discussion closed (a discussed paper was read here).
    // Ties on the latest time are broken by paper id, where SQLite leaves them in its scan order.
    const flagged = await this.client.query<{ paperId: string; flags: unknown; lastAt: string }>(
      `WITH flaggers (paper_id, who, at) AS (
         SELECT queue_items.paper_id, flags.user_name, flags.flagged_at
         FROM queue_items JOIN flags ON flags.item_id = queue_items.id
         WHERE ${inChannel(1, 'queue_items')}
         UNION
         SELECT queue_items.paper_id, names.name, discussions.discussed_at
         FROM queue_items JOIN discussions ON discussions.item_id = queue_items.id
           CROSS JOIN LATERAL json_array_elements_text(discussions.flagged_by::json) AS names (name)
         WHERE ${inChannel(1, 'queue_items')}
       )
       SELECT paper_id AS "paperId", count(DISTINCT who) AS flags, max(at) AS "lastAt" FROM flaggers
       GROUP BY paper_id ORDER BY "lastAt" DESC, paper_id COLLATE "C" LIMIT $4`,
      [...channelParams(channel), limit],
    );
    const disliked = await this.client.query<{ paperId: string; lastAt: string }>(
      `SELECT paper_id AS "paperId", max(disliked_at) AS "lastAt" FROM paper_dislikes WHERE ${inChannel()}
       GROUP BY paper_id ORDER BY "lastAt" DESC, paper_id COLLATE "C" LIMIT $4`,
      [...channelParams(channel), limit],
    );
    const posted = await this.client.query<{ paperId: string; postedAt: string }>(
      `SELECT deliveries.paper_id AS "paperId", deliveries.updated_at AS "postedAt"
       FROM deliveries JOIN subscriptions ON subscriptions.id = deliveries.subscription_id
       WHERE ${inChannel(1, 'subscriptions')} AND deliveries.state = 'sent' AND deliveries.updated_at < $4
       ORDER BY deliveries.updated_at DESC, deliveries.id DESC LIMIT $5`,
      [...channelParams(channel), postedBefore, limit],
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
    const result = await this.client.query(
      `INSERT INTO paper_dislikes (platform, workspace_id, channel_id, paper_id, user_id, disliked_at)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING`,
      [...channelParams(channel), paperId, userId, now],
    );
    return result.rowCount > 0;
  }

  async removeDislike(channel: ChannelRef, paperId: string, userId: string): Promise<boolean> {
    const result = await this.client.query(
      `DELETE FROM paper_dislikes WHERE ${inChannel()} AND paper_id = $4 AND user_id = $5`,
      [...channelParams(channel), paperId, userId],
    );
    return result.rowCount > 0;
  }

  async getModel(channel: ChannelRef): Promise<string | null> {
    const { rows } = await this.client.query<{ model: string }>(
      `SELECT model FROM ranking_models WHERE ${inChannel()}`,
      channelParams(channel),
    );
    return rows[0] ? rows[0].model : null;
  }

  async saveModel(channel: ChannelRef, model: StoredModel): Promise<void> {
    await this.client.query(
      `INSERT INTO ranking_models (platform, workspace_id, channel_id, fingerprint, trained_at, model)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (platform, workspace_id, channel_id) DO UPDATE SET
         fingerprint = excluded.fingerprint, trained_at = excluded.trained_at, model = excluded.model`,
      [...channelParams(channel), model.fingerprint, model.trainedAt, model.text],
    );
  }
}
