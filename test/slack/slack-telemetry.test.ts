import { afterEach, describe, expect, it } from 'vitest';
import type { PlatformTelemetry } from '../../src/chat/chat-adapter';
import { until } from '../support/until';
import type { FakeCommandService } from './fake-command-service';
import { sampleCard } from './sample-cards';
import { type Harness, type Mode, startHarness } from './slack-harness';

/** What the Slack adapter tells the metrics (`/metrics`) and readiness (`/readyz`). */
describe('Slack adapter: telemetry and connection state', () => {
  let h: Harness<FakeCommandService> | null = null;
  afterEach(async () => {
    await h?.close();
    h = null;
  });

  it('reports a 429 and the retry after it', async () => {
    const seen: string[] = [];
    const telemetry: PlatformTelemetry = {
      rateLimited: () => seen.push('429'),
      retried: () => seen.push('retry'),
      reconnected: () => seen.push('reconnect'),
    };
    h = await startHarness({ mode: 'socket', adapter: { telemetry } });
    h.fake.failNext('chat.postMessage', { status: 429, retryAfter: 1 });
    await h.adapter.port.postPaper(h.channel(), sampleCard(), 'pb:1:x');
    expect(seen).toEqual(['429', 'retry']);
  });

  it('logs a dropped Socket Mode connection and its return, and counts the reconnect once', async () => {
    const seen: string[] = [];
    const telemetry: PlatformTelemetry = {
      rateLimited: () => seen.push('429'),
      retried: () => seen.push('retry'),
      reconnected: () => seen.push('reconnect'),
    };
    const harness = await startHarness({ mode: 'socket', adapter: { telemetry } });
    h = harness;
    harness.fake.socket.drop();
    await until(() => !harness.adapter.connected(), 'the drop to be seen');
    // The socket client waits out its ping timeout (5 s by default) before it reconnects.
    await until(() => harness.adapter.connected(), 'the reconnect', 15_000);
    expect(harness.fake.socket.opened).toHaveLength(2);
    expect(seen).toEqual(['reconnect']);
    const messages = harness.logs.map((line) => line.msg);
    expect(messages).toContain('slack socket mode connection lost; reconnecting');
    const back = harness.logs.find((line) => line.msg === 'slack socket mode reconnected');
    expect(back?.afterMs).toBeGreaterThan(0);

    await harness.adapter.stop();
    expect(harness.logs.filter((line) => line.msg.includes('connection lost'))).toHaveLength(1);
    expect(seen).toEqual(['reconnect']);
  }, 20_000);

  it.each<Mode>(['socket', 'http'])(
    'is connected once started in %s mode, and not after stop',
    async (mode) => {
      const harness = await startHarness({ mode });
      expect(harness.adapter.connected()).toBe(true);
      await harness.adapter.stop();
      expect(harness.adapter.connected()).toBe(false);
      h = harness;
    },
  );
});
