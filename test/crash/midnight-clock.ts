/**
 * The crash harness's calendar around midnight: the bots' clock (libfaketime, see process-clock.ts) set so
 * that odd cycles start at 23:59 and are killed before midnight, and even cycles restart just after it, a
 * day later each pair; the channels' digest is due at 23:59. `local` is America/Los_Angeles (midnight
 * there is 08:00 UTC, so UTC's date does not change), `utc` is UTC's midnight. `jump()` moves the clock of
 * the bots running: across midnight when before it, back two hours when after it.
 */
import { ProcessClock } from './process-clock';

const second = 1000;
const day = 86_400_000;
/** The first midnight: 10 December 2026 (no DST change in Los Angeles for weeks around it). */
const firstMidnight = { local: Date.parse('2026-12-10T08:00:00Z'), utc: Date.parse('2026-12-10T00:00:00Z') };
const zones = { local: 'America/Los_Angeles', utc: 'UTC' } as const;

export class MidnightClock {
  readonly clock: ProcessClock;
  readonly schedule: { time: string; timezone: string };
  killsBeforeMidnight = 0;
  jumps = 0;
  private midnight: number;

  constructor(
    private readonly kind: 'local' | 'utc',
    private readonly random: () => number,
  ) {
    this.midnight = firstMidnight[kind];
    this.clock = new ProcessClock(new Date(this.midnight - 55 * second));
    this.schedule = { time: '23:59', timezone: zones[kind] };
  }

  /** Sets the clock for a cycle's start: odd cycles at 23:59:05–15, even ones at 00:00:25–40 after it. */
  startCycle(cycle: number): void {
    this.midnight = firstMidnight[this.kind] + (Math.ceil(cycle / 2) - 1) * day;
    const at =
      cycle % 2 === 1
        ? this.midnight - (55 - Math.floor(this.random() * 10)) * second
        : this.midnight + (25 + Math.floor(this.random() * 15)) * second;
    this.clock.set(new Date(at));
  }

  /** The running bots' clock jumps: forward across this cycle's midnight, or back two hours after it. */
  jump(): void {
    const now = this.clock.now().getTime();
    this.clock.set(new Date(now < this.midnight ? this.midnight + 20 * second : now - 2 * 3_600_000));
    this.jumps++;
  }

  /** Counts a kill in the last two minutes before midnight. */
  noteKill(): void {
    const now = this.clock.now().getTime();
    if (now < this.midnight && now >= this.midnight - 120 * second) this.killsBeforeMidnight++;
  }

  /** `23:59:12 America/Los_Angeles (07:59:12 UTC)`. */
  describeNow(): string {
    const now = this.clock.now();
    const local = now.toLocaleTimeString('en-GB', { timeZone: this.schedule.timezone, hour12: false });
    return `${local} ${this.schedule.timezone} (${now.toISOString().slice(11, 19)} UTC)`;
  }
}
