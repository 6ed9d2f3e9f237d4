/**
 * Small helpers the PostgreSQL repositories share: identity columns come back as strings from `pg` (bigint)
 * and as numbers from PGlite, so ids and counts are read through `toNumber`; channels are three columns.
 */
import type { ChannelRef } from '../../records/channel';

export const toNumber = (value: unknown): number => (typeof value === 'number' ? value : Number(value));

/** `platform`, `workspace_id`, `channel_id` as parameters `$n`, `$n+1`, `$n+2` (default `$1`…`$3`). */
export const inChannel = (first = 1, table = '') => {
  const prefix = table ? `${table}.` : '';
  return `${prefix}platform = $${first} AND ${prefix}workspace_id = $${first + 1} AND ${prefix}channel_id = $${first + 2}`;
};

export const channelParams = (channel: ChannelRef) =>
  [channel.platform, channel.workspaceId, channel.channelId] as const;

/**
 * `@name` placeholders (as the SQLite statements use) to PostgreSQL's `$n`, each name one parameter
 * however often it appears; only the names the text uses are sent, so PostgreSQL can type every one.
 */
export function named(text: string, values: Record<string, unknown>): [string, unknown[]] {
  const order: string[] = [];
  const sql = text.replace(/@([a-z_]+)/g, (_match, name: string) => {
    if (!(name in values)) throw new Error(`no value for @${name}`);
    let index = order.indexOf(name);
    if (index < 0) index = order.push(name) - 1;
    return `$${index + 1}`;
  });
  return [sql, order.map((name) => values[name])];
}
