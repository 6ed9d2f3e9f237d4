/**
 * When each channel's posts began and ended, in the order a fake accepted them, to tell how many channels
 * a bot was posting to at once (a fan-out's overlap) without timing anything.
 */
export class ChannelSpans {
  private readonly spans = new Map<string, { first: number; last: number; lastAt: number }>();
  private posts = 0;

  /** Records one accepted post into `channelId`. */
  note(channelId: string): void {
    this.posts += 1;
    const span = this.spans.get(channelId);
    if (span) Object.assign(span, { last: this.posts, lastAt: Date.now() });
    else this.spans.set(channelId, { first: this.posts, last: this.posts, lastAt: Date.now() });
  }

  /** When (wall clock, ms) each channel got its last post so far: for benchmarks, never for assertions. */
  lastPostTimes(): number[] {
    return [...this.spans.values()].map((span) => span.lastAt);
  }

  /**
   * The most channels whose posting had begun and not yet ended at one moment: a channel is being posted
   * to from its first accepted post to its last. 1 when channels went out strictly one after another.
   */
  maxInFlight(): number {
    const events = [...this.spans.values()].flatMap(({ first, last }) => [
      { at: first, step: 1 },
      { at: last, step: -1 },
    ]);
    // A channel of one post starts before it ends.
    events.sort((a, b) => a.at - b.at || b.step - a.step);
    let open = 0;
    let most = 0;
    for (const event of events) {
      open += event.step;
      most = Math.max(most, open);
    }
    return most;
  }
}
