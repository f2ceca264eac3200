import { describe, expect, it } from 'vitest';
import { logisticFit } from './logisticFit.ts';

describe('the logistic fit that calibrates the coder on labelled staff titles and rows', () => {
  it('recovers the coefficients rows were drawn from', () => {
    // A fixed pseudo-random sequence, so the test reads the same rows every run.
    let seed = 7;
    const next = () => ((seed = (seed * 48271) % 2147483647) / 2147483647);
    const truth = [0.5, 1.2, 0.8];
    const samples = Array.from({ length: 4000 }, () => {
      const x = [1, next() * 6 - 3, -next() * 4];
      const p = 1 / (1 + Math.exp(-x.reduce((s, v, j) => s + v * truth[j], 0)));
      return { x, right: next() < p };
    });
    const w = logisticFit(samples, { centre: [0, 0, 0], weight: [0, 0.5, 0.5] });
    w.forEach((v, j) => expect(v).toBeCloseTo(truth[j], 0));
  });

  it('stays at its prior without samples', () => {
    expect(logisticFit([], { centre: [0, 1], weight: [2, 2] })).toEqual([0, 1]);
  });
});
