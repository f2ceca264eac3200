import { describe, expect, it } from 'vitest';
import { classifyWithoutAi } from '../classify/classify.ts';
import type { ExportRow } from '../exports/input.ts';
import { compiledSeed } from '../reference/test/seed.ts';
import { buildDatasetSummary, defaultSettings, type TitleClassification } from '../scoring/index.ts';
import { copilotAllocationContext, copilotPeople } from './people.ts';

const TITLES = ['Finance Director', 'Accounts Assistant', 'Software Developer', 'Customer Service Advisor', 'Warehouse Operative', 'Receptionist'];
const rows: ExportRow[] = Array.from({ length: 30 }, (_, i) => ({
  employeeId: `E${i + 1}`,
  managerEmployeeId: i === 0 ? null : i < 4 ? 'E1' : `E${(i % 3) + 2}`,
  title: TITLES[i % TITLES.length],
  salary: 25_000 + i * 1_000,
  fte: i % 5 === 0 ? 0.5 : 1,
  location: i % 4 === 0 ? ' Leeds ' : null,
  division: null,
}));

describe('Copilot people from the rows', () => {
  const reference = compiledSeed();
  const classifications = new Map<string, TitleClassification>(TITLES.map((t) => [t, classifyWithoutAi(reference, t, { packId: 'general' })]));
  const summary = buildDatasetSummary({ rows, classifications, reference, settings: defaultSettings(reference), packId: 'general', createdAt: '2026-07-01T00:00:00Z', stats: {} });
  // No stored titles: every title reads as the service reads it with AI off, as the summary above was built.
  const people = copilotPeople(rows, [], reference, summary);

  it('gives each person the tier the summary counted', () => {
    const counted = new Map(summary.copilot.byTier.map((t) => [t.key, t.headcount]));
    const tiers = new Map<string, number>();
    for (const p of people) if (p.tier !== null) tiers.set(p.tier, (tiers.get(p.tier) ?? 0) + 1);
    for (const [key, n] of counted) expect(tiers.get(key) ?? 0).toBe(n);
    expect(people.filter((p) => p.tier === null)).toHaveLength(summary.copilot.noTier);
  });

  it('adds up to the summary cost and carries layers, trimmed locations and FTE', () => {
    expect(people.reduce((sum, p) => sum + p.cost, 0)).toBeCloseTo(summary.cost.total, 2);
    expect(people[0]).toMatchObject({ employeeId: 'E1', layer: 1, location: 'Leeds', fte: 0.5 });
    expect(people[1]).toMatchObject({ layer: 2, location: null, fte: 1 });
  });

  it('takes tiers and the moderate augmentation productivity from the pinned version', () => {
    const context = copilotAllocationContext(reference);
    expect(context.tiers.map((t) => t.key)).toEqual(reference.data.copilot.tiers.map((t) => t.key));
    expect(context.augmentationProductivity).toBe(reference.data.scenarios.moderate.augmentationProductivity);
  });
});
