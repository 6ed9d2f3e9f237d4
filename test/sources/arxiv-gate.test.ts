/**
 * The process-wide arXiv gate measures the rule on its own monotonic timer, never on the bot's clock: a
 * clock that jumps (a laptop waking, a test's manual clock) neither opens the gate early nor holds it.
 */
import { describe, expect, it } from 'vitest';
import { type GateTimers, RequestGate } from '../../src/sources/arxiv/arxiv-gate';

function fakeTimers(): GateTimers & { waits: number[]; pass(ms: number): void } {
  let now = 0;
  const waits: number[] = [];
  return {
    waits,
    now: () => now,
    sleep: async (ms) => {
      waits.push(ms);
      now += ms;
    },
    pass: (ms) => {
      now += ms;
    },
  };
}

describe('the arXiv request gate', () => {
  it('waits what is left of the interval after the previous request finished, and nothing once it passed', async () => {
    const gate = new RequestGate();
    const timers = fakeTimers();
    await gate.run(async () => 'first', 3000, timers);
    await gate.run(async () => 'second, at once', 3000, timers);
    await gate.run(async () => timers.pass(1000), 3000, timers);
    timers.pass(500);
    await gate.run(async () => 'half a second after the third ended', 3000, timers);
    timers.pass(5000);
    await gate.run(async () => 'long after', 3000, timers);
    expect(timers.waits).toEqual([3000, 3000, 2500]);
  });

  it("never waits longer than the interval, whatever another source's timer reads", async () => {
    const gate = new RequestGate();
    const ahead = fakeTimers();
    ahead.pass(86_400_000);
    const behind = fakeTimers();
    await gate.run(async () => 'a day ahead', 3000, ahead);
    await gate.run(async () => 'on a timer a day behind', 3000, behind);
    expect(behind.waits).toEqual([3000]);
  });

  it('lets the next request through after one that failed, still spaced by the interval', async () => {
    const gate = new RequestGate();
    const timers = fakeTimers();
    await expect(gate.run(() => Promise.reject(new Error('503')), 3000, timers)).rejects.toThrow('503');
    await gate.run(async () => 'after the failure', 3000, timers);
    expect(timers.waits).toEqual([3000]);
  });
});
