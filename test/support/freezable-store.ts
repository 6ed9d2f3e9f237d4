/**
 * A store that can stop answering, as the database sees an instance that died: once frozen, every call
 * (reads, writes, lease renewals) returns a promise that never settles and nothing reaches the database.
 * Freezing at the moment of a chosen call (`freezeAt`) lets a test stop an instance at the worst point of a
 * fan-out, e.g. after Discord created a post and before its `sent` was written, without killing the process
 * that also hosts the other instances. `close()` still closes the real store.
 */
import type { Store } from '../../src/store/store';

type Repository = Record<string, unknown>;

export interface FreezableStore {
  store: Store;
  /** Stops answering from now on. */
  freeze(): void;
  /** Freezes on the `nth` call of `repository.method` (that call does not reach the database either). */
  freezeAt(repository: keyof Store, method: string, nth: number): Promise<void>;
  readonly frozen: boolean;
}

export function freezable(inner: Store): FreezableStore {
  let frozen = false;
  let trap: { repository: string; method: string; left: number; hit: () => void } | null = null;
  const never = () => new Promise<never>(() => {});
  const wrap = (name: string, repository: Repository): Repository =>
    new Proxy(repository, {
      get(target, property, receiver) {
        const value = Reflect.get(target, property, receiver);
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          if (trap && trap.repository === name && trap.method === property && --trap.left === 0) {
            frozen = true;
            trap.hit();
          }
          if (frozen) return never();
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
  const repositories = [
    'papers',
    'batches',
    'subscriptions',
    'deliveries',
    'discussion',
    'sourceLog',
    'ranking',
    'jobs',
  ] as const;
  const store = { ...inner } as Store;
  const writable = store as unknown as Record<string, unknown>;
  for (const name of repositories) writable[name] = wrap(name, inner[name] as unknown as Repository);
  store.saveDay = (day) => (frozen ? never() : inner.saveDay(day));
  return {
    store,
    freeze: () => {
      frozen = true;
    },
    freezeAt: (repository, method, nth) =>
      new Promise<void>((resolve) => {
        trap = { repository, method, left: nth, hit: resolve };
      }),
    get frozen() {
      return frozen;
    },
  };
}
