import { describe, expect, it } from 'vitest';
import { quantileSorted, readBenchmarkSummary, roundToStep } from './benchmarks.ts';

describe('benchmark arithmetic', () => {
  it('rounds half-way cases up at each step', () => {
    expect([24_749.99, 24_750, 25_249.99, 25_250].map((v) => roundToStep(v, 500))).toEqual([24_500, 25_000, 25_000, 25_500]);
    expect([12.49, 12.5, 0.145 * 100].map((v) => roundToStep(v, 1))).toEqual([12, 13, 15]);
    expect([2.24, 2.25, 2.74, 2.75].map((v) => roundToStep(v, 0.5))).toEqual([2, 2.5, 2.5, 3]);
  });
  it('interpolates quartiles between order statistics', () => {
    const six = [1, 2, 3, 4, 5, 6];
    expect([0.25, 0.5, 0.75].map((p) => quantileSorted(six, p))).toEqual([2.25, 3.5, 4.75]);
    expect([0.25, 0.5, 0.75].map((p) => quantileSorted([1, 2, 3, 4, 5], p))).toEqual([2, 3, 4]);
  });
  it('reads a summary lacking a figure as no contribution', () => {
    expect(readBenchmarkSummary({ headcount: 2, cost: { total: 100_000 } })).toBeNull();
  });
});
