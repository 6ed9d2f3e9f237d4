/**
 * Translates `/papers …` slash commands and reply-button clicks into core calls. Every request is acked
 * at once (Slack allows 3 s); the core's answer follows through `respond()` — ephemeral unless the reply is
 * meant for the channel.
 */
import type { App, BlockAction, ButtonAction, RespondArguments, RespondFn } from '@slack/bolt';
import type { CommandContext } from '../../commands/command-context';
import type { CommandService } from '../../commands/command-service';
import type { Reply } from '../../src/chat/replies';
import type { Logger } from '../../src/logging/logger';
import { manageChannelRequirement, type SlackDirectories, type SlackDirectory } from './slack-directory';
import { replyForError } from './slack-errors';
import type { ReplayGuard } from './slack-replays';
import { renderReply, replyActions } from './slack-reply-render';

export const commandPrefix = '/papers';

export interface CommandHandlerDeps {
  commands: CommandService;
  /** Each workspace's directory, asked with the token Bolt authorized the request with. */
  directory: SlackDirectories;
  log: Logger;
  /** The bot's name as people @-mention it, for the invite hint. */
  botName: () => string;
  /** Keeps slow work running after the ack, and lets `stop()` / tests wait for it. */
  track: <T>(work: Promise<T>) => Promise<T>;
  /** Drops a signed request sent a second time (after its ack). */
  replays: ReplayGuard;
}

interface Caller {
  userId: string;
  channelId: string;
  teamId: string;
  directory: SlackDirectory;
}

type Delivery = Pick<RespondArguments, 'replace_original'>;

const subscribing = /^\s*(\/?papers\s+)?subscribe\b/i;
const pagingIds = new Set<string>([replyActions.previous, replyActions.next]);
const replyButtonIds = new RegExp(`^(${Object.values(replyActions).join('|')})$`);

export function registerCommandHandlers(app: App, deps: CommandHandlerDeps): void {
  app.command(commandPrefix, async ({ command, ack, respond, client, context }) => {
    await ack();
    const caller = {
      userId: command.user_id,
      channelId: command.channel_id,
      teamId: command.team_id,
      directory: deps.directory.of(command.team_id, client),
    };
    void deps.track(
      (async () => {
        if (!(await deps.replays.firstTime(context, 'slash command'))) return;
        await answer(deps, caller, respond, {}, async (context) => {
          const reply = await deps.commands.executeText(command.text, context);
          return subscribing.test(command.text) ? withMembership(deps, caller, reply) : reply;
        });
      })(),
    );
  });

  app.action<BlockAction<ButtonAction>>(
    { type: 'block_actions', action_id: replyButtonIds },
    async (args) => {
      const { ack, body, action, respond, client, context } = args;
      await ack();
      const channelId = body.channel?.id ?? body.container.channel_id;
      if (typeof channelId !== 'string' || !action.value) return;
      const teamId = body.team?.id ?? body.user.team_id ?? '';
      const caller = {
        userId: body.user.id,
        channelId,
        teamId,
        directory: deps.directory.of(teamId, client),
      };
      // Paging rewrites an ephemeral list in place; on a shared list it answers privately instead.
      const inPlace = pagingIds.has(action.action_id) && body.container.is_ephemeral === true;
      const token = action.value;
      void deps.track(
        (async () => {
          if (!(await deps.replays.firstTime(context, 'button click'))) return;
          await answer(deps, caller, respond, { replace_original: inPlace }, (context) =>
            deps.commands.resume(token, context),
          );
        })(),
      );
    },
  );

  // Link buttons open a URL in the browser, but Slack still sends the click: ack it so no warning shows.
  app.action({ type: 'block_actions', action_id: /^paperboy_link_/ }, async ({ ack }) => {
    await ack();
  });
}

async function answer(
  deps: CommandHandlerDeps,
  caller: Caller,
  respond: RespondFn,
  delivery: Delivery,
  run: (context: CommandContext) => Promise<Reply>,
): Promise<void> {
  const log = deps.log.child({ channel: caller.channelId, user: caller.userId });
  let reply: Reply;
  try {
    reply = await run(await commandContext(caller));
  } catch (error) {
    log.error({ err: error }, 'slack command failed');
    reply = replyForError(error);
  }
  const message = renderReply(reply);
  try {
    await respond({
      ...message,
      ...delivery,
      response_type: reply.visibility === 'channel' ? 'in_channel' : 'ephemeral',
    });
  } catch (error) {
    log.warn({ err: error }, 'slack respond() failed');
  }
}

async function commandContext(caller: Caller): Promise<CommandContext> {
  return {
    channel: { platform: 'slack', workspaceId: caller.teamId, channelId: caller.channelId },
    userId: caller.userId,
    canManageChannel: await caller.directory.canManageChannel(caller.userId, caller.channelId),
    manageChannelRequirement,
    commandPrefix,
  };
}

/**
 * A subscription only helps if the bot can post in the channel: it joins public channels itself and,
 * where it cannot (private channels), says how to invite it.
 */
async function withMembership(deps: CommandHandlerDeps, caller: Caller, reply: Reply): Promise<Reply> {
  if (reply.kind !== 'text' || reply.tone !== 'success') return reply;
  if (await caller.directory.ensureMember(caller.channelId)) return reply;
  const hint = `I am not in this channel yet: invite me with \`/invite @${deps.botName()}\` so the digest can be posted here.`;
  return { ...reply, text: `${reply.text}\n${hint}` };
}
