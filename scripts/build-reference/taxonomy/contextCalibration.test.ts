import { describe, expect, it } from 'vitest';
import { crossValidatedRidge } from './contextCalibration.ts';
import { logisticFit } from './logisticFit.ts';

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
    const sample = rows(4000, [1.5, 0.3, 2, -2, -1]);
    const ridge = crossValidatedRidge(sample);
    const [, confidence, fit, moved, spread] = logisticFit(sample, { centre: [0, 1, 0, 0, 0], weight: [0, ridge, ridge, ridge, ridge] });
    expect(confidence).toBeLessThan(0.5);
    expect(fit).toBeGreaterThan(1.5);
    expect(moved).toBeLessThan(-1);
    expect(spread).toBeLessThan(-0.5);
  });

  it('holds the heaviest ridge when there are fewer rows than folds, or none', () => {
    expect(crossValidatedRidge([])).toBe(30);
    expect(crossValidatedRidge(rows(3, [0, 1, 0, 0, 0]))).toBe(30);
  });

  it('keeps the heaviest ridge whose held-out loss is within one standard error of the best, not the best alone', () => {
    // Three hundred rows with a faint context effect: the best score picks a light ridge by chance, the rule does not.
    expect(crossValidatedRidge(rows(300, [0.2, 0.9, 0.3, -0.3, 0]))).toBeGreaterThanOrEqual(10);
  });
});
