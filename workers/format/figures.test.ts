import { describe, expect, it } from 'vitest';
import { formatConfidence } from './figures.ts';

describe('formatConfidence', () => {
  it('rounds down, so a confidence just under the review threshold never shows as the threshold', () => {
    expect(formatConfidence(0.796)).toBe('79%');
    expect(formatConfidence(0.8)).toBe('80%');
  });

  it('keeps whole percentages whole despite float error, and shows no confidence as a dash', () => {
    expect([0.58, 0.29, 1].map(formatConfidence)).toEqual(['58%', '29%', '100%']);
    expect(formatConfidence(null)).toBe('–');
  });
});
