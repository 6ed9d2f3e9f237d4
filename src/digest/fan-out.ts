/**
 * Runs one task per due channel, several channels at once: at most `limitOf(group)` tasks of a group (a
 * platform) run together, groups independently, each group's tasks started in the order given. A task is
 * one channel's whole digest, whose posts the run poster sends one at a time, so a channel's crash-safe
 * order is untouched; only channels overlap.
 *
 * Hand-written rather than a limiter package (p-limit and the like): halting must leave the channels not
 * yet started unstarted and still let the fan-out settle, where a limiter's cleared queue leaves its
 * promises pending for ever.
 */
export interface FanOutOptions<T, G> {
  items: readonly T[];
  /** The group an item belongs to (its platform). */
  groupOf(item: T): G;
  /** How many items of a group may run at once (at least 1). */
  limitOf(group: G): number;
  run(item: T): Promise<void>;
  /** Checked before each item starts: once true, no new item starts; those running finish. */
  halted(): boolean;
}

/** Resolves when every started task has settled; rethrows the first task failure (after the others settle). */
export async function fanOut<T, G>(options: FanOutOptions<T, G>): Promise<void> {
  const queues = new Map<G, T[]>();
  for (const item of options.items) {
    const group = options.groupOf(item);
    const queue = queues.get(group) ?? [];
    queue.push(item);
    queues.set(group, queue);
  }
  let failure: { error: unknown } | null = null;
  const worker = async (queue: T[]) => {
    while (queue.length > 0 && failure === null && !options.halted()) {
      const item = queue.shift() as T;
      try {
        await options.run(item);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  const workers: Promise<void>[] = [];
  for (const [group, queue] of queues) {
    const width = Math.min(queue.length, Math.max(1, Math.floor(options.limitOf(group)) || 1));
    for (let i = 0; i < width; i++) workers.push(worker(queue));
  }
  await Promise.all(workers);
  if (failure) throw (failure as { error: unknown }).error;
}
