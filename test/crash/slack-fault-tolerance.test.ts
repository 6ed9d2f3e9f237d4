/**
 * Faults on Slack: Hugging Face and the Slack Web API both answer a fifth of requests with a 5xx, a 429, a
 * lost response (the message made, the answer a 502) or an answer slower than the client's timeout. Slack
 * has no idempotency key, so this is where a library-level retry would double a post; every digest still
 * arrives in every channel, each paper once, counted by the delivery key in the message metadata.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { CommandService } from '../../commands/command-service';
import { defaultDigestSettings } from '../../src/records/subscription';
import { type Harness, startHarness } from '../slack/slack-harness';
import { oct25Batch } from '../support/fixtures';
import { startTestCore, type TestCore } from '../support/test-core';
import { seededRandom } from './crash-harness';

const channels = Array.from({ length: 5 }, (_, i) => `C_FAULTY${i}`);
const expectedPerChannel = 1 + defaultDigestSettings.topN;

describe('fault tolerance on Slack', () => {
  let t: TestCore;
  let h: Harness<CommandService>;
  afterEach(async () => {
    await h?.close();
    await t?.close();
  });

  it('delivers every digest once while a fifth of Hugging Face and Slack requests fail', async () => {
    t = await startTestCore({ now: '2024-10-26T08:59:00Z', env: { HF_TIMEOUT_MS: '300' } });
    t.hf.setDay('2024-10-25', oct25Batch());
    t.hf.random = seededRandom(13);
    t.hf.faultRate = 0.2;
    h = await startHarness<CommandService>({
      mode: 'socket',
      commands: t.core.commands,
      adapter: { requestTimeoutMs: 300 },
    });
    for (const id of channels) h.fake.workspace.addChannel({ id });
    h.fake.setChaos({
      methods: ['chat.postMessage', 'conversations.history'],
      rate: 0.2,
      random: seededRandom(42),
      slowMs: 700,
    });
    t.core.ports.register(h.adapter.port);
    for (const channelId of channels) {
      await t.core.store.subscriptions.upsert(
        { platform: 'slack', workspaceId: h.fake.teamId, channelId },
        defaultDigestSettings,
        '2024-10-01T00:00:00Z',
      );
    }

    const tick = async () => {
      t.clock.advance(60_000);
      await t.core.digests.runDueDigests(t.clock.now());
    };
    let ticks = 0;
    const done = () => channels.every((channelId) => keysIn(channelId).length >= expectedPerChannel);
    while (!done() && ticks < 60) {
      await tick();
      ticks++;
    }
    // A few more ticks: nothing left over posts again.
    for (let i = 0; i < 3; i++) await tick();

    for (const channelId of channels) {
      const keys = keysIn(channelId);
      expect(keys).toHaveLength(expectedPerChannel);
      expect(new Set(keys).size).toBe(expectedPerChannel);
    }
    const faults = h.fake.calls.filter((call) => call.fault);
    const postFaults = faults.filter((call) => call.method === 'chat.postMessage');
    expect(postFaults.some((call) => call.fault === 'lost_response')).toBe(true);
    expect(postFaults.some((call) => call.fault === 'slow')).toBe(true);
    expect(faults.some((call) => call.method === 'conversations.history')).toBe(true);
    expect(t.hf.requests.length).toBeGreaterThan(7);
  }, 120_000);

  function keysIn(channelId: string): string[] {
    return h.fake.workspace
      .channelMessages(channelId)
      .map((message) => message.metadata?.event_payload.key)
      .filter((key): key is string => typeof key === 'string');
  }
});
