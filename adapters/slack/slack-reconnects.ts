/**
 * Makes Socket Mode drops visible, as `discord-reconnects.ts` does for the gateway. The socket client
 * reconnects by itself (after its ping timeout, growing with each failure) and says nothing at info; this
 * logs each lost connection and each re-established one (with how long it took) and counts the latter
 * once in the reconnect metric. A close the adapter asked for (stop) is not a drop.
 */
import type { PlatformTelemetry } from '../../src/chat/chat-adapter';
import type { Logger } from '../../src/logging/logger';

export interface SocketWatch {
  /** Whether the socket is open now (for readiness and `paperboy_platform_connected`). */
  open(): boolean;
}

/** The part of Bolt's `SocketModeReceiver.client` (a `SocketModeClient`) this needs: its events. */
export interface SocketEvents {
  on(event: string, listener: () => void): unknown;
}

/** Follows `client`'s lifecycle events. */
export function watchSocketReconnects(
  client: SocketEvents,
  log: Logger,
  telemetry: PlatformTelemetry,
  now: () => number = Date.now,
): SocketWatch {
  let open = false;
  let closing = false;
  let lostAt: number | null = null;
  client.on('connected', () => {
    open = true;
    if (lostAt === null) return;
    telemetry.reconnected();
    log.info({ afterMs: now() - lostAt }, 'slack socket mode reconnected');
    lostAt = null;
  });
  client.on('disconnecting', () => {
    closing = true;
    open = false;
  });
  // The client emits `close` when its WebSocket closes, whoever closed it; it then reconnects on its own.
  client.on('close', () => {
    const wasOpen = open;
    open = false;
    if (closing || !wasOpen || lostAt !== null) return;
    lostAt = now();
    log.info('slack socket mode connection lost; reconnecting');
  });
  return { open: () => open };
}
