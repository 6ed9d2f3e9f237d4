import type { ChatPort } from './chat-port';

/** A running platform integration: the port the core posts through, and its lifecycle. */
export interface ChatAdapter {
  readonly port: ChatPort;
  start(): Promise<void>;
  /** Stops taking input and closes connections; messages in flight are finished or abandoned safely. */
  stop(): Promise<void>;
}
