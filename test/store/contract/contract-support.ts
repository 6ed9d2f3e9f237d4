/** What the store contract files share: a fresh store per test, and the values the tests are made of. */
import { afterEach, beforeEach } from 'vitest';
import type { Paper } from '../../../src/records/paper';
import type { Store } from '../../../src/store/store';
import { makePaper } from '../../support/papers';
import type { TestStore } from '../../support/test-stores';

/** The first open starts PGlite (seconds, more on a busy machine): the hook may take this long. */
const firstOpenTimeoutMs = 90_000;

/** A fresh, empty store for each test (closed after it); read it inside a test or hook. */
export function useStore(testStore: TestStore): () => Store {
  let store: Store | null = null;
  beforeEach(async () => {
    store = await testStore.open();
  }, firstOpenTimeoutMs);
  afterEach(async () => {
    await store?.close();
    store = null;
  });
  return () => {
    if (!store) throw new Error('the store is opened for each test');
    return store;
  };
}

export const paper = (id: string, changes: Partial<Paper> = {}) =>
  makePaper(id, { abstract: 'An abstract about diffusion models.', ...changes });

export const channel = { platform: 'discord' as const, workspaceId: 'g1', channelId: 'c1' };
export const otherChannel = { platform: 'slack' as const, workspaceId: 'T1', channelId: 'C2' };

/** Runs `work` and returns what it threw (failing the test if it did not throw). */
export async function thrown(work: () => Promise<unknown>): Promise<unknown> {
  try {
    await work();
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}
