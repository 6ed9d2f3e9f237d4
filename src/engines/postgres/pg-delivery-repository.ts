/** The delivery log on PostgreSQL: digest runs and one row per (subscription, paper), never two. */
import type { ChannelRef } from '../../records/channel';
import type { Delivery, DigestRun, SkipReason } from '../../records/delivery';
import type { DigestSource } from '../../records/subscription';
import type { DeliveryRepository, PlannedDelivery, Promised } from '../../store/store';
import type { SqlClient } from './pg-client';
import { inChannel, toNumber } from './pg-rows';

interface DeliveryRow {
  id: number | string;
  subscription_id: number | string;
  paper_id: string;
  run_id: number | string;
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
  id: number | string;
  subscription_id: number | string;
  local_date: string;
  batch_day: string;
  source: DigestSource;
  header_state: DigestRun['headerState'];
  header_message_id: string | null;
  completed_at: string | null;
  created_at: string;
}

const deliveryFromRow = (row: DeliveryRow): Delivery => ({
  id: toNumber(row.id),
  subscriptionId: toNumber(row.subscription_id),
  paperId: row.paper_id,
  runId: toNumber(row.run_id),
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
  id: toNumber(row.id),
  subscriptionId: toNumber(row.subscription_id),
  localDate: row.local_date,
  batchDay: row.batch_day,
  source: row.source,
  headerState: row.header_state,
  headerMessageId: row.header_message_id,
  completedAt: row.completed_at,
  createdAt: row.created_at,
});

export class PgDeliveryRepository implements Promised<DeliveryRepository> {
  constructor(private readonly client: SqlClient) {}

  private async oneRun(text: string, params: readonly unknown[]): Promise<DigestRun | null> {
    const { rows } = await this.client.query<RunRow>(text, params);
    return rows[0] ? runFromRow(rows[0]) : null;
  }

  private async deliveries(text: string, params: readonly unknown[]): Promise<Delivery[]> {
    const { rows } = await this.client.query<DeliveryRow>(text, params);
    return rows.map(deliveryFromRow);
  }

  findRun(subscriptionId: number, localDate: string): Promise<DigestRun | null> {
    return this.oneRun('SELECT * FROM digest_runs WHERE subscription_id = $1 AND local_date = $2', [
      subscriptionId,
      localDate,
    ]);
  }

  getRun(runId: number): Promise<DigestRun | null> {
    return this.oneRun('SELECT * FROM digest_runs WHERE id = $1', [runId]);
  }

  firstRun(subscriptionId: number, source?: DigestSource): Promise<DigestRun | null> {
    return this.oneRun(
      `SELECT * FROM digest_runs WHERE subscription_id = $1 AND ($2::text IS NULL OR source = $2)
       ORDER BY local_date COLLATE "C" LIMIT 1`,
      [subscriptionId, source ?? null],
    );
  }

  lastRun(subscriptionId: number, source?: DigestSource): Promise<DigestRun | null> {
    return this.oneRun(
      `SELECT * FROM digest_runs WHERE subscription_id = $1 AND ($2::text IS NULL OR source = $2)
       ORDER BY local_date COLLATE "C" DESC LIMIT 1`,
      [subscriptionId, source ?? null],
    );
  }

  async unfinishedRuns(): Promise<DigestRun[]> {
    const { rows } = await this.client.query<RunRow>(
      'SELECT * FROM digest_runs WHERE completed_at IS NULL ORDER BY local_date COLLATE "C", id',
      [],
    );
    return rows.map(runFromRow);
  }

  createRun(
    subscriptionId: number,
    localDate: string,
    batchDay: string,
    planned: PlannedDelivery[],
    now: string,
    source: DigestSource = 'daily',
  ): Promise<DigestRun> {
    return this.client.transaction(async (tx) => {
      const hasPosts = planned.some((row) => row.state === 'pending');
      const { rows } = await tx.query<RunRow>(
        `INSERT INTO digest_runs (subscription_id, local_date, batch_day, source, header_state, created_at)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING *`,
        [subscriptionId, localDate, batchDay, source, hasPosts ? 'pending' : 'none', now],
      );
      const run = rows[0];
      if (!run) throw new Error('digest run vanished right after being written');
      // A paper only left out before (a trending paper outside the top N yesterday) may be planned again; a
      // row that was posted, or is being posted, is never touched. One row at a time, in plan order, as on
      // SQLite: a plan naming a paper twice keeps its first row's values for the second, like there.
      for (const row of planned) {
        await tx.query(
          `INSERT INTO deliveries (subscription_id, paper_id, run_id, state, reason, detail, rank, ranking_note, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
           ON CONFLICT (subscription_id, paper_id) DO UPDATE SET
             run_id = excluded.run_id, state = excluded.state, reason = excluded.reason, detail = excluded.detail,
             rank = excluded.rank, ranking_note = excluded.ranking_note, attempts = 0, retryable = 1,
             updated_at = excluded.updated_at
           WHERE deliveries.state = 'skipped'`,
          [
            subscriptionId,
            row.paperId,
            run.id,
            row.state,
            row.reason,
            row.detail,
            row.rank,
            row.note ?? null,
            now,
          ],
        );
      }
      return runFromRow(run);
    });
  }

  async setHeaderState(
    runId: number,
    state: DigestRun['headerState'],
    messageId: string | null,
  ): Promise<void> {
    await this.client.query(
      'UPDATE digest_runs SET header_state = $1, header_message_id = coalesce($2, header_message_id) WHERE id = $3',
      [state, messageId, runId],
    );
  }

  async completeRun(runId: number, now: string): Promise<void> {
    await this.client.query('UPDATE digest_runs SET completed_at = $1 WHERE id = $2', [now, runId]);
  }

  async paperCount(runId: number): Promise<number> {
    const { rows } = await this.client.query<{ n: unknown }>(
      'SELECT count(*) AS n FROM deliveries WHERE run_id = $1',
      [runId],
    );
    return toNumber(rows[0]?.n ?? 0);
  }

  outstanding(runId: number): Promise<Delivery[]> {
    // NULLS FIRST and then id: SQLite sorts a null rank first, and rows of equal rank in insertion order.
    return this.deliveries(
      `SELECT * FROM deliveries WHERE run_id = $1
         AND (state IN ('pending', 'sending') OR (state = 'failed' AND retryable = 1))
       ORDER BY rank NULLS FIRST, id`,
      [runId],
    );
  }

  inFlight(): Promise<Delivery[]> {
    return this.deliveries(`SELECT * FROM deliveries WHERE state = 'sending' ORDER BY id`, []);
  }

  async markSending(id: number, now: string): Promise<void> {
    await this.client.query(
      `UPDATE deliveries SET state = 'sending', attempts = attempts + 1, updated_at = $1 WHERE id = $2`,
      [now, id],
    );
  }

  async markSent(id: number, messageId: string, messageUrl: string | null, now: string): Promise<void> {
    await this.client.query(
      `UPDATE deliveries SET state = 'sent', message_id = $1, message_url = $2, detail = NULL, updated_at = $3
       WHERE id = $4`,
      [messageId, messageUrl, now, id],
    );
  }

  async markFailed(id: number, detail: string, retryable: boolean, now: string): Promise<void> {
    await this.client.query(
      `UPDATE deliveries SET state = 'failed', detail = $1, retryable = $2, updated_at = $3 WHERE id = $4`,
      [detail, retryable ? 1 : 0, now, id],
    );
  }

  async loggedPaperIds(subscriptionId: number, paperIds: string[]): Promise<Set<string>> {
    const { rows } = await this.client.query<{ paper_id: string }>(
      'SELECT paper_id FROM deliveries WHERE subscription_id = $1 AND paper_id = ANY($2::text[])',
      [subscriptionId, paperIds],
    );
    return new Set(rows.map((row) => row.paper_id));
  }

  async get(subscriptionId: number, paperId: string): Promise<Delivery | null> {
    const [row] = await this.deliveries(
      'SELECT * FROM deliveries WHERE subscription_id = $1 AND paper_id = $2',
      [subscriptionId, paperId],
    );
    return row ?? null;
  }

  async findByMessage(channel: ChannelRef, messageId: string): Promise<Delivery | null> {
    const [row] = await this.deliveries(
      `SELECT deliveries.* FROM deliveries JOIN subscriptions ON subscriptions.id = deliveries.subscription_id
       WHERE deliveries.message_id = $4 AND ${inChannel(1, 'subscriptions')} ORDER BY deliveries.id LIMIT 1`,
      [channel.platform, channel.workspaceId, channel.channelId, messageId],
    );
    return row ?? null;
  }

  async nextMessageNumber(channel: ChannelRef): Promise<number> {
    // One statement: two processes asking at once get two numbers (the second waits on the row lock).
    const { rows } = await this.client.query<{ last: string | number }>(
      `INSERT INTO message_numbers (platform, workspace_id, channel_id, last_number) VALUES ($1, $2, $3, 1)
       ON CONFLICT (platform, workspace_id, channel_id) DO UPDATE SET last_number = message_numbers.last_number + 1
       RETURNING last_number AS last`,
      [channel.platform, channel.workspaceId, channel.channelId],
    );
    return Number(rows[0]?.last);
  }

  async prune(before: string): Promise<number> {
    // Sent rows are kept: they are what stops a paper being posted twice.
    const result = await this.client.query(
      `DELETE FROM deliveries WHERE state = 'skipped' AND updated_at < $1`,
      [before],
    );
    return result.rowCount;
  }
}
