import { afterEach, describe, expect, it } from 'vitest';
import type { PlatformTelemetry } from '../../src/chat/chat-adapter';
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
