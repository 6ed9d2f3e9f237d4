import pino from 'pino';
import { parseConfig } from '../../src/app/config';
import { type Core, createCore } from '../../src/app/create-core';
import { ManualClock } from '../../src/clock';
import { openSqliteStore } from '../../src/engines/sqlite/sqlite-store';
import { FakeHfServer } from '../fakes/hf/fake-hf-server';

export interface TestCore {
  core: Core;
  hf: FakeHfServer;
  clock: ManualClock;
  close(): Promise<void>;
}

/**
 * The real core over an in-memory SQLite store and a fake Hugging Face server, with a manual clock and
 * instant retries. Extra env entries override the defaults.
 */
export async function startTestCore(
  options: { now?: string; env?: Record<string, string>; databaseUrl?: string } = {},
): Promise<TestCore> {
  const hf = await new FakeHfServer().start();
  const clock = new ManualClock(options.now ?? '2024-10-26T09:00:00Z');
  const config = parseConfig({
    HF_BASE_URL: hf.url,
    HF_TIMEOUT_MS: '2000',
    HF_RETRY_BUDGET_MS: '3000',
    DATABASE_URL: options.databaseUrl ?? ':memory:',
    ...options.env,
  });
  const log = pino({ level: 'silent' });
  const core = await createCore({
    config,
    clock,
    log,
    store: openSqliteStore(config.DATABASE_URL),
    sleep: () => Promise.resolve(),
  });
  return {
    core,
    hf,
    clock,
    async close() {
      await core.close();
      await hf.stop();
    },
  };
}
