/**
 * The bots' wall clock, moved from outside with libfaketime (Debian package `faketime`): every bot process
 * started with `env` reads its time as the real time plus an offset this harness writes to a file, read
 * again on every call, so all instances agree on the time and a jump reaches processes already running.
 * Only the wall clock moves: the monotonic clock (timers, timeouts) stays real, as on a host whose clock
 * NTP corrects or an operator sets.
 */
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Where Debian and Ubuntu (and a local build) put the library; null when it is not installed. */
export const libfaketime =
  [
    '/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1',
    '/usr/lib/aarch64-linux-gnu/faketime/libfaketime.so.1',
    '/usr/lib/faketime/libfaketime.so.1',
    '/usr/local/lib/faketime/libfaketime.so.1',
  ].find((path) => existsSync(path)) ?? null;

export class ProcessClock {
  private offsetMs = 0;
  private readonly file = join(mkdtempSync(join(tmpdir(), 'paperboy-clock-')), 'faketime');
  /** The environment that puts a bot process on this clock. */
  readonly env: Record<string, string>;

  constructor(start: Date) {
    if (!libfaketime)
      throw new Error(
        'libfaketime is not installed (apt-get install faketime): the bots’ clock cannot be moved',
      );
    this.env = {
      LD_PRELOAD: libfaketime,
      FAKETIME_TIMESTAMP_FILE: this.file,
      FAKETIME_NO_CACHE: '1',
      FAKETIME_DONT_FAKE_MONOTONIC: '1',
      FAKETIME_DONT_RESET: '1',
    };
    this.set(start);
  }

  /** The bots' time now. */
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  /** Moves the bots' clock to `at` (running bots jump there at once). */
  set(at: Date): void {
    this.offsetMs = at.getTime() - Date.now();
    const seconds = (this.offsetMs / 1000).toFixed(3);
    writeFileSync(this.file, `${this.offsetMs >= 0 ? '+' : ''}${seconds}\n`);
  }
}
