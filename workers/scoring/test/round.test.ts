import { describe, expect, it } from 'vitest';
import { medianInPlace, round2, roundMoney, roundShare } from '../round.ts';

describe('rounding of stored figures', () => {
  it('rounds money to pence, half away from zero despite binary representation', () => {
    expect(roundMoney(1.005)).toBe(1.01);
    expect(roundMoney(1384.525)).toBe(1384.53);
    expect(roundMoney(-2.675)).toBe(-2.68);
    expect(roundMoney(19_953.600000000002)).toBe(19_953.6);
  });

  it('rounds shares to four decimals and other figures to two', () => {
    expect(roundShare(1 / 6)).toBe(0.1667);
    expect(round2(61.666666)).toBe(61.67);
  });

  it('never writes -0 or a non-finite number', () => {
    expect(Object.is(roundMoney(-0.001), 0)).toBe(true);
    expect(roundMoney(Number.NaN)).toBe(0);
  });

  it('takes the median as the middle value, or the mean of the two middle values', () => {
    expect(medianInPlace([5, 1, 3])).toBe(3);
    expect(medianInPlace(Float64Array.from([4, 1, 3, 2]))).toBe(2.5);
    expect(medianInPlace([])).toBe(0);
  });
});
