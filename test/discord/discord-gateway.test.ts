import { GatewayIntentBits } from 'discord.js';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createDiscordAdapter } from '../../adapters/discord/discord-adapter';
import type { Json } from '../fakes/discord/fake-types';
import { Harness } from './discord-harness';

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
});
