import { randomBytes } from 'node:crypto';
import type { CommandInvocation } from './command-spec';

/** What a button token stands for: run this invocation again (another page), privately or in the channel. */
export interface Continuation {
  invocation: CommandInvocation;
  share: boolean;
  channelId: string;
}

/**
 * Button tokens, kept in memory for as long as the platforms keep a reply interactive (15 minutes).
 * Bounded: the oldest go first.
 */
export class Continuations {
  private readonly entries = new Map<string, { value: Continuation; expires: number }>();

  constructor(
    private readonly now: () => number,
    private readonly ttlMs = 15 * 60_000,
    private readonly capacity = 5_000,
  ) {}

  issue(value: Continuation): string {
    const token = randomBytes(9).toString('base64url');
    this.entries.set(token, { value, expires: this.now() + this.ttlMs });
    if (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    return token;
  }

  take(token: string): Continuation | null {
    const entry = this.entries.get(token);
    if (!entry) return null;
    if (entry.expires < this.now()) {
      this.entries.delete(token);
      return null;
    }
    return entry.value;
  }
}
