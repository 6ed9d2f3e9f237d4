/** The tick period (TICK_SECONDS): node-cron's expression for it, and the key all instances give a tick. */
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/app/config';
import { tickExpression, tickKeyOf } from '../../src/app/scheduler';

describe('the tick period', () => {
  it('keys a tick by its start, floored to the period, so every instance names it alike', () => {
    const at = new Date('2024-10-26T09:00:47.250Z');
    expect(tickKeyOf(at, 60_000)).toBe('2024-10-26T09:00:00.000Z');
    expect(tickKeyOf(at, 15_000)).toBe('2024-10-26T09:00:45.000Z');
    expect(tickKeyOf(new Date('2024-10-26T09:00:44.999Z'), 15_000)).toBe('2024-10-26T09:00:30.000Z');
  });

  it('ticks on the minute by default and with a seconds field below it', () => {
    expect(tickExpression(60)).toBe('* * * * *');
    expect(tickExpression(5)).toBe('*/5 * * * * *');
  });

  it('reads TICK_SECONDS and JOB_LEASE_SECONDS, refusing a period that does not divide the minute', () => {
    expect(parseConfig({})).toMatchObject({ TICK_SECONDS: 60, JOB_LEASE_SECONDS: 30 });
    expect(parseConfig({ TICK_SECONDS: '5', JOB_LEASE_SECONDS: '3' })).toMatchObject({
      TICK_SECONDS: 5,
      JOB_LEASE_SECONDS: 3,
    });
    expect(() => parseConfig({ TICK_SECONDS: '7' })).toThrow(
      /TICK_SECONDS is "7": expected a number of seconds that divides the minute/,
    );
    expect(() => parseConfig({ JOB_LEASE_SECONDS: '0' })).toThrow(/JOB_LEASE_SECONDS/);
  });
});
