/** The discussion queue on PostgreSQL: channel settings, flagged papers and who flagged them, agendas, replayed events. */
import type { ChannelRef, Platform } from '../../records/channel';
import {
  type ChannelSettings,
  type DiscussionRecord,
  defaultChannelSettings,
  type Flag,
  type QueueItem,
} from '../../records/discussion';
import type { DiscussionRepository, Promised } from '../../store/store';
import type { SqlClient } from './pg-client';
import { channelParams, inChannel, toNumber } from './pg-rows';

interface ItemRow {
  id: number | string;
  platform: Platform;
  workspace_id: string;
  channel_id: string;
  paper_id: string;
  message_id: string;
  thread_id: string | null;
  thread_url: string | null;
  state: QueueItem['state'];
  first_flagged_at: string;
  discussed_at: string | null;
  discussed_by: string | null;
}

const settingsFrom = (json: string | undefined): ChannelSettings => ({
  ...defaultChannelSettings,
  ...(json ? (JSON.parse(json) as Partial<ChannelSettings>) : {}),
});

export class PgDiscussionRepository implements Promised<DiscussionRepository> {
  constructor(private readonly client: SqlClient) {}

  /** The items with their flags, read in one query for all of them. */
  private async withFlags(rows: ItemRow[]): Promise<QueueItem[]> {
    if (rows.length === 0) return [];
    const flags = await this.client.query<{
      item_id: unknown;
      user_id: string;
      user_name: string;
      flagged_at: string;
    }>(
      `SELECT item_id, user_id, user_name, flagged_at FROM flags WHERE item_id = ANY($1::bigint[])
       ORDER BY flagged_at COLLATE "C", user_id COLLATE "C"`,
      [rows.map((row) => toNumber(row.id))],
    );
    const byItem = new Map<number, Flag[]>();
    for (const flag of flags.rows) {
      const id = toNumber(flag.item_id);
      const list = byItem.get(id) ?? [];
      list.push({ userId: flag.user_id, userName: flag.user_name, flaggedAt: flag.flagged_at });
      byItem.set(id, list);
    }
    return rows.map((row) => ({
      id: toNumber(row.id),
      channel: { platform: row.platform, workspaceId: row.workspace_id, channelId: row.channel_id },
      paperId: row.paper_id,
      messageId: row.message_id,
      threadId: row.thread_id,
      threadUrl: row.thread_url,
      state: row.state,
      firstFlaggedAt: row.first_flagged_at,
      discussedAt: row.discussed_at,
      discussedBy: row.discussed_by,
      flags: byItem.get(toNumber(row.id)) ?? [],
    }));
  }

  private async oneItem(text: string, params: readonly unknown[]): Promise<QueueItem | null> {
    const { rows } = await this.client.query<ItemRow>(text, params);
    const [item] = await this.withFlags(rows.slice(0, 1));
    return item ?? null;
  }

  async getSettings(channel: ChannelRef): Promise<ChannelSettings> {
    const { rows } = await this.client.query<{ settings: string }>(
      `SELECT settings FROM channel_settings WHERE ${inChannel()}`,
      channelParams(channel),
    );
    return settingsFrom(rows[0]?.settings);
  }

  async saveSettings(channel: ChannelRef, settings: ChannelSettings, now: string): Promise<void> {
    await this.client.query(
      `INSERT INTO channel_settings (platform, workspace_id, channel_id, settings, updated_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (platform, workspace_id, channel_id) DO UPDATE SET settings = excluded.settings, updated_at = excluded.updated_at`,
      [...channelParams(channel), JSON.stringify(settings), now],
    );
  }

  async channelsWithAgenda(): Promise<Array<{ channel: ChannelRef; settings: ChannelSettings }>> {
    const { rows } = await this.client.query<{
      platform: Platform;
      workspace_id: string;
      channel_id: string;
      settings: string;
    }>(
      'SELECT * FROM channel_settings ORDER BY platform COLLATE "C", workspace_id COLLATE "C", channel_id COLLATE "C"',
      [],
    );
    return rows
      .map((row) => ({
        channel: { platform: row.platform, workspaceId: row.workspace_id, channelId: row.channel_id },
        settings: settingsFrom(row.settings),
      }))
      .filter((entry) => entry.settings.agenda !== null);
  }

  findItem(channel: ChannelRef, paperId: string): Promise<QueueItem | null> {
    return this.oneItem(`SELECT * FROM queue_items WHERE ${inChannel()} AND paper_id = $4`, [
      ...channelParams(channel),
      paperId,
    ]);
  }

  findItemByMessage(channel: ChannelRef, messageId: string): Promise<QueueItem | null> {
    return this.oneItem(
      `SELECT * FROM queue_items WHERE ${inChannel()} AND message_id = $4 ORDER BY id LIMIT 1`,
      [...channelParams(channel), messageId],
    );
  }

  async ensureItem(channel: ChannelRef, paperId: string, messageId: string, now: string): Promise<QueueItem> {
    await this.client.query(
      `INSERT INTO queue_items (platform, workspace_id, channel_id, paper_id, message_id, state, first_flagged_at)
       VALUES ($1, $2, $3, $4, $5, 'queued', $6) ON CONFLICT DO NOTHING`,
      [...channelParams(channel), paperId, messageId, now],
    );
    const item = await this.findItem(channel, paperId);
    if (!item) throw new Error('queue item vanished right after being written');
    return item;
  }

  addFlag(itemId: number, userId: string, userName: string, now: string): Promise<boolean> {
    return this.client.transaction(async (tx) => {
      const added = await tx.query(
        `INSERT INTO flags (item_id, user_id, user_name, flagged_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT DO NOTHING`,
        [itemId, userId, userName, now],
      );
      if (added.rowCount === 0) return false;
      await tx.query(
        `UPDATE queue_items SET state = 'queued',
           first_flagged_at = CASE WHEN state = 'discussed' THEN $1 ELSE first_flagged_at END
         WHERE id = $2`,
        [now, itemId],
      );
      return true;
    });
  }

  async removeFlag(itemId: number, userId: string): Promise<boolean> {
    const result = await this.client.query('DELETE FROM flags WHERE item_id = $1 AND user_id = $2', [
      itemId,
      userId,
    ]);
    return result.rowCount > 0;
  }

  async setThread(itemId: number, threadId: string, threadUrl: string | null): Promise<void> {
    await this.client.query('UPDATE queue_items SET thread_id = $1, thread_url = $2 WHERE id = $3', [
      threadId,
      threadUrl,
      itemId,
    ]);
  }

  markDiscussed(itemId: number, userId: string, now: string): Promise<void> {
    return this.client.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO discussions (item_id, discussed_at, discussed_by, flagged_by)
         SELECT $1, $2, $3, coalesce((SELECT json_agg(user_name ORDER BY flagged_at COLLATE "C", user_id COLLATE "C")
           FROM flags WHERE item_id = $1), '[]'::json)::text`,
        [itemId, now, userId],
      );
      // The next flag starts a new round, from anyone, including those who flagged it this time.
      await tx.query('DELETE FROM flags WHERE item_id = $1', [itemId]);
      await tx.query(
        `UPDATE queue_items SET state = 'discussed', discussed_at = $1, discussed_by = $2 WHERE id = $3`,
        [now, userId, itemId],
      );
    });
  }

  async queue(channel: ChannelRef): Promise<QueueItem[]> {
    const { rows } = await this.client.query<ItemRow>(
      `SELECT queue_items.* FROM queue_items
       WHERE ${inChannel()} AND state = 'queued' AND EXISTS (SELECT 1 FROM flags WHERE flags.item_id = queue_items.id)
       ORDER BY (SELECT count(*) FROM flags WHERE flags.item_id = queue_items.id) DESC,
         first_flagged_at COLLATE "C", id`,
      channelParams(channel),
    );
    return this.withFlags(rows);
  }

  async history(channel: ChannelRef, limit: number): Promise<DiscussionRecord[]> {
    const { rows } = await this.client.query<
      ItemRow & { discussion_at: string; discussion_by: string | null; flagged_by: string }
    >(
      `SELECT queue_items.*, discussions.discussed_at AS discussion_at, discussions.discussed_by AS discussion_by,
         discussions.flagged_by
       FROM discussions JOIN queue_items ON queue_items.id = discussions.item_id
       WHERE ${inChannel(1, 'queue_items')}
       ORDER BY discussions.discussed_at COLLATE "C" DESC, discussions.id DESC LIMIT $4`,
      [...channelParams(channel), limit],
    );
    const items = await this.withFlags(rows);
    return rows.flatMap((row, index) => {
      const item = items[index];
      if (!item) return [];
      return [
        {
          item,
          discussedAt: row.discussion_at,
          discussedBy: row.discussion_by,
          flaggedBy: JSON.parse(row.flagged_by) as string[],
        },
      ];
    });
  }

  async recordAgenda(channel: ChannelRef, localDate: string, now: string): Promise<boolean> {
    const result = await this.client.query(
      `INSERT INTO agenda_runs (platform, workspace_id, channel_id, local_date, posted_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT DO NOTHING`,
      [...channelParams(channel), localDate, now],
    );
    return result.rowCount > 0;
  }

  async hasAgenda(channel: ChannelRef, localDate: string): Promise<boolean> {
    const { rows } = await this.client.query(
      `SELECT 1 FROM agenda_runs WHERE ${inChannel()} AND local_date = $4`,
      [...channelParams(channel), localDate],
    );
    return rows.length > 0;
  }

  async firstSighting(eventKey: string, now: string): Promise<boolean> {
    const result = await this.client.query(
      'INSERT INTO processed_events (event_key, seen_at) VALUES ($1, $2) ON CONFLICT DO NOTHING',
      [eventKey, now],
    );
    return result.rowCount > 0;
  }

  async pruneEvents(before: string): Promise<number> {
    const result = await this.client.query('DELETE FROM processed_events WHERE seen_at < $1', [before]);
    return result.rowCount;
  }
}
