import { describe, expect, it } from 'vitest';
import { diffReference } from './diff.ts';

describe('diffReference', () => {
  it('finds no change between equal documents', () => {
    expect(diffReference({ org: { narrowSpan: 4 } }, { org: { narrowSpan: 4 } })).toEqual([]);
  });

  it('names a changed leaf by its dot path with the value before and after', () => {
    const before = { scenarios: { moderate: { automationRealised: 0.5, augmentationProductivity: 0.2 } } };
    const after = { scenarios: { moderate: { automationRealised: 0.55, augmentationProductivity: 0.2 } } };
    expect(diffReference(before, after)).toEqual([
      { section: 'scenarios', count: 1, changes: [{ path: 'scenarios.moderate.automationRealised', before: 0.5, after: 0.55 }] },
    ]);
  });

  it('reports an array element added at the end by its index', () => {
    const before = { taxonomy: { rules: [{ pattern: 'a' }] } };
    const after = { taxonomy: { rules: [{ pattern: 'a' }, { pattern: 'b' }] } };
    expect(diffReference(before, after)[0]!.changes).toEqual([{ path: 'taxonomy.rules.1', after: { pattern: 'b' } }]);
  });

  it('reports a removed key with only its value before', () => {
    const before = { packs: [{ id: 'retail', lifecycleId: 'shop' }] };
    const after = { packs: [{ id: 'retail' }] };
    expect(diffReference(before, after)[0]!.changes).toEqual([{ path: 'packs.0.lifecycleId', before: 'shop' }]);
  });

  it('counts every change but lists only up to the limit', () => {
    const before = { costs: { a: 1, b: 2, c: 3 } };
    const after = { costs: { a: 9, b: 9, c: 9 } };
    const [section] = diffReference(before, after, 2);
    expect(section!.count).toBe(3);
    expect(section!.changes.map((c) => c.path)).toEqual(['costs.a', 'costs.b']);
  });
});
