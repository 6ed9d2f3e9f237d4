import type Database from 'better-sqlite3';
import type { ChannelRef, Platform } from '../../records/channel';
import {
  type ChannelSettings,
  type DiscussionRecord,
  defaultChannelSettings,
  type Flag,
  type QueueItem,
} from '../../records/discussion';
import type { DiscussionRepository } from '../../store/store';

interface ItemRow {
  id: number;
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

const channelParams = (channel: ChannelRef) =>
  [channel.platform, channel.workspaceId, channel.channelId] as const;
const inChannel = 'platform = ? AND workspace_id = ? AND channel_id = ?';

export class SqliteDiscussionRepository implements DiscussionRepository {
  constructor(private readonly db: Database.Database) {}

  private withFlags(row: ItemRow | undefined): QueueItem | null {
    if (!row) return null;
    const flags = this.db
      .prepare(
        'SELECT user_id, user_name, flagged_at FROM flags WHERE item_id = ? ORDER BY flagged_at, user_id',
      )
      .all(row.id) as Array<{ user_id: string; user_name: string; flagged_at: string }>;
    return {
      id: row.id,
      channel: { platform: row.platform, workspaceId: row.workspace_id, channelId: row.channel_id },
      paperId: row.paper_id,
      messageId: row.message_id,
      threadId: row.thread_id,
      threadUrl: row.thread_url,
      state: row.state,
      firstFlaggedAt: row.first_flagged_at,
      discussedAt: row.discussed_at,
      discussedBy: row.discussed_by,
      flags: flags.map(
        (flag): Flag => ({ userId: flag.user_id, userName: flag.user_name, flaggedAt: flag.flagged_at }),
      ),
    };
  }

  getSettings(channel: ChannelRef): ChannelSettings {
    const row = this.db
      .prepare(`SELECT settings FROM channel_settings WHERE ${inChannel}`)
      .get(...channelParams(channel)) as { settings: string } | undefined;
    return {
      ...defaultChannelSettings,
      ...(row ? (JSON.parse(row.settings) as Partial<ChannelSettings>) : {}),
    };
  }

  saveSettings(channel: ChannelRef, settings: ChannelSettings, now: string): void {
    this.db
      .prepare(
        `INSERT INTO channel_settings (platform, workspace_id, channel_id, settings, updated_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (platform, workspace_id, channel_id) DO UPDATE SET settings = excluded.settings, updated_at = excluded.updated_at`,
      )
      .run(...channelParams(channel), JSON.stringify(settings), now);
  }

  channelsWithAgenda() {
    const rows = this.db.prepare('SELECT * FROM channel_settings').all() as Array<{
      platform: Platform;
      workspace_id: string;
      channel_id: string;
      settings: string;
    }>;
    return rows
      .map((row) => ({
        channel: { platform: row.platform, workspaceId: row.workspace_id, channelId: row.channel_id },
        settings: { ...defaultChannelSettings, ...(JSON.parse(row.settings) as Partial<ChannelSettings>) },
      }))
      .filter((entry) => entry.settings.agenda !== null);
  }

  findItem(channel: ChannelRef, paperId: string): QueueItem | null {
    return this.withFlags(
      this.db
        .prepare(`SELECT * FROM queue_items WHERE ${inChannel} AND paper_id = ?`)
        .get(...channelParams(channel), paperId) as ItemRow | undefined,
    );
  }

  findItemByMessage(channel: ChannelRef, messageId: string): QueueItem | null {
    return this.withFlags(
      this.db
        .prepare(`SELECT * FROM queue_items WHERE ${inChannel} AND message_id = ?`)
        .get(...channelParams(channel), messageId) as ItemRow | undefined,
    );
  }

  ensureItem(channel: ChannelRef, paperId: string, messageId: string, now: string): QueueItem {
    this.db
      .prepare(
        `INSERT INTO queue_items (platform, workspace_id, channel_id, paper_id, message_id, state, first_flagged_at)
         VALUES (?, ?, ?, ?, ?, 'queued', ?) ON CONFLICT DO NOTHING`,
      )
      .run(...channelParams(channel), paperId, messageId, now);
    const item = this.findItem(channel, paperId);
    if (!item) throw new Error('queue item vanished right after being written');
    return item;
  }

  addFlag(itemId: number, userId: string, userName: string, now: string): boolean {
    return this.db.transaction(() => {
      const added =
        this.db
          .prepare(
            'INSERT OR IGNORE INTO flags (item_id, user_id, user_name, flagged_at) VALUES (?, ?, ?, ?)',
          )
          .run(itemId, userId, userName, now).changes > 0;
      if (added) {
        this.db
          .prepare(
            `UPDATE queue_items SET state = 'queued',
               first_flagged_at = CASE WHEN state = 'discussed' THEN ? ELSE first_flagged_at END
             WHERE id = ?`,
          )
          .run(now, itemId);
      }
      return added;
    })();
  }

  removeFlag(itemId: number, userId: string): boolean {
    return (
      this.db.prepare('DELETE FROM flags WHERE item_id = ? AND user_id = ?').run(itemId, userId).changes > 0
    );
  }

  setThread(itemId: number, threadId: string, threadUrl: string | null): void {
    this.db
      .prepare('UPDATE queue_items SET thread_id = ?, thread_url = ? WHERE id = ?')
      .run(threadId, threadUrl, itemId);
  }

  markDiscussed(itemId: number, userId: string, now: string): void {
    this.db.transaction(() => {
      this.db
        .prepare(
          `INSERT INTO discussions (item_id, discussed_at, discussed_by, flagged_by)
           SELECT ?, ?, ?, (SELECT json_group_array(user_name) FROM
             (SELECT user_name FROM flags WHERE item_id = ? ORDER BY flagged_at, user_id))`,
        )
        .run(itemId, now, userId, itemId);
      // The next flag starts a new round, from anyone, including those who flagged it this time.
      this.db.prepare('DELETE FROM flags WHERE item_id = ?').run(itemId);
      this.db
        .prepare(
          `UPDATE queue_items SET state = 'discussed', discussed_at = ?, discussed_by = ? WHERE id = ?`,
        )
        .run(now, userId, itemId);
    })();
  }

  queue(channel: ChannelRef): QueueItem[] {
    const rows = this.db
      .prepare(
        `SELECT queue_items.* FROM queue_items
         WHERE ${inChannel} AND state = 'queued' AND EXISTS (SELECT 1 FROM flags WHERE flags.item_id = queue_items.id)
         ORDER BY (SELECT count(*) FROM flags WHERE flags.item_id = queue_items.id) DESC, first_flagged_at, id`,
      )
      .all(...channelParams(channel)) as ItemRow[];
    return rows.map((row) => this.withFlags(row)).filter((item): item is QueueItem => item !== null);
  }

  history(channel: ChannelRef, limit: number): DiscussionRecord[] {
    const rows = this.db
      .prepare(
        `SELECT queue_items.*, discussions.discussed_at AS discussion_at, discussions.discussed_by AS discussion_by,
           discussions.flagged_by
         FROM discussions JOIN queue_items ON queue_items.id = discussions.item_id
         WHERE ${inChannel} ORDER BY discussions.discussed_at DESC, discussions.id DESC LIMIT ?`,
      )
      .all(...channelParams(channel), limit) as Array<
      ItemRow & { discussion_at: string; discussion_by: string | null; flagged_by: string }
    >;
    return rows.flatMap((row) => {
      const item = this.withFlags(row);
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

  recordAgenda(channel: ChannelRef, localDate: string, now: string): boolean {
    return (
      this.db
        .prepare(
          'INSERT OR IGNORE INTO agenda_runs (platform, workspace_id, channel_id, local_date, posted_at) VALUES (?, ?, ?, ?, ?)',
        )
        .run(...channelParams(channel), localDate, now).changes > 0
    );
  }

  hasAgenda(channel: ChannelRef, localDate: string): boolean {
    return (
      this.db
        .prepare(`SELECT 1 FROM agenda_runs WHERE ${inChannel} AND local_date = ?`)
        .get(...channelParams(channel), localDate) !== undefined
    );
  }

  firstSighting(eventKey: string, now: string): boolean {
    return (
      this.db
        .prepare('INSERT OR IGNORE INTO processed_events (event_key, seen_at) VALUES (?, ?)')
        .run(eventKey, now).changes > 0
    );
  }

  pruneEvents(before: string): number {
    return this.db.prepare('DELETE FROM processed_events WHERE seen_at < ?').run(before).changes;
  }
}
