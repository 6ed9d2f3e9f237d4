import { describe, expect, it } from 'vitest';
import { runCrashHarness } from './crash-harness';
import { runInstancesCrashHarness } from './instances-crash-harness';
import { libfaketime } from './process-clock';

const serverUrl = process.env.TEST_DATABASE_URL;

// The bounded CI form of `npm run test:crash` (which runs 30 cycles over 30 channels).
describe('crash safety', () => {
  it('delivers every paper to every channel exactly once across SIGKILLs during the fan-out', async () => {
    const report = await runCrashHarness({ cycles: 8, channels: 6, seed: 11 });
    expect(report.killsDuringFanOut).toBeGreaterThan(0);
    expect(report.duplicates).toEqual([]);
    expect(report.missing).toEqual([]);
    expect(report.unexpected).toEqual([]);
    expect(report.delivered).toBe(report.expected);
  }, 180_000);

  it('delivers trending digests exactly once too, beside daily ones, across SIGKILLs during the fan-out', async () => {
    const report = await runCrashHarness({ cycles: 6, channels: 4, seed: 5, trending: true });
    expect(report.killsDuringFanOut).toBeGreaterThan(0);
    expect(report.duplicates).toEqual([]);
    expect(report.missing).toEqual([]);
    expect(report.unexpected).toEqual([]);
    expect(report.delivered).toBe(report.expected);
  }, 180_000);

  // The bots' clock moved with libfaketime (defined only where it is installed: apt-get install faketime);
  // `npm run test:crash -- --midnight local --clock-jumps` runs it long.
  if (libfaketime)
    it('finishes a digest killed at 23:59 after midnight, with the clock jumping, every paper once', async () => {
      const report = await runCrashHarness({
        cycles: 4,
        channels: 4,
        seed: 3,
        midnight: 'local',
        clockJumps: true,
      });
      expect(report.killsBeforeMidnight).toBeGreaterThan(0);
      expect(report.clockJumps).toBeGreaterThan(0);
      expect(report.duplicates).toEqual([]);
      expect(report.missing).toEqual([]);
      expect(report.unexpected).toEqual([]);
      expect(report.delivered).toBe(report.expected);
    }, 180_000);

  // Three instances on a fresh database of the server TEST_DATABASE_URL names (defined only then, so
  // nothing is reported skipped without a server); `npm run test:crash -- --instances 3 --postgres`.
  if (serverUrl)
    it('delivers every digest exactly once with three instances on PostgreSQL, one SIGKILLed each cycle', async () => {
      const report = await runInstancesCrashHarness({
        instances: 3,
        cycles: 6,
        channels: 6,
        seed: 3,
        serverUrl,
      });
      expect(report.killsDuringFanOut).toBeGreaterThan(0);
      expect(report.duplicates).toEqual([]);
      expect(report.missing).toEqual([]);
      expect(report.unexpected).toEqual([]);
      expect(report.delivered).toBe(report.expected);
    }, 240_000);
});
