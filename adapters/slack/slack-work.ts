/**
 * Work that continues after Slack has been acked (command answers, reaction hand-offs). Tracking it lets
 * `stop()` finish what is in flight and lets tests wait for the adapter to go quiet instead of sleeping.
 */
export class WorkTracker {
  private readonly inFlight = new Set<Promise<void>>();

  track<T>(work: Promise<T>): Promise<T> {
    const settled: Promise<void> = work.then(
      () => undefined,
      () => undefined,
    );
    this.inFlight.add(settled);
    void settled.then(() => this.inFlight.delete(settled));
    return work;
  }

  /**
   * Resolves true once nothing is in flight (including work started while waiting), or false when
   * `timeoutMs` passes first.
   */
  async idle(timeoutMs?: number): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<false>((resolve) => {
      if (timeoutMs !== undefined) timer = setTimeout(() => resolve(false), timeoutMs);
    });
    const drained = (async () => {
      while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
      return true as const;
    })();
    try {
      return await Promise.race([drained, expired]);
    } finally {
      clearTimeout(timer);
    }
  }
}
