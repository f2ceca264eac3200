import { describe, expect, it } from 'vitest';
import { HOLDOUT_PERCENT, isHeldOut, titleHash } from './holdout.ts';

describe('holdout split', () => {
  it('hashes with 32-bit FNV-1a', () => {
    expect(titleHash('')).toBe(0x811c9dc5);
    expect(titleHash('a')).toBe(0xe40c292c);
    expect(titleHash('payroll clerk')).toBe(6871779);
  });

  it('holds out a title by its normalised form alone, the same way every time', () => {
    expect(isHeldOut('payroll clerk')).toBe(titleHash('payroll clerk') % 100 < HOLDOUT_PERCENT);
    expect(isHeldOut('software engineer')).toBe(isHeldOut('software engineer'));
  });

  it('holds out about a fifth of titles', () => {
    const titles = Array.from({ length: 20_000 }, (_, i) => `title number ${i}`);
    const share = titles.filter(isHeldOut).length / titles.length;
    expect(share).toBeGreaterThan(0.19);
    expect(share).toBeLessThan(0.21);
  });
});
