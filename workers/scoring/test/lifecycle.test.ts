import { describe, expect, it } from 'vitest';
import type { Pack } from '../../../schema/reference/index.ts';
import { summariseLifecycle, wholePeopleByPhase, type RoleTotals } from '../lifecycle.ts';
import { tinyReference } from './fixture.ts';

const reference = tinyReference();
const lifecycles = reference.data.lifecycles;
const general = reference.pack('general')!;
const finance = reference.pack('finance')!;

const totals = (category: string, subcategory: string, headcount: number, cost: number, percentile: number, moderateSaving: number): RoleTotals => ({
  role: reference.role(category, subcategory)!,
  headcount,
  cost,
  percentileSum: percentile * headcount,
  moderateSaving,
});

// Accountants 4 (cost 200,000, p 80, saving 30,000); developers 2 (100,000, p 60, 10,000); drivers 2 (60,000, p 10, 2,000).
const roles = [
  totals('Finance', 'Accountant', 4, 200_000, 80, 30_000),
  totals('Technology', 'Software Developer', 2, 100_000, 60, 10_000),
  totals('Logistics', 'Bus Driver', 2, 60_000, 10, 2_000),
];

describe('value chain (scoring.md §7)', () => {
  it("uses the pack's lifecycle and spreads each role by its weights, else its category's, else evenly as unplaced", () => {
    // front: accountants 0.25 × 4 = 1, drivers 0.5 × 2 = 1 → 2 people, cost 50,000 + 30,000 = 80,000,
    //   exposure (1×80 + 1×10)/2 = 45, saving 7,500 + 1,000 = 8,500.
    // back: accountants 3, developers 2 (Technology category weights back 1), drivers 1 → 6 people,
    //   cost 150,000 + 100,000 + 30,000 = 280,000, exposure (240 + 120 + 10)/6 = 61.67, saving 22,500 + 10,000 + 1,000 = 33,500.
    const chain = summariseLifecycle(lifecycles, finance, roles);
    expect(chain).toEqual({
      id: 'finance-chain',
      label: 'Finance chain',
      chosenBy: 'pack',
      phases: [
        { key: 'front', label: 'Front office', headcount: 2, cost: 80_000, averagePercentile: 45, moderateSaving: 8_500 },
        { key: 'back', label: 'Back office', headcount: 6, cost: 280_000, averagePercentile: 61.67, moderateSaving: 33_500 },
      ],
      unplaced: [{ category: 'Logistics', subcategory: 'Bus Driver', headcount: 2 }],
    });
  });

  it('uses the generic chain by category, else the default phase, when no lifecycle applies', () => {
    // Finance and Technology → support (6 people, 300,000); Logistics → operate (default, 2 people).
    const chain = summariseLifecycle(lifecycles, general, roles);
    expect(chain.id).toBe('generic');
    expect(chain.chosenBy).toBe('default');
    expect(chain.phases.map((p) => [p.key, p.headcount, p.cost])).toEqual([
      ['lead', 0, 0],
      ['support', 6, 300_000],
      ['operate', 2, 60_000],
    ]);
    expect(chain.unplaced).toEqual([]);
  });

  it('chooses the auto lifecycle when its roles cover at least meaningfulShare of headcount', () => {
    // Accountants and developers have weights in finance-chain: 6 of 8 = 0.75 ≥ 0.75.
    const auto = { ...lifecycles, autoLifecycleId: 'finance-chain', meaningfulShare: 0.75 };
    expect(summariseLifecycle(auto, general, roles)).toMatchObject({ id: 'finance-chain', chosenBy: 'auto' });
  });

  it('keeps the generic chain when the auto lifecycle covers less than meaningfulShare', () => {
    const auto = { ...lifecycles, autoLifecycleId: 'finance-chain', meaningfulShare: 0.76 };
    expect(summariseLifecycle(auto, general, roles)).toMatchObject({ id: 'generic', chosenBy: 'default' });
  });

  it('uses the generic chain when the pack names it, even with an auto lifecycle', () => {
    const pack: Pack = { ...general, lifecycleId: 'generic' };
    const auto = { ...lifecycles, autoLifecycleId: 'finance-chain', meaningfulShare: 0 };
    expect(summariseLifecycle(auto, pack, roles)).toMatchObject({ id: 'generic', chosenBy: 'pack' });
  });

  it('scales weights that do not sum to 1 so headcount is kept', () => {
    // Accountant weights 0.2 / 0.6 (sum 0.8) → 0.25 / 0.75 of 4 people.
    const uneven = {
      ...lifecycles,
      defined: [{ ...lifecycles.defined[0], roleWeights: [{ subcategory: 'Accountant', weights: { front: 0.2, back: 0.6 } }] }],
    };
    const chain = summariseLifecycle(uneven, finance, [roles[0]]);
    expect(chain.phases.map((p) => p.headcount)).toEqual([1, 3]);
  });
});

describe('phase headcounts as whole people', () => {
  it('rounds by largest remainder so the phases still add up to the people placed', () => {
    // 527.3 + 300.4 + 172.3 = 1,000: plain rounding gives 527 + 300 + 172 = 999.
    expect(wholePeopleByPhase([527.3, 300.4, 172.3])).toEqual([527, 301, 172]);
  });

  it('gives a tie to the earlier phase and leaves whole counts alone', () => {
    expect(wholePeopleByPhase([0.5, 0.5, 3])).toEqual([1, 0, 3]);
    expect(wholePeopleByPhase([])).toEqual([]);
  });

  it('takes stored two-decimal fractions of a third without losing a person', () => {
    // One person spread over three phases, stored as 0.33 each: rounds to one person, in the first phase.
    expect(wholePeopleByPhase([0.33, 0.33, 0.33])).toEqual([1, 0, 0]);
  });
});
