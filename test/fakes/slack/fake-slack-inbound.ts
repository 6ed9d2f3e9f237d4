/**
 * What Slack sends to an app, built as Slack builds it and delivered over either transport: signed HTTP
 * requests to `/slack/events`, or envelopes on the fake's Socket Mode WebSocket.
 */
import { randomUUID } from 'node:crypto';
import type { FakeSlack } from './fake-slack';
import type { FakeTeam } from './fake-slack-oauth';
import type { EnvelopeType } from './fake-slack-socket';
import { formBody, formContentType, type SignedRequestOptions, sendSignedRequest } from './slack-signing';

export type Transport = { kind: 'socket' } | { kind: 'http'; url: string; signingSecret: string };

/** How Slack's side of the exchange ended: the HTTP status, or the Socket Mode ack. */
export interface Delivered {
  status: number;
  ackPayload: unknown;
  /** Acked within Slack's 3 s; a later ack shows the user an error although the app may still answer. */
  inTime: boolean;
}

export interface CommandInput {
  channel: string;
  user: string;
  text: string;
}

export interface ActionInput {
  channel: string;
  user: string;
  actionId: string;
  value: string;
  label: string;
  messageTs: string;
  ephemeral: boolean;
}

export interface EventOptions {
  eventId?: string;
  retryNum?: number;
}

export class SlackInbound {
  private readonly team: FakeTeam;

  /** `teamId`: the workspace the requests come from (default: the fake's first). */
  constructor(
    private readonly fake: FakeSlack,
    private readonly transport: Transport,
    teamId: string = fake.teamId,
  ) {
    this.team = fake.team(teamId);
  }

  /** `/papers <text>`; resolves once acked, with the response_url id the answer will go to. */
  async command(input: CommandInput): Promise<Delivered & { responseUrlId: string }> {
    const response = this.fake.createResponseUrl();
    const channel = this.team.workspace.channels.get(input.channel);
    const payload = {
      token: 'legacy-verification-token',
      command: '/papers',
      text: input.text,
      response_url: response.url,
      trigger_id: `trigger-${randomUUID()}`,
      user_id: input.user,
      user_name: input.user.toLowerCase(),
      team_id: this.team.teamId,
      team_domain: this.team.workspace.teamDomain,
      channel_id: input.channel,
      channel_name: channel?.name ?? input.channel.toLowerCase(),
      api_app_id: 'A_PAPERBOY',
    };
    const delivered = await this.deliver('slash_commands', payload, { form: formBody(payload) });
    return { ...delivered, responseUrlId: response.id };
  }

  /** A click on a button of a message; resolves once acked, with the response_url id. */
  async action(input: ActionInput): Promise<Delivered & { responseUrlId: string }> {
    const response = this.fake.createResponseUrl();
    const payload = {
      type: 'block_actions',
      user: {
        id: input.user,
        username: input.user.toLowerCase(),
        name: input.user.toLowerCase(),
        team_id: this.team.teamId,
      },
      api_app_id: 'A_PAPERBOY',
      token: 'legacy-verification-token',
      container: {
        type: 'message',
        message_ts: input.messageTs,
        channel_id: input.channel,
        is_ephemeral: input.ephemeral,
      },
      trigger_id: `trigger-${randomUUID()}`,
      team: { id: this.team.teamId, domain: this.team.workspace.teamDomain },
      channel: { id: input.channel, name: input.channel.toLowerCase() },
      response_url: response.url,
      actions: [
        {
          action_id: input.actionId,
          block_id: 'paperboy',
          text: { type: 'plain_text', text: input.label, emoji: true },
          value: input.value,
          type: 'button',
          action_ts: `${Math.floor(Date.now() / 1_000)}.000100`,
        },
      ],
    };
    const delivered = await this.deliver('interactive', payload, {
      form: formBody({ payload: JSON.stringify(payload) }),
    });
    return { ...delivered, responseUrlId: response.id };
  }

  /** An Events API callback (e.g. `reaction_added`); the same `eventId` with `retryNum` is a redelivery. */
  async event(
    event: Record<string, unknown>,
    options: EventOptions = {},
  ): Promise<Delivered & { eventId: string }> {
    const eventId = options.eventId ?? `Ev${randomUUID().replace(/-/g, '').slice(0, 10).toUpperCase()}`;
    const body = {
      token: 'legacy-verification-token',
      team_id: this.team.teamId,
      api_app_id: 'A_PAPERBOY',
      event,
      type: 'event_callback',
      event_id: eventId,
      event_time: Math.floor(Date.now() / 1_000),
      authorizations: [{ team_id: this.team.teamId, user_id: this.team.botUserId, is_bot: true }],
    };
    const delivered = await this.deliver(
      'events_api',
      body,
      { json: JSON.stringify(body) },
      options.retryNum,
    );
    return { ...delivered, eventId };
  }

  private async deliver(
    type: EnvelopeType,
    payload: unknown,
    body: { form: string } | { json: string },
    retryNum?: number,
  ): Promise<Delivered> {
    if (this.transport.kind === 'socket') {
      const ack = await this.fake.socket.send(
        type,
        payload,
        retryNum === undefined ? {} : { retryAttempt: retryNum, retryReason: 'timeout' },
      );
      return { status: 200, ackPayload: ack.payload, inTime: ack.inTime };
    }
    const sentAt = Date.now();
    const options: SignedRequestOptions = {
      secret: this.transport.signingSecret,
      contentType: 'form' in body ? formContentType : 'application/json',
      ...(retryNum === undefined ? {} : { retryNum, retryReason: 'http_timeout' }),
    };
    const response = await sendSignedRequest(
      this.transport.url,
      'form' in body ? body.form : body.json,
      options,
    );
    return { status: response.status, ackPayload: response.body, inTime: Date.now() - sentAt <= 3_000 };
  }
}

/** A `reaction_added` / `reaction_removed` event as Slack sends it. */
export function reactionEvent(input: {
  action: 'added' | 'removed';
  user: string;
  reaction: string;
  channel: string;
  ts: string;
  itemUser?: string;
}): Record<string, unknown> {
  return {
    type: input.action === 'added' ? 'reaction_added' : 'reaction_removed',
    user: input.user,
    reaction: input.reaction,
    item: { type: 'message', channel: input.channel, ts: input.ts },
    ...(input.itemUser ? { item_user: input.itemUser } : {}),
    event_ts: `${Math.floor(Date.now() / 1_000)}.000200`,
  };
}
