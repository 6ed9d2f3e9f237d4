/**
 * What every shared repository reads and binds alike: ids and counts come back as numbers from SQLite and
 * PGlite and as strings from `pg` (bigint), so they are read through `toNumber`; a channel is three columns.
 */
import type { ChannelRef } from '../../records/channel';

export const toNumber = (value: unknown): number => (typeof value === 'number' ? value : Number(value));

/** `platform`, `workspace_id` and `channel_id` (of `table`, when given) equal to the channel's values. */
export const inChannel = (table = '') => {
  const prefix = table ? `${table}.` : '';
  return `${prefix}platform = @platform AND ${prefix}workspace_id = @workspace_id AND ${prefix}channel_id = @channel_id`;
};

/** The values `inChannel` names. */
export const channelValues = (channel: ChannelRef) => ({
  platform: channel.platform,
  workspace_id: channel.workspaceId,
  channel_id: channel.channelId,
});

export const channelFromRow = (row: {
  platform: ChannelRef['platform'];
  workspace_id: string;
  channel_id: string;
}) => ({
  platform: row.platform,
  workspaceId: row.workspace_id,
  channelId: row.channel_id,
});
