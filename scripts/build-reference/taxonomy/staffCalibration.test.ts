import { describe, expect, it } from 'vitest';
import { fitRecalibration } from './staffCalibration.ts';

const samples = (confidence: number, right: number, wrong: number) => [
  ...Array.from({ length: right }, () => ({ confidence, right: true })),
  ...Array.from({ length: wrong }, () => ({ confidence, right: false })),
];
const recalibrated = ({ a, b }: { a: number; b: number }, c: number) => 1 / (1 + Math.exp(-(a + b * Math.log(c / (1 - c)))));

describe('staff-title recalibration of the coder confidence', () => {
  it('leaves the index-title calibration as it is when no staff title took the path', () => {
    expect(fitRecalibration([])).toEqual({ a: 0, b: 1 });
  });

  it('raises the confidence of a path right more often on staff titles than its index-title confidence says', () => {
    const fit = fitRecalibration(samples(0.6, 90, 10));
    expect(recalibrated(fit, 0.6)).toBeGreaterThan(0.8);
  });

  it('lowers the confidence of a path right less often than it says', () => {
    const fit = fitRecalibration(samples(0.8, 40, 60));
    expect(recalibrated(fit, 0.8)).toBeLessThan(0.55);
  });

  it('moves a path the staff titles hold a few of less than one they hold many of', () => {
    const few = recalibrated(fitRecalibration(samples(0.6, 5, 0)), 0.6);
    const many = recalibrated(fitRecalibration(samples(0.6, 100, 0)), 0.6);
    expect(few).toBeGreaterThan(0.6);
    expect(many).toBeGreaterThan(few);
  });

  it('keeps confidence rising with the index-title confidence even when the staff titles rank them the other way', () => {
    const fit = fitRecalibration([...samples(0.3, 30, 0), ...samples(0.9, 0, 30)]);
    expect(fit.b).toBeGreaterThan(0);
    expect(recalibrated(fit, 0.9)).toBeGreaterThan(recalibrated(fit, 0.3));
  });
});
