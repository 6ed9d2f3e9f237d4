/** The discussion queue: channel settings, flagged papers and who flagged them, agendas, replayed events. */
import type { ChannelRef, Platform } from '../../records/channel';
import {
  type ChannelSettings,
  type DiscussionRecord,
  defaultChannelSettings,
  type Flag,
  type QueueItem,
} from '../../records/discussion';
import type { DiscussionRepository, Promised } from '../../store/store';
import { channelFromRow, channelValues, inChannel, toNumber } from './rows';
import type { Sql } from './sql';

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

interface FlagRow {
  item_id: number | string;
  user_id: string;
  user_name: string;
  flagged_at: string;
}

const itemFromRow = (row: ItemRow, flags: Flag[]): QueueItem => ({
  id: toNumber(row.id),
  channel: channelFromRow(row),
  paperId: row.paper_id,
  messageId: row.message_id,
  threadId: row.thread_id,
  threadUrl: row.thread_url,
  state: row.state,
  firstFlaggedAt: row.first_flagged_at,
  discussedAt: row.discussed_at,
  discussedBy: row.discussed_by,
  flags,
});

const settingsFrom = (json: string | undefined): ChannelSettings => ({
  ...defaultChannelSettings,
  ...(json ? (JSON.parse(json) as Partial<ChannelSettings>) : {}),
});

export class SqlDiscussionRepository implements Promised<DiscussionRepository> {
  constructor(private readonly sql: Sql) {}

  /** The items with their flags, read in one query for all of them. */
  private async withFlags(rows: ItemRow[]): Promise<QueueItem[]> {
    if (rows.length === 0) return [];
    const { bytewise, jsonTexts } = this.sql.dialect;
    const flags = await this.sql.query<FlagRow>(
      `SELECT item_id, user_id, user_name, flagged_at FROM flags
       WHERE item_id IN (SELECT CAST(ids.value AS bigint) FROM ${jsonTexts('@ids', 'ids')})
       ORDER BY flagged_at${bytewise}, user_id${bytewise}`,
      { ids: JSON.stringify(rows.map((row) => toNumber(row.id))) },
    );
    const byItem = new Map<number, Flag[]>();
    for (const flag of flags.rows) {
      const id = toNumber(flag.item_id);
      const list = byItem.get(id) ?? [];
      list.push({ userId: flag.user_id, userName: flag.user_name, flaggedAt: flag.flagged_at });
      byItem.set(id, list);
    }
    return rows.map((row) => itemFromRow(row, byItem.get(toNumber(row.id)) ?? []));
  }

  private async oneItem(text: string, values: Record<string, unknown>): Promise<QueueItem | null> {
    const { rows } = await this.sql.query<ItemRow>(text, values);
    const [item] = await this.withFlags(rows.slice(0, 1));
    return item ?? null;
  }

  async getSettings(channel: ChannelRef): Promise<ChannelSettings> {
    const { rows } = await this.sql.query<{ settings: string }>(
      `SELECT settings FROM channel_settings WHERE ${inChannel()}`,
      channelValues(channel),
    );
    return settingsFrom(rows[0]?.settings);
  }

  async saveSettings(channel: ChannelRef, settings: ChannelSettings, now: string): Promise<void> {
    await this.sql.query(
      `INSERT INTO channel_settings (platform, workspace_id, channel_id, settings, updated_at)
       VALUES (@platform, @workspace_id, @channel_id, @settings, @now)
       ON CONFLICT (platform, workspace_id, channel_id) DO UPDATE SET settings = excluded.settings, updated_at = excluded.updated_at`,
      { ...channelValues(channel), settings: JSON.stringify(settings), now },
    );
  }

  async channelsWithAgenda(): Promise<Array<{ channel: ChannelRef; settings: ChannelSettings }>> {
    const { bytewise } = this.sql.dialect;
    const { rows } = await this.sql.query<{
      platform: Platform;
      workspace_id: string;
      channel_id: string;
      settings: string;
    }>(
      `SELECT * FROM channel_settings
       ORDER BY platform${bytewise}, workspace_id${bytewise}, channel_id${bytewise}`,
    );
    return rows
      .map((row) => ({ channel: channelFromRow(row), settings: settingsFrom(row.settings) }))
      .filter((entry) => entry.settings.agenda !== null);
  }

  findItem(channel: ChannelRef, paperId: string): Promise<QueueItem | null> {
    return this.oneItem(`SELECT * FROM queue_items WHERE ${inChannel()} AND paper_id = @paper_id`, {
      ...channelValues(channel),
      paper_id: paperId,
    });
  }

  findItemByMessage(channel: ChannelRef, messageId: string): Promise<QueueItem | null> {
    return this.oneItem(
      `SELECT * FROM queue_items WHERE ${inChannel()} AND message_id = @message_id ORDER BY id LIMIT 1`,
      { ...channelValues(channel), message_id: messageId },
    );
  }

  async ensureItem(channel: ChannelRef, paperId: string, messageId: string, now: string): Promise<QueueItem> {
    await this.sql.query(
      `INSERT INTO queue_items (platform, workspace_id, channel_id, paper_id, message_id, state, first_flagged_at)
       VALUES (@platform, @workspace_id, @channel_id, @paper_id, @message_id, 'queued', @now) ON CONFLICT DO NOTHING`,
      { ...channelValues(channel), paper_id: paperId, message_id: messageId, now },
    );
    const item = await this.findItem(channel, paperId);
    if (!item) throw new Error('queue item vanished right after being written');
    return item;
  }

  addFlag(itemId: number, userId: string, userName: string, now: string): Promise<boolean> {
    return this.sql.transaction(async (tx) => {
      const added = await tx.query(
        `INSERT INTO flags (item_id, user_id, user_name, flagged_at) VALUES (@item_id, @user_id, @user_name, @now)
         ON CONFLICT DO NOTHING`,
        { item_id: itemId, user_id: userId, user_name: userName, now },
      );
      if (added.rowCount === 0) return false;
      await tx.query(
        `UPDATE queue_items SET state = 'queued',
           first_flagged_at = CASE WHEN state = 'discussed' THEN @now ELSE first_flagged_at END
         WHERE id = @item_id`,
        { now, item_id: itemId },
      );
      return true;
    });
  }

  async removeFlag(itemId: number, userId: string): Promise<boolean> {
    const result = await this.sql.query('DELETE FROM flags WHERE item_id = @item_id AND user_id = @user_id', {
      item_id: itemId,
      user_id: userId,
    });
    return result.rowCount > 0;
  }

  async setThread(itemId: number, threadId: string, threadUrl: string | null): Promise<void> {
    await this.sql.query(
      'UPDATE queue_items SET thread_id = @thread_id, thread_url = @thread_url WHERE id = @id',
      {
        thread_id: threadId,
        thread_url: threadUrl,
        id: itemId,
      },
    );
  }

  markDiscussed(itemId: number, userId: string, now: string): Promise<void> {
    return this.sql.transaction(async (tx) => {
      const { bytewise, jsonArrayOf } = tx.dialect;
      const flaggedBy = jsonArrayOf(
        'user_name',
        'flags WHERE item_id = @item_id',
        `flagged_at${bytewise}, user_id${bytewise}`,
      );
      await tx.query(
        `INSERT INTO discussions (item_id, discussed_at, discussed_by, flagged_by)
         SELECT @item_id, @now, @user_id, ${flaggedBy}`,
        { item_id: itemId, now, user_id: userId },
      );
      // The next flag starts a new round, from anyone, including those who flagged it this time.
      await tx.query('DELETE FROM flags WHERE item_id = @item_id', { item_id: itemId });
      await tx.query(
        `UPDATE queue_items SET state = 'discussed', discussed_at = @now, discussed_by = @user_id WHERE id = @item_id`,
        { now, user_id: userId, item_id: itemId },
      );
    });
  }

  async queue(channel: ChannelRef): Promise<QueueItem[]> {
    const { rows } = await this.sql.query<ItemRow>(
      `SELECT queue_items.* FROM queue_items
       WHERE ${inChannel()} AND state = 'queued' AND EXISTS (SELECT 1 FROM flags WHERE flags.item_id = queue_items.id)
       ORDER BY (SELECT count(*) FROM flags WHERE flags.item_id = queue_items.id) DESC,
         first_flagged_at${this.sql.dialect.bytewise}, id`,
      channelValues(channel),
    );
    return this.withFlags(rows);
  }

  async history(channel: ChannelRef, limit: number): Promise<DiscussionRecord[]> {
    const { rows } = await this.sql.query<
      ItemRow & { discussion_at: string; discussion_by: string | null; flagged_by: string }
    >(
      `SELECT queue_items.*, discussions.discussed_at AS discussion_at, discussions.discussed_by AS discussion_by,
         discussions.flagged_by
       FROM discussions JOIN queue_items ON queue_items.id = discussions.item_id
       WHERE ${inChannel('queue_items')}
       ORDER BY discussions.discussed_at${this.sql.dialect.bytewise} DESC, discussions.id DESC LIMIT @limit`,
      { ...channelValues(channel), limit },
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
    const result = await this.sql.query(
      `INSERT INTO agenda_runs (platform, workspace_id, channel_id, local_date, posted_at)
       VALUES (@platform, @workspace_id, @channel_id, @local_date, @now) ON CONFLICT DO NOTHING`,
      { ...channelValues(channel), local_date: localDate, now },
    );
    return result.rowCount > 0;
  }

  async hasAgenda(channel: ChannelRef, localDate: string): Promise<boolean> {
    const { rows } = await this.sql.query(
      `SELECT 1 FROM agenda_runs WHERE ${inChannel()} AND local_date = @local_date`,
      { ...channelValues(channel), local_date: localDate },
    );
    return rows.length > 0;
  }

  async firstSighting(eventKey: string, now: string): Promise<boolean> {
    const result = await this.sql.query(
      'INSERT INTO processed_events (event_key, seen_at) VALUES (@event_key, @now) ON CONFLICT DO NOTHING',
      { event_key: eventKey, now },
    );
    return result.rowCount > 0;
  }

  async pruneEvents(before: string): Promise<number> {
    const result = await this.sql.query('DELETE FROM processed_events WHERE seen_at < @before', { before });
    return result.rowCount;
  }
}
