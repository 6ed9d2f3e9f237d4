import type Database from 'better-sqlite3';
import type { ChannelRef } from '../../records/channel';
import type { Delivery, DigestRun, SkipReason } from '../../records/delivery';
import type { DigestSource } from '../../records/subscription';
import type { DeliveryRepository, PlannedDelivery } from '../../store/store';

interface DeliveryRow {
  id: number;
  subscription_id: number;
  paper_id: string;
  run_id: number;
  state: Delivery['state'];
  reason: SkipReason | null;
  detail: string | null;
  rank: number | null;
  ranking_note: string | null;
  message_id: string | null;
  message_url: string | null;
  attempts: number;
  retryable: number;
  updated_at: string;
}

interface RunRow {
  id: number;
  subscription_id: number;
  local_date: string;
  batch_day: string;
  source: DigestSource;
  header_state: DigestRun['headerState'];
  header_message_id: string | null;
  completed_at: string | null;
  created_at: string;
}

const deliveryFromRow = (row: DeliveryRow): Delivery => ({
  id: row.id,
  subscriptionId: row.subscription_id,
  paperId: row.paper_id,
  runId: row.run_id,
  state: row.state,
  reason: row.reason,
  detail: row.detail,
  rank: row.rank,
  note: row.ranking_note,
  messageId: row.message_id,
  messageUrl: row.message_url,
  attempts: row.attempts,
  retryable: row.retryable === 1,
  updatedAt: row.updated_at,
});

const runFromRow = (row: RunRow): DigestRun => ({
  id: row.id,
  subscriptionId: row.subscription_id,
  localDate: row.local_date,
  batchDay: row.batch_day,
  source: row.source,
  headerState: row.header_state,
  headerMessageId: row.header_message_id,
  completedAt: row.completed_at,
  createdAt: row.created_at,
});

export class SqliteDeliveryRepository implements DeliveryRepository {
  constructor(private readonly db: Database.Database) {}

  findRun(subscriptionId: number, localDate: string): DigestRun | null {
    const row = this.db
      .prepare('SELECT * FROM digest_runs WHERE subscription_id = ? AND local_date = ?')
      .get(subscriptionId, localDate) as RunRow | undefined;
    return row ? runFromRow(row) : null;
  }

  getRun(runId: number): DigestRun | null {
    const row = this.db.prepare('SELECT * FROM digest_runs WHERE id = ?').get(runId) as RunRow | undefined;
    return row ? runFromRow(row) : null;
  }

  firstRun(subscriptionId: number, source?: DigestSource): DigestRun | null {
    const row = this.db
      .prepare(
        `SELECT * FROM digest_runs WHERE subscription_id = ? AND (? IS NULL OR source = ?)
         ORDER BY local_date LIMIT 1`,
      )
      .get(subscriptionId, source ?? null, source ?? null) as RunRow | undefined;
    return row ? runFromRow(row) : null;
  }

  lastRun(subscriptionId: number, source?: DigestSource): DigestRun | null {
    const row = this.db
      .prepare(
        `SELECT * FROM digest_runs WHERE subscription_id = ? AND (? IS NULL OR source = ?)
         ORDER BY local_date DESC LIMIT 1`,
      )
      .get(subscriptionId, source ?? null, source ?? null) as RunRow | undefined;
    return row ? runFromRow(row) : null;
  }

  unfinishedRuns(): DigestRun[] {
    const rows = this.db
      .prepare('SELECT * FROM digest_runs WHERE completed_at IS NULL ORDER BY local_date, id')
      .all() as RunRow[];
    return rows.map(runFromRow);
  }

  createRun(
    subscriptionId: number,
    localDate: string,
    batchDay: string,
    planned: PlannedDelivery[],
    now: string,
    source: DigestSource = 'daily',
  ): DigestRun {
    return this.db.transaction(() => {
      const hasPosts = planned.some((row) => row.state === 'pending');
      const runId = Number(
        this.db
          .prepare(
            `INSERT INTO digest_runs (subscription_id, local_date, batch_day, source, header_state, created_at)
             VALUES (?, ?, ?, ?, ?, ?)`,
          )
          .run(subscriptionId, localDate, batchDay, source, hasPosts ? 'pending' : 'none', now)
          .lastInsertRowid,
      );
      // A paper only left out before (a trending paper outside the top N yesterday) may be planned again; a
      // row that was posted, or is being posted, is never touched.
      const insert = this.db.prepare(
        `INSERT INTO deliveries (subscription_id, paper_id, run_id, state, reason, detail, rank, ranking_note, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (subscription_id, paper_id) DO UPDATE SET
           run_id = excluded.run_id, state = excluded.state, reason = excluded.reason, detail = excluded.detail,
           rank = excluded.rank, ranking_note = excluded.ranking_note, attempts = 0, retryable = 1,
           updated_at = excluded.updated_at
         WHERE deliveries.state = 'skipped'`,
      );
      for (const row of planned) {
        insert.run(
          subscriptionId,
          row.paperId,
          runId,
          row.state,
          row.reason,
          row.detail,
          row.rank,
          row.note ?? null,
          now,
        );
      }
      const run = this.db.prepare('SELECT * FROM digest_runs WHERE id = ?').get(runId) as RunRow;
      return runFromRow(run);
    })();
  }

  setHeaderState(runId: number, state: DigestRun['headerState'], messageId: string | null): void {
    this.db
      .prepare(
        'UPDATE digest_runs SET header_state = ?, header_message_id = coalesce(?, header_message_id) WHERE id = ?',
      )
      .run(state, messageId, runId);
  }

  completeRun(runId: number, now: string): void {
    this.db.prepare('UPDATE digest_runs SET completed_at = ? WHERE id = ?').run(now, runId);
  }

  paperCount(runId: number): number {
    return (
      this.db.prepare('SELECT count(*) AS n FROM deliveries WHERE run_id = ?').get(runId) as { n: number }
    ).n;
  }

  outstanding(runId: number): Delivery[] {
    const rows = this.db
      .prepare(
        `SELECT * FROM deliveries WHERE run_id = ?
           AND (state IN ('pending', 'sending') OR (state = 'failed' AND retryable = 1))
         ORDER BY rank`,
      )
      .all(runId) as DeliveryRow[];
    return rows.map(deliveryFromRow);
  }

  inFlight(): Delivery[] {
    const rows = this.db.prepare(`SELECT * FROM deliveries WHERE state = 'sending'`).all() as DeliveryRow[];
    return rows.map(deliveryFromRow);
  }

  markSending(id: number, now: string): void {
    this.db
      .prepare(
        `UPDATE deliveries SET state = 'sending', attempts = attempts + 1, updated_at = ? WHERE id = ?`,
      )
      .run(now, id);
  }

  markSent(id: number, messageId: string, messageUrl: string | null, now: string): void {
    this.db
      .prepare(
        `UPDATE deliveries SET state = 'sent', message_id = ?, message_url = ?, detail = NULL, updated_at = ?
         WHERE id = ?`,
      )
      .run(messageId, messageUrl, now, id);
  }

  markFailed(id: number, detail: string, retryable: boolean, now: string): void {
    this.db
      .prepare(
        `UPDATE deliveries SET state = 'failed', detail = ?, retryable = ?, updated_at = ? WHERE id = ?`,
      )
      .run(detail, retryable ? 1 : 0, now, id);
  }

  loggedPaperIds(subscriptionId: number, paperIds: string[]): Set<string> {
    const rows = this.db
      .prepare(
        'SELECT paper_id FROM deliveries WHERE subscription_id = ? AND paper_id IN (SELECT value FROM json_each(?))',
      )
      .pluck()
      .all(subscriptionId, JSON.stringify(paperIds)) as string[];
    return new Set(rows);
  }

  get(subscriptionId: number, paperId: string): Delivery | null {
    const row = this.db
      .prepare('SELECT * FROM deliveries WHERE subscription_id = ? AND paper_id = ?')
      .get(subscriptionId, paperId) as DeliveryRow | undefined;
    return row ? deliveryFromRow(row) : null;
  }

  findByMessage(channel: ChannelRef, messageId: string): Delivery | null {
    const row = this.db
      .prepare(
        `SELECT deliveries.* FROM deliveries JOIN subscriptions ON subscriptions.id = deliveries.subscription_id
         WHERE deliveries.message_id = ? AND subscriptions.platform = ? AND subscriptions.workspace_id = ?
           AND subscriptions.channel_id = ?`,
      )
      .get(messageId, channel.platform, channel.workspaceId, channel.channelId) as DeliveryRow | undefined;
    return row ? deliveryFromRow(row) : null;
  }

  nextMessageNumber(channel: ChannelRef): number {
    const row = this.db
      .prepare(
        `INSERT INTO message_numbers (platform, workspace_id, channel_id, last_number) VALUES (?, ?, ?, 1)
         ON CONFLICT (platform, workspace_id, channel_id) DO UPDATE SET last_number = last_number + 1
         RETURNING last_number AS last`,
      )
      .get(channel.platform, channel.workspaceId, channel.channelId) as { last: number };
    return row.last;
  }

  prune(before: string): number {
    // Sent rows are kept: they are what stops a paper being posted twice.
    return this.db.prepare(`DELETE FROM deliveries WHERE state = 'skipped' AND updated_at < ?`).run(before)
      .changes;
  }
}
