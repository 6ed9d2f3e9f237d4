/** The process-wide arXiv gate waits at most the interval, whatever the clock did since the last request. */
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock';
import { RequestGate } from '../../src/sources/arxiv/arxiv-gate';

describe('the arXiv request gate', () => {
  it('waits the interval after a request, and no longer than that when the clock was set back a day', async () => {
    const gate = new RequestGate();
    const clock = new ManualClock('2026-12-01T09:00:00Z');
    const waits: number[] = [];
    const timers = { sleep: async (ms: number) => void waits.push(ms) };
    await gate.run(async () => 'first', 3000, clock, timers);
    await gate.run(async () => 'second', 3000, clock, timers);
    clock.set('2026-11-30T09:00:00Z');
    await gate.run(async () => 'after the jump', 3000, clock, timers);
    expect(waits).toEqual([3000, 3000]);
  });
});
