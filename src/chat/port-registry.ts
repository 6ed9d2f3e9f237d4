import type { Platform } from '../records/channel';
import { type DeliveryPort, type InteractivePort, isInteractive } from './chat-port';

/** The ports of the running adapters, by platform: how core services reach a channel. */
export class PortRegistry {
  private readonly ports = new Map<Platform, DeliveryPort>();

  register(port: DeliveryPort): void {
    this.ports.set(port.platform, port);
  }

  get(platform: Platform): DeliveryPort | undefined {
    return this.ports.get(platform);
  }

  /** The platform's port when it has threads and readable messages; undefined for delivery-only ones. */
  interactive(platform: Platform): InteractivePort | undefined {
    const port = this.ports.get(platform);
    return port && isInteractive(port) ? port : undefined;
  }

  has(platform: Platform): boolean {
    return this.ports.has(platform);
  }
}
