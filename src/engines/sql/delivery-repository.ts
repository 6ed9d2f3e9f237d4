/** The delivery log: digest runs and one row per (subscription, paper), never two; message numbers. */
import type { ChannelRef } from '../../records/channel';
import type { Delivery, DigestRun, SkipReason } from '../../records/delivery';
import type { DigestSource } from '../../records/subscription';
import type { DeliveryRepository, PlannedDelivery, Promised } from '../../store/store';
import { channelValues, inChannel, toNumber } from './rows';
import type { Sql, SqlValues } from './sql';

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

export class SqlDeliveryRepository implements Promised<DeliveryRepository> {
  constructor(private readonly sql: Sql) {}

  private async oneRun(text: string, values: SqlValues): Promise<DigestRun | null> {
    const { rows } = await this.sql.query<RunRow>(text, values);
    return rows[0] ? runFromRow(rows[0]) : null;
  }

  private async deliveries(text: string, values?: SqlValues): Promise<Delivery[]> {
    const { rows } = await this.sql.query<DeliveryRow>(text, values);
    return rows.map(deliveryFromRow);
  }

  findRun(subscriptionId: number, localDate: string): Promise<DigestRun | null> {
    return this.oneRun(
      'SELECT * FROM digest_runs WHERE subscription_id = @subscription_id AND local_date = @local_date',
      { subscription_id: subscriptionId, local_date: localDate },
    );
  }

  getRun(runId: number): Promise<DigestRun | null> {
    return this.oneRun('SELECT * FROM digest_runs WHERE id = @id', { id: runId });
  }

  firstRun(subscriptionId: number, source?: DigestSource): Promise<DigestRun | null> {
    return this.oneRun(
      `SELECT * FROM digest_runs
       WHERE subscription_id = @subscription_id AND (CAST(@source AS text) IS NULL OR source = @source)
       ORDER BY local_date${this.sql.dialect.bytewise} LIMIT 1`,
      { subscription_id: subscriptionId, source: source ?? null },
    );
  }

  lastRun(subscriptionId: number, source?: DigestSource): Promise<DigestRun | null> {
    return this.oneRun(
      `SELECT * FROM digest_runs
       WHERE subscription_id = @subscription_id AND (CAST(@source AS text) IS NULL OR source = @source)
       ORDER BY local_date${this.sql.dialect.bytewise} DESC LIMIT 1`,
      { subscription_id: subscriptionId, source: source ?? null },
    );
  }

  async unfinishedRuns(): Promise<DigestRun[]> {
    const { rows } = await this.sql.query<RunRow>(
      `SELECT * FROM digest_runs WHERE completed_at IS NULL ORDER BY local_date${this.sql.dialect.bytewise}, id`,
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
    return this.sql.transaction(async (tx) => {
      const hasPosts = planned.some((row) => row.state === 'pending');
      const { rows } = await tx.query<RunRow>(
        `INSERT INTO digest_runs (subscription_id, local_date, batch_day, source, header_state, created_at)
         VALUES (@subscription_id, @local_date, @batch_day, @source, @header_state, @now) RETURNING *`,
        {
          subscription_id: subscriptionId,
          local_date: localDate,
          batch_day: batchDay,
          source,
          header_state: hasPosts ? 'pending' : 'none',
          now,
        },
      );
      const run = rows[0];
      if (!run) throw new Error('digest run vanished right after being written');
      // A paper only left out before (a trending paper outside the top N yesterday) may be planned again; a
      // row that was posted, or is being posted, is never touched. One row at a time, in plan order: a plan
      // naming a paper twice keeps its first row's values for the second.
      for (const row of planned) {
        await tx.query(
          `INSERT INTO deliveries (subscription_id, paper_id, run_id, state, reason, detail, rank, ranking_note, updated_at)
           VALUES (@subscription_id, @paper_id, @run_id, @state, @reason, @detail, @rank, @note, @now)
           ON CONFLICT (subscription_id, paper_id) DO UPDATE SET
             run_id = excluded.run_id, state = excluded.state, reason = excluded.reason, detail = excluded.detail,
             rank = excluded.rank, ranking_note = excluded.ranking_note, attempts = 0, retryable = 1,
             updated_at = excluded.updated_at
           WHERE deliveries.state = 'skipped'`,
          {
            subscription_id: subscriptionId,
            paper_id: row.paperId,
            run_id: run.id,
            state: row.state,
            reason: row.reason,
            detail: row.detail,
            rank: row.rank,
            note: row.note ?? null,
            now,
          },
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
    await this.sql.query(
      `UPDATE digest_runs SET header_state = @state, header_message_id = coalesce(@message_id, header_message_id)
       WHERE id = @id`,
      { state, message_id: messageId, id: runId },
    );
  }

  async completeRun(runId: number, now: string): Promise<void> {
    await this.sql.query('UPDATE digest_runs SET completed_at = @now WHERE id = @id', { now, id: runId });
  }

  async paperCount(runId: number): Promise<number> {
    const { rows } = await this.sql.query<{ n: unknown }>(
      'SELECT count(*) AS n FROM deliveries WHERE run_id = @run_id',
      { run_id: runId },
    );
    return toNumber(rows[0]?.n ?? 0);
  }

  outstanding(runId: number): Promise<Delivery[]> {
    // A null rank first, rows of equal rank in the order they were planned.
    return this.deliveries(
      `SELECT * FROM deliveries WHERE run_id = @run_id
         AND (state IN ('pending', 'sending') OR (state = 'failed' AND retryable = 1))
       ORDER BY rank NULLS FIRST, id`,
      { run_id: runId },
    );
  }

  inFlight(): Promise<Delivery[]> {
    return this.deliveries(`SELECT * FROM deliveries WHERE state = 'sending' ORDER BY id`);
  }

  async markSending(id: number, now: string): Promise<void> {
    await this.sql.query(
      `UPDATE deliveries SET state = 'sending', attempts = attempts + 1, updated_at = @now WHERE id = @id`,
      { now, id },
    );
  }

  async markSent(id: number, messageId: string, messageUrl: string | null, now: string): Promise<void> {
    await this.sql.query(
      `UPDATE deliveries SET state = 'sent', message_id = @message_id, message_url = @message_url, detail = NULL,
         updated_at = @now
       WHERE id = @id`,
      { message_id: messageId, message_url: messageUrl, now, id },
    );
  }

  async markFailed(id: number, detail: string, retryable: boolean, now: string): Promise<void> {
    await this.sql.query(
      `UPDATE deliveries SET state = 'failed', detail = @detail, retryable = @retryable, updated_at = @now
       WHERE id = @id`,
      { detail, retryable: retryable ? 1 : 0, now, id },
    );
  }

  async loggedPaperIds(subscriptionId: number, paperIds: string[]): Promise<Set<string>> {
    const { rows } = await this.sql.query<{ paper_id: string }>(
      `SELECT paper_id FROM deliveries WHERE subscription_id = @subscription_id
         AND paper_id IN (SELECT ids.value FROM ${this.sql.dialect.jsonTexts('@ids', 'ids')})`,
      { subscription_id: subscriptionId, ids: JSON.stringify(paperIds) },
    );
    return new Set(rows.map((row) => row.paper_id));
  }

  async get(subscriptionId: number, paperId: string): Promise<Delivery | null> {
    const [row] = await this.deliveries(
      'SELECT * FROM deliveries WHERE subscription_id = @subscription_id AND paper_id = @paper_id',
      { subscription_id: subscriptionId, paper_id: paperId },
    );
    return row ?? null;
  }

  async findByMessage(channel: ChannelRef, messageId: string): Promise<Delivery | null> {
    const [row] = await this.deliveries(
      `SELECT deliveries.* FROM deliveries JOIN subscriptions ON subscriptions.id = deliveries.subscription_id
       WHERE deliveries.message_id = @message_id AND ${inChannel('subscriptions')}
       ORDER BY deliveries.id LIMIT 1`,
      { ...channelValues(channel), message_id: messageId },
    );
    return row ?? null;
  }

  async nextMessageNumber(channel: ChannelRef): Promise<number> {
    // One statement: two processes asking at once get two numbers (the second waits on the row lock).
    const { rows } = await this.sql.query<{ last: string | number }>(
      `INSERT INTO message_numbers (platform, workspace_id, channel_id, last_number)
       VALUES (@platform, @workspace_id, @channel_id, 1)
       ON CONFLICT (platform, workspace_id, channel_id) DO UPDATE SET last_number = message_numbers.last_number + 1
       RETURNING last_number AS last`,
      channelValues(channel),
    );
    return toNumber(rows[0]?.last);
  }

  async prune(before: string): Promise<number> {
    // Sent rows are kept: they are what stops a paper being posted twice.
    const result = await this.sql.query(
      `DELETE FROM deliveries WHERE state = 'skipped' AND updated_at < @before`,
      { before },
    );
    return result.rowCount;
  }
}
