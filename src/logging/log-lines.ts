/**
 * Where the log's lines go (standard error), with room for a prompt that shares the terminal: while the
 * console's `papers> ` prompt is shown, it holds a guard that moves the prompt out of the way before a log
 * line and puts it back after, so a line is never printed onto the prompt's own.
 */
import { writeSync } from 'node:fs';
import { Writable } from 'node:stream';

export interface LogLineGuard {
  /** Just before a log line is written. */
  before(): void;
  /** Just after. */
  after(): void;
}

export class LogLines extends Writable {
  private guard: LogLineGuard | null = null;

  constructor(private readonly fd = 2) {
    super({ decodeStrings: false });
  }

  /** Holds `guard` until the returned release is called. */
  hold(guard: LogLineGuard): () => void {
    this.guard = guard;
    return () => {
      if (this.guard === guard) this.guard = null;
    };
  }

  override _write(chunk: unknown, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    const guard = this.guard;
    try {
      guard?.before();
      if (typeof chunk === 'string') writeSync(this.fd, chunk);
      else writeSync(this.fd, chunk as Uint8Array);
      guard?.after();
      done();
    } catch (error) {
      done(error as Error);
    }
  }
}
