import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createSlackAdapter, slackAdapterOptions } from '../../adapters/slack';
import { parseConfig } from '../../src/app/config';
import { reactionEvent } from '../fakes/slack/fake-slack-inbound';
import { FakeCommandService } from './fake-command-service';
import { channelId, type Harness, startHarness } from './slack-harness';

describe('Slack adapter lifecycle and transports', () => {
  let h: Harness<FakeCommandService>;
  afterEach(async () => {
    await h?.close();
  });

  it('uses Socket Mode when an app token is set: opens the connection with that token on loopback', async () => {
    h = await startHarness({ mode: 'socket' });
    expect(h.adapter.mode).toBe('socket');
    expect(h.adapter.httpPort()).toBeNull();
    const open = h.fake.callsTo('apps.connections.open');
    expect(open).toHaveLength(1);
    expect(open[0]?.token).toBe(h.fake.appToken);
    expect(h.fake.socket.opened[0]).toMatch(/^\/socket-mode\?ticket=/);
    // The Web API calls all went to the fake, with the bot token.
    expect(h.fake.callsTo('auth.test')[0]?.token).toBe(h.fake.botToken);
  });

  it('acks every Socket Mode envelope type: slash command, interaction and event', async () => {
    h = await startHarness({ mode: 'socket' });
    const command = await h.inbound.command({ channel: channelId, user: 'U_MEMBER', text: 'help' });
    const click = await h.inbound.action({
      channel: channelId,
      user: 'U_MEMBER',
      actionId: 'paperboy_link_pdf',
      value: '',
      label: 'PDF',
      messageTs: '1730000000.000100',
      ephemeral: false,
    });
    const event = await h.inbound.event(
      reactionEvent({
        action: 'added',
        user: 'U_MEMBER',
        reaction: 'eyes',
        channel: channelId,
        ts: '1730000000.000100',
      }),
    );
    expect([command.status, click.status, event.status]).toEqual([200, 200, 200]);
    expect(h.fake.socket.acks).toHaveLength(3);
    await h.fake.waitFor(() => h.fake.responsesTo(command.responseUrlId)[0], 'help reply');
  });

  it('uses HTTP mode on /slack/events when only a signing secret is set', async () => {
    h = await startHarness({ mode: 'http' });
    expect(h.adapter.mode).toBe('http');
    expect(h.adapter.httpPort()).toBeGreaterThan(0);
    expect(h.fake.callsTo('apps.connections.open')).toEqual([]);
    const sent = await h.inbound.command({ channel: channelId, user: 'U_MEMBER', text: 'help' });
    expect(sent.status).toBe(200);
  });

  it('skips auth.test when the bot identity is given', async () => {
    h = await startHarness({
      mode: 'http',
      adapter: { botId: 'B_PAPERBOY', botUserId: 'U_PAPERBOY', teamUrl: 'https://given.slack.com/' },
    });
    expect(h.fake.callsTo('auth.test')).toEqual([]);
    const posted = await h.adapter.port.postText(h.channel(), 'hi');
    expect(posted.url).toMatch(/^https:\/\/given\.slack\.com\/archives\/C_GENERAL\/p\d+$/);
  });

  it('fails to start with a revoked bot token', async () => {
    h = await startHarness({ mode: 'http' });
    await h.adapter.stop();
    h.fake.setAuthError('token_revoked');
    const adapter = createSlackAdapter({
      botToken: h.fake.botToken,
      signingSecret: 'secret',
      port: 0,
      host: '127.0.0.1',
      apiUrl: h.fake.apiUrl,
      commands: new FakeCommandService(),
      log: pino({ level: 'silent' }),
      retryConfig: { retries: 0 },
    });
    await expect(adapter.start()).rejects.toThrow(/token_revoked/);
  });

  it('needs an app token or a signing secret', () => {
    expect(() =>
      createSlackAdapter({
        botToken: 'xoxb-1',
        commands: new FakeCommandService(),
        log: pino({ level: 'silent' }),
      }),
    ).toThrow(/SLACK_APP_TOKEN.*SLACK_SIGNING_SECRET/);
  });

  it('stops taking requests on stop()', async () => {
    h = await startHarness({ mode: 'http' });
    const url = h.eventsUrl();
    await h.adapter.stop();
    await expect(fetch(url, { method: 'POST', body: '' })).rejects.toThrow();
  });

  it('builds its options from the configuration: Socket Mode by default, HTTP with only a signing secret', () => {
    const deps = { commands: new FakeCommandService(), log: pino({ level: 'silent' }) };
    const both = parseConfig({
      SLACK_BOT_TOKEN: 'xoxb-1',
      SLACK_APP_TOKEN: 'xapp-1',
      SLACK_SIGNING_SECRET: 's',
    });
    const httpOnly = parseConfig({
      SLACK_BOT_TOKEN: 'xoxb-1',
      SLACK_SIGNING_SECRET: 's',
      SLACK_PORT: '3999',
    });
    expect(createSlackAdapter(slackAdapterOptions(both, deps)).mode).toBe('socket');
    const options = slackAdapterOptions(httpOnly, deps);
    expect(options).toMatchObject({ port: 3999, apiUrl: 'https://slack.com/api/' });
    expect(createSlackAdapter(options).mode).toBe('http');
  });

  it('works in HTTP mode with the production setting (ack before the listener finishes)', async () => {
    h = await startHarness({ mode: 'http', adapter: { processBeforeResponse: false } });
    const sent = await h.inbound.command({ channel: channelId, user: 'U_MEMBER', text: 'today' });
    expect(sent.status).toBe(200);
    const reply = await h.fake.waitFor(() => h.fake.responsesTo(sent.responseUrlId)[0], 'reply');
    expect(reply.body.response_type).toBe('ephemeral');
    const event = reactionEvent({
      action: 'added',
      user: 'U_MEMBER',
      reaction: 'bookmark',
      channel: channelId,
      ts: '1730000000.000100',
    });
    await h.inbound.event(event);
    // Acked before the listener ran: give the listener a moment (bounded), then check.
    for (let tries = 0; tries < 200 && h.commands.reactions.length === 0; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      await h.adapter.idle();
    }
    expect(h.commands.reactions).toHaveLength(1);
  });

  it('lets an answer already acked go out before stop() resolves', async () => {
    h = await startHarness({ mode: 'socket' });
    const held = h.commands.hold();
    const sent = await h.inbound.command({ channel: channelId, user: 'U_MEMBER', text: 'today' });
    await held.entered;
    let stopped = false;
    const stopping = h.adapter.stop().then(() => {
      stopped = true;
    });
    await h.fake.waitFor(() => (h.fake.socket.connected ? undefined : true), 'the socket to close');
    expect(stopped).toBe(false);
    held.release();
    await stopping;
    expect(h.fake.responsesTo(sent.responseUrlId)).toHaveLength(1);
  });
});
