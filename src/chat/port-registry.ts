import type { ChatPort, Platform } from './chat-port';

/** The ports of the running adapters, by platform: how core services reach a channel. */
export class PortRegistry {
  private readonly ports = new Map<Platform, ChatPort>();

  register(port: ChatPort): void {
    this.ports.set(port.platform, port);
  }

  get(platform: Platform): ChatPort | undefined {
    return this.ports.get(platform);
  }

  has(platform: Platform): boolean {
    return this.ports.has(platform);
  }
}
