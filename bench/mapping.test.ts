import { describe, expect, it } from 'vitest';
import { measureMapping } from './mapping.ts';

describe('the mapping measure', () => {
  it('suggests the right mapping, with no manual change, for at least 12 of the 13 layouts', () => {
    const outcomes = measureMapping();
    expect(outcomes).toHaveLength(13);
    const wrong = outcomes.filter((o) => !o.right).map((o) => [o.name, o.differences]);
    expect(wrong.length, `needing a change: ${JSON.stringify(wrong)}`).toBeLessThanOrEqual(1);
  });
});
