/**
 * Makes gateway drops visible. discord.js resumes (or re-identifies after an invalid session) by itself
 * within a second or so; without this nothing would show that it happened. Each lost connection is logged
 * at info with its close code, each re-established one at info with how long it took and whether the
 * session was resumed, and counted once in the reconnect metric.
 */
import { type Client, Events, WebSocketShardEvents } from 'discord.js';
import type { PlatformTelemetry } from '../../src/chat/chat-adapter';
import type { Logger } from '../../src/logging/logger';

export function watchReconnects(client: Client, log: Logger, telemetry: PlatformTelemetry): void {
  /** Per shard: when its connection was lost, and the close code, until it is back. */
  const lost = new Map<number, { at: number; code: number | null }>();
  const closeCodes = new Map<number, number>();
  const watched = new Set<number>();

  const watchShards = () => {
    for (const shard of client.ws.shards.values()) {
      if (watched.has(shard.id)) continue;
      watched.add(shard.id);
      shard.on(WebSocketShardEvents.Close, (event: { code: number }) => closeCodes.set(shard.id, event.code));
    }
  };
  const back = (shardId: number, resumed: boolean) => {
    const since = lost.get(shardId);
    if (!since) return;
    lost.delete(shardId);
    telemetry.reconnected();
    log.info(
      { shard: shardId, code: since.code, resumed, afterMs: Date.now() - since.at },
      resumed ? 'discord gateway reconnected (session resumed)' : 'discord gateway reconnected (new session)',
    );
  };

  client.once(Events.ClientReady, watchShards);
  client.on(Events.ShardReconnecting, (shardId) => {
    watchShards();
    if (lost.has(shardId)) return;
    const code = closeCodes.get(shardId) ?? null;
    lost.set(shardId, { at: Date.now(), code });
    log.info({ shard: shardId, code }, 'discord gateway connection lost; reconnecting');
  });
  client.on(Events.ShardResume, (shardId) => back(shardId, true));
  client.on(Events.ShardReady, (shardId) => back(shardId, false));
}
