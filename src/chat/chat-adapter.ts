import type { DeliveryPort } from './chat-port';

/** A running platform integration: the port the core posts through, and its lifecycle. */
export interface ChatAdapter {
  /** Delivery-only (email) or interactive (chat platforms: see `isInteractive`). */
  readonly port: DeliveryPort;
  start(): Promise<void>;
  /** Stops taking input and closes connections; messages in flight are finished or abandoned safely. */
  stop(): Promise<void>;
  /** Whether the platform connection is up right now (gateway ready, socket open, HTTP listening): `/readyz`. */
  connected(): boolean;
  /** `connected()` in words with what it covers (Discord: `connected (shards 0,1 of 4)`); default connected / not connected. */
  connectionDetail?(): string;
  /**
   * What an adapter in the foreground runs once the bot is up (the console: the latest digest, then the
   * prompt). The bot stops when it ends; `signal` aborts it when the bot is stopped first.
   */
  session?(signal: AbortSignal): Promise<void>;
}

/**
 * What an adapter reports about its platform connection, for metrics. The composition root hands each
 * adapter one bound to its platform; adapters call it and never see the metrics registry.
 */
export interface PlatformTelemetry {
  /** The platform answered 429. */
  rateLimited(): void;
  /** A request is being sent again after a failure (429, 5xx, timeout). */
  retried(): void;
  /** The gateway or socket connection came back after dropping. */
  reconnected(): void;
}

export const noTelemetry: PlatformTelemetry = { rateLimited() {}, retried() {}, reconnected() {} };
