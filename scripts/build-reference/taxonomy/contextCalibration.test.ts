import { describe, expect, it } from 'vitest';
import { crossValidatedRidge } from './contextCalibration.ts';

/** Rows of the context model's five inputs drawn from known coefficients, with a fixed pseudo-random sequence. */
function rows(count: number, truth: readonly number[]) {
  let seed = 11;
  const next = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
  return Array.from({ length: count }, () => {
    const x = [1, next() * 4 - 2, -next() * 4, next() < 0.1 ? 1 : 0, next() * 2];
    const p = 1 / (1 + Math.exp(-x.reduce((s, v, j) => s + v * truth[j], 0)));
    return { x, right: next() < p };
  });
}

describe("the context model's ridge, chosen by cross-validation on the development rows", () => {
  it('holds a few hundred rows whose context says nothing close to "the reading\'s own chance is right"', () => {
    expect(crossValidatedRidge(rows(300, [0, 1, 0, 0, 0]))).toBeGreaterThanOrEqual(3);
  });

  it('lets thousands of rows whose context weighs heavily move the coefficients far from it', () => {
    expect(crossValidatedRidge(rows(4000, [1.5, 0.3, 2, -2, -1]))).toBeLessThanOrEqual(1);
  });
});
