/**
 * One contract scenario's world: the real core over in-memory SQLite and the fake Hugging Face (serving the
 * real 2024-10-25 batch), the platform's driver registered as the core's port, and a clock that reads
 * Saturday 2024-10-26 08:00 UTC until a scenario moves it.
 */
import { afterEach, beforeEach } from 'vitest';
import { oct25Batch } from '../support/fixtures';
import { startTestCore, type TestCore } from '../support/test-core';
import type { ContractPlatform, PlatformOptions, PlatformSide } from './platforms';

export const START = '2024-10-26T08:00:00Z';

export interface Contract {
  readonly t: TestCore;
  readonly driver: PlatformSide['driver'];
  readonly side: PlatformSide;
  /** Runs `/papers <text>` in `channel` as `ada`, who may manage channels. */
  asAdmin(channel: string, text: string): ReturnType<PlatformSide['driver']['runCommand']>;
  /** Moves the clock to `iso` and runs the digests due then. */
  digestsAt(iso: string): ReturnType<TestCore['core']['digests']['runDueDigests']>;
}

export function useContract(platform: ContractPlatform, options: PlatformOptions = {}): Contract {
  let t: TestCore | undefined;
  let side: PlatformSide | undefined;
  beforeEach(async () => {
    t = await startTestCore({ now: START });
    t.hf.setDay('2024-10-25', oct25Batch());
    side = await platform.start(t.core.commands, options);
    t.core.ports.register(side.driver.port);
  });
  afterEach(async () => {
    await side?.driver.close();
    await t?.close();
    side = undefined;
    t = undefined;
  });
  const started = () => {
    if (!t || !side) throw new Error('the contract world is not started');
    return { t, side };
  };
  return {
    get t() {
      return started().t;
    },
    get side() {
      return started().side;
    },
    get driver() {
      return started().side.driver;
    },
    asAdmin: (channel, text) => started().side.driver.runCommand({ channel, user: 'ada', admin: true, text }),
    async digestsAt(iso) {
      const { t: core } = started();
      core.clock.set(iso);
      return core.core.digests.runDueDigests(core.clock.now());
    },
  };
}
