import type { ChatAdapter } from '../chat/chat-adapter';
import type { Config } from '../config/config';
import type { AdapterStatus } from './adapter-plan';
import type { Core } from './create-core';

/** Builds the chat adapters the configuration turns on. */
export async function createChatAdapters(
  _config: Config,
  statuses: AdapterStatus[],
  core: Core,
): Promise<ChatAdapter[]> {
  for (const status of statuses.filter((entry) => entry.on)) {
    core.log.warn({ adapter: status.name }, 'adapter not wired yet');
  }
  return [];
}
