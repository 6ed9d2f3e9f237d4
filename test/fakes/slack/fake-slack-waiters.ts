/** Lets tests await something the fake recorded instead of sleeping: checks re-run on every change. */
export class Waiters {
  private readonly listeners = new Set<() => void>();

  /** Resolves with `find()`'s first non-undefined answer. */
  waitFor<T>(find: () => T | undefined, label: string, timeoutMs: number): Promise<T> {
    const first = find();
    if (first !== undefined) return Promise.resolve(first);
    return new Promise<T>((resolve, reject) => {
      const check = () => {
        const found = find();
        if (found === undefined) return;
        this.listeners.delete(check);
        clearTimeout(timer);
        resolve(found);
      };
      const timer = setTimeout(() => {
        this.listeners.delete(check);
        reject(new Error(`fake Slack: timed out waiting for ${label}`));
      }, timeoutMs);
      this.listeners.add(check);
    });
  }

  changed(): void {
    for (const listener of [...this.listeners]) listener();
  }
}
