/**
 * Translates `reaction_added` / `reaction_removed` on messages into the core's neutral reaction events.
 * Slack redelivers an event when it thinks the ack was lost (`X-Slack-Retry-Num`): the same `event_id` is
 * handed to the core once, and the id travels along so the core can dedupe across restarts too.
 */
import type { App, webApi } from '@slack/bolt';
import type { CommandService } from '../../commands/command-service';
import type { ReactionEvent } from '../../src/chat/chat-port';
import type { Logger } from '../../src/logging/logger';
import type { SlackDirectories, SlackDirectory } from './slack-directory';
import { slackEmojiToUnicode } from './slack-emoji';

export interface ReactionHandlerDeps {
  commands: CommandService;
  directory: SlackDirectories;
  log: Logger;
  /** The bot's own user in the single-workspace set-up; with installs, Bolt's authorize result says it. */
  botUserId: () => string | null;
  track: <T>(work: Promise<T>) => Promise<T>;
  /** How many recent event ids are remembered. */
  rememberEvents?: number;
}

/** A bounded set: the oldest ids are forgotten first. */
export class RecentIds {
  private readonly ids = new Set<string>();
  constructor(private readonly capacity: number) {}

  /** True the first time an id is seen. */
  remember(id: string): boolean {
    if (this.ids.has(id)) return false;
    this.ids.add(id);
    if (this.ids.size > this.capacity) {
      const oldest = this.ids.values().next().value;
      if (oldest !== undefined) this.ids.delete(oldest);
    }
    return true;
  }
}

interface ReactionPayload {
  user: string;
  reaction: string;
  item: { type: string; channel?: string; ts?: string };
}

export function registerReactionHandlers(app: App, deps: ReactionHandlerDeps): void {
  const seen = new RecentIds(deps.rememberEvents ?? 5_000);

  const handle = async ({ event, body, client, context }: ReactionArgs, action: ReactionEvent['action']) => {
    const { item } = event;
    if (item.type !== 'message' || !item.channel || !item.ts) return;
    if (event.user === (context.botUserId ?? deps.botUserId())) return;
    if (body.event_id && !seen.remember(body.event_id)) {
      deps.log.debug({ eventId: body.event_id }, 'duplicate slack event ignored');
      return;
    }
    const directory = deps.directory.of(body.team_id ?? '', client);
    await deps.track(deliver(deps, directory, event, body, action));
  };

  app.event('reaction_added', async (args) => handle(args, 'added'));
  app.event('reaction_removed', async (args) => handle(args, 'removed'));
}

interface ReactionArgs {
  event: ReactionPayload;
  body: { event_id?: string; team_id?: string };
  client: webApi.WebClient;
  context: { botUserId?: string };
}

async function deliver(
  deps: ReactionHandlerDeps,
  directory: SlackDirectory,
  event: ReactionPayload,
  body: { event_id?: string; team_id?: string },
  action: ReactionEvent['action'],
): Promise<void> {
  const channelId = event.item.channel ?? '';
  try {
    await deps.commands.react({
      channel: { platform: 'slack', workspaceId: body.team_id ?? '', channelId },
      messageId: event.item.ts ?? '',
      userId: event.user,
      userName: await directory.displayName(event.user),
      emoji: slackEmojiToUnicode(event.reaction) ?? event.reaction,
      action,
      ...(body.event_id ? { eventId: body.event_id } : {}),
    });
  } catch (error) {
    deps.log.error({ err: error, channel: channelId }, 'reaction handling failed');
  }
}
