import { GatewayIntentBits } from 'discord.js';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createDiscordAdapter } from '../../adapters/discord/discord-adapter';
import { FakeDiscord } from '../fakes/discord/fake-discord';
import type { Json } from '../fakes/discord/fake-types';
import { GUILD_ID, Harness, PAPERS_CHANNEL } from './discord-harness';
import { FakeCommandService } from './fake-command-service';

describe('Discord gateway session', () => {
  let harness: Harness | undefined;
  afterEach(async () => {
    await harness?.close();
    harness = undefined;
  });

  it('identifies with Guilds, GuildMessages and GuildMessageReactions only: no privileged intents', async () => {
    harness = await Harness.start();
    const identify = await harness.fake.gateway.frames.waitFor((frame) => frame.op === 2, 'IDENTIFY');
    const intents = Number((identify.d as Json).intents);
    expect(intents).toBe(
      GatewayIntentBits.Guilds | GatewayIntentBits.GuildMessages | GatewayIntentBits.GuildMessageReactions,
    );
    const privileged =
      GatewayIntentBits.GuildMembers | GatewayIntentBits.GuildPresences | GatewayIntentBits.MessageContent;
    expect(intents & privileged).toBe(0);
    expect((identify.d as Json).token).toBe(harness.fake.token);
  });

  it('asks for Message Content only when configured to', async () => {
    harness = await Harness.start({ adapter: { messageContent: true } });
    expect((harness.fake.gateway.intents ?? 0) & GatewayIntentBits.MessageContent).toBe(
      GatewayIntentBits.MessageContent,
    );
  });

  it('finds the gateway through the configured REST base and answers heartbeats', async () => {
    harness = await Harness.start({ fake: { heartbeatIntervalMs: 40 } });
    const [first] = harness.fake.requests.entries;
    expect(first).toMatchObject({ method: 'GET', path: '/gateway/bot', status: 200 });
    const beat = await harness.fake.gateway.frames.waitFor((frame) => frame.op === 1, 'a heartbeat');
    expect(beat.op).toBe(1);
    expect(harness.fake.gateway.frames.filter((frame) => frame.op === 6)).toHaveLength(0);
  });

  it('logs readiness with the platform on every line', async () => {
    harness = await Harness.start();
    expect(harness.logged('discord ready')).toMatchObject({ platform: 'discord', guilds: 1 });
    expect(harness.logs.entries.every((line) => line.platform === 'discord')).toBe(true);
  });

  it('fails to start with a bad token instead of hanging', async () => {
    const good = await Harness.start();
    harness = good;
    const adapter = createDiscordAdapter({
      token: 'wrong-token',
      applicationId: good.fake.applicationId,
      apiBase: good.fake.apiBase,
      commands: good.commands,
      log: pino({ level: 'silent' }),
      rest: { offset: 0, retries: 0 },
      readyTimeoutMs: 5000,
    });
    await expect(adapter.start()).rejects.toThrow(/token/i);
  });

  it('treats posts before start and after stop as transient, never as lost credentials', async () => {
    const fake = await FakeDiscord.start();
    try {
      const adapter = createDiscordAdapter({
        token: fake.token,
        applicationId: fake.applicationId,
        apiBase: fake.apiBase,
        commands: new FakeCommandService(),
        log: pino({ level: 'silent' }),
        rest: { offset: 0 },
      });
      const ref = { platform: 'discord' as const, workspaceId: GUILD_ID, channelId: PAPERS_CHANNEL };
      await expect(adapter.port.postText(ref, 'too early')).rejects.toMatchObject({ failure: 'transient' });
      await adapter.start();
      await expect(adapter.port.postText(ref, 'on time')).resolves.toMatchObject({
        messageId: expect.any(String),
      });
      await adapter.stop();
      await expect(adapter.port.postText(ref, 'too late')).rejects.toMatchObject({ failure: 'transient' });
    } finally {
      await fake.close();
    }
  });

  it('lets an interaction in progress finish its answer when stopping', async () => {
    harness = await Harness.start();
    const hold = harness.commands.hold('today');
    const record = harness.inject('today');
    await hold.started;
    const stopping = harness.adapter.stop();
    hold.release();
    const answer = await harness.fake.waitForAnswer(record.id);
    expect(answer.message?.embeds[0]?.title).toMatch(/Daily Papers/);
    await stopping;
    await harness.fake.close();
    harness = undefined;
  });
});
