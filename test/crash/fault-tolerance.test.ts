/**
 * Faults: Hugging Face and Discord both answer a fifth of requests with a 5xx, a 429, a lost response
 * (the work done, the answer lost) or an answer slower than the client's timeout. Every digest still
 * arrives in every channel, each paper once: the daily batch, and the trending list for `source=trending`.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { CommandService } from '../../commands/command-service';
import { type DigestSource, defaultDigestSettings } from '../../src/records/subscription';
import { Harness } from '../discord/discord-harness';
import { oct25Batch } from '../support/fixtures';
import { startTestCore, type TestCore } from '../support/test-core';
import { seededRandom } from './crash-harness';

const guildId = '930000000000000001';
const channels = Array.from({ length: 5 }, (_, i) => String(930000000000000100n + BigInt(i)));

describe('fault tolerance', () => {
  let t: TestCore;
  let harness: Harness<CommandService>;
  afterEach(async () => {
    await harness.close();
    await t.close();
  });

  it.each<DigestSource>(['daily', 'trending'])(
    'delivers every %s digest once while a fifth of all requests fail',
    async (source) => {
      t = await startTestCore({ now: '2024-10-26T08:59:00Z', env: { HF_TIMEOUT_MS: '300' } });
      t.hf.setDay('2024-10-25', oct25Batch());
      t.hf.setTrending(oct25Batch().reverse());
      t.hf.random = seededRandom(13);
      t.hf.faultRate = 0.2;
      harness = await Harness.start({
        commands: t.core.commands,
        fake: {
          guilds: [
            { id: guildId, name: 'Faulty Lab', channels: channels.map((id, i) => ({ id, name: `c${i}` })) },
          ],
        },
        adapter: { guildId, rest: { offset: 0, retries: 2, timeout: 400 } },
      });
      harness.fake.faults.setChaos({
        path: /^\/channels\//,
        rate: 0.2,
        random: seededRandom(42),
        slowMs: 700,
      });
      t.core.ports.register(harness.adapter.port);
      for (const channelId of channels) {
        await t.core.store.subscriptions.upsert(
          { platform: 'discord', workspaceId: guildId, channelId },
          { ...defaultDigestSettings, source },
          '2024-10-01T00:00:00Z',
        );
      }

      let ticks = 0;
      const done = () => channels.every((channelId) => keysIn(channelId).length >= 11);
      while (!done() && ticks < 60) {
        t.clock.advance(60_000);
        await t.core.digests.runDueDigests(t.clock.now());
        ticks++;
      }

      const faultsSeen = harness.fake.requests.filter((request) => request.status >= 429).length;
      expect(faultsSeen).toBeGreaterThan(0);
      expect(t.hf.requests.length).toBeGreaterThan(source === 'daily' ? 7 : 0);
      if (source === 'trending') expect(t.hf.requestsFor('sort=trending').length).toBeGreaterThan(0);
      for (const channelId of channels) {
        const keys = keysIn(channelId);
        expect(keys).toHaveLength(11);
        expect(new Set(keys).size).toBe(11);
      }
    },
    120_000,
  );

  function keysIn(channelId: string): string[] {
    return harness.fake.store
      .channelHistory(channelId)
      .map((message) =>
        [message.content, ...message.embeds.map((embed) => embed.footer?.text ?? '')].join('\n'),
      )
      .map((text) => /ref (pb:[\w.:-]+)/.exec(text)?.[1])
      .filter((key): key is string => key !== undefined);
  }
});
