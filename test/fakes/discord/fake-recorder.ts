/** An append-only log that tests can await: `waitFor` resolves with the first entry (past or future) that matches. */
export class Recorder<T> {
  readonly entries: T[] = [];
  private waiters: { predicate: (entry: T) => boolean; resolve: (entry: T) => void }[] = [];

  push(entry: T): void {
    this.entries.push(entry);
    const ready = this.waiters.filter((waiter) => waiter.predicate(entry));
    this.waiters = this.waiters.filter((waiter) => !ready.includes(waiter));
    for (const waiter of ready) waiter.resolve(entry);
  }

  /** Rejects after `timeoutMs` (a safety net so a missing request fails with a message instead of hanging). */
  waitFor(predicate: (entry: T) => boolean, label: string, timeoutMs = 5000): Promise<T> {
    const found = this.entries.find(predicate);
    if (found !== undefined) return Promise.resolve(found);
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((waiter) => waiter.resolve !== done);
        reject(new Error(`timed out waiting for ${label}`));
      }, timeoutMs);
      const done = (entry: T) => {
        clearTimeout(timer);
        resolve(entry);
      };
      this.waiters.push({ predicate, resolve: done });
    });
  }

  filter(predicate: (entry: T) => boolean): T[] {
    return this.entries.filter(predicate);
  }
}
