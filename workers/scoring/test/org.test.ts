import { describe, expect, it } from 'vitest';
import { hasReportingLines, isUnprintableReference, linkedPeople, rowLayers, spansAndLayers, type OrgRow } from '../org.ts';
import type { OrganisationSummary } from '../../../schema/datasetSummary.ts';
import { tinyReference } from './fixture.ts';

// The fixture's org policy: narrow below 2 direct reports, wide above 3.
const reference = tinyReference();
const r = (employeeId: string, managerEmployeeId: string | null = null): OrgRow => ({ employeeId, managerEmployeeId });

describe('spans and layers (scoring.md §6)', () => {
  it('layers a tree from its roots and counts spans', () => {
    // A (root) → B, C, D, E; B → F; C → G, H. Layers: 1: A; 2: B C D E; 3: F G H.
    // Spans: A 4 (wide, > 3), B 1 (narrow, < 2, single), C 2. Average 7/3 = 2.33, median 2.
    const org = spansAndLayers([r('A'), r('B', 'A'), r('C', 'A'), r('D', 'A'), r('E', 'A'), r('F', 'B'), r('G', 'C'), r('H', 'C')], reference);
    expect(org).toMatchObject({
      people: 8,
      roots: 1,
      layerCount: 3,
      headcountByLayer: [1, 4, 3],
      managers: 3,
      averageSpan: 2.33,
      medianSpan: 2,
      narrowManagers: 1,
      wideManagers: 1,
      singleReportManagers: 1,
      unresolved: 0,
      disconnected: 0,
      missingManagers: [],
    });
  });

  it('treats a manager reference not in the list as unresolved and its whole chain as disconnected', () => {
    // B → X (missing); C → B. Both disconnected, only B unresolved.
    const org = spansAndLayers([r('A'), r('B', 'X'), r('C', 'B')], reference);
    expect(org).toMatchObject({ unresolved: 1, disconnected: 2, headcountByLayer: [1], missingManagers: [{ label: 'X', rows: 1 }] });
  });

  it('treats an unmatched-manager stand-in as unresolved and disconnected', () => {
    const org = spansAndLayers([r('A'), r('B', 'unmatched-manager-1'), r('C', 'unmatched-manager-1')], reference);
    expect(org).toMatchObject({ unresolved: 2, disconnected: 2, missingManagers: [{ label: 'unmatched-manager-1', rows: 2 }] });
  });

  it('marks a cycle and every chain running into it as disconnected', () => {
    // A → B → C → A is a cycle; D → A runs into it; E is a root with F under it.
    const org = spansAndLayers([r('A', 'B'), r('B', 'C'), r('C', 'A'), r('D', 'A'), r('E'), r('F', 'E')], reference);
    expect(org).toMatchObject({ disconnected: 4, unresolved: 0, roots: 1, layerCount: 2, headcountByLayer: [1, 1] });
  });

  it('still counts the direct reports of managers inside a cycle', () => {
    // A ↔ B, and D → A: A has reports B and D, B has report A.
    const org = spansAndLayers([r('A', 'B'), r('B', 'A'), r('D', 'A')], reference);
    expect(org).toMatchObject({ managers: 2, averageSpan: 1.5, disconnected: 3 });
  });

  it('treats a row naming itself as manager as a root', () => {
    const org = spansAndLayers([r('A', 'A'), r('B', 'A')], reference);
    expect(org).toMatchObject({ roots: 1, disconnected: 0, headcountByLayer: [1, 1], managers: 1, averageSpan: 1 });
  });

  it('treats an empty or blank manager reference as no manager', () => {
    expect(spansAndLayers([r('A', ''), r('B', '  ')], reference)).toMatchObject({ roots: 2, unresolved: 0, missingManagers: [] });
  });

  it('lets the first row of a duplicated employee ID stand for it and counts the duplicates', () => {
    // The second A (under B) would make a cycle; it is ignored, so A stays the root.
    const org = spansAndLayers([r('A'), r('B', 'A'), r('A', 'B'), r('B', null)], reference);
    expect(org).toMatchObject({ people: 2, duplicateEmployeeIds: 2, roots: 1, disconnected: 0, headcountByLayer: [1, 1] });
  });

  it('prints unprintable missing references as numbered labels in order of first appearance', () => {
    const long = 'M'.repeat(41);
    const org = spansAndLayers(
      [r('A', 'boss@example.com'), r('B', 'Jane Smith'), r('C', 'OK-1'), r('D', long), r('E', 'boss@example.com'), r('F', 'Ｍ＠x'), r('G', 'M'.repeat(40))],
      reference,
    );
    expect(org.missingManagers).toEqual([
      { label: 'Unrecognised manager reference (#1)', rows: 2 },
      { label: 'Unrecognised manager reference (#2)', rows: 1 },
      { label: 'OK-1', rows: 1 },
      { label: 'Unrecognised manager reference (#3)', rows: 1 },
      { label: 'Unrecognised manager reference (#4)', rows: 1 },
      { label: 'M'.repeat(40), rows: 1 },
    ]);
    expect(JSON.stringify(org)).not.toMatch(/example|Jane|＠/);
  });

  it('refuses to print references with @ (after NFKC), whitespace, control characters or over 40 characters', () => {
    expect(isUnprintableReference('a@b')).toBe(true);
    expect(isUnprintableReference('a\uFF20b')).toBe(true);
    expect(isUnprintableReference('a\tb')).toBe(true);
    expect(isUnprintableReference('a\u0000b')).toBe(true);
    expect(isUnprintableReference('x'.repeat(41))).toBe(true);
    expect(isUnprintableReference('x'.repeat(40))).toBe(false);
    expect(isUnprintableReference('EMP-00123')).toBe(false);
  });

  it('walks a 50,000-deep chain without recursion, in linear time', () => {
    const rows: OrgRow[] = [r('e0')];
    for (let i = 1; i < 50_000; i++) rows.push(r(`e${i}`, `e${i - 1}`));
    // Reverse so every walk starts at the bottom of the chain, the worst case for a naive walk.
    rows.reverse();
    const started = performance.now();
    const org = spansAndLayers(rows, reference);
    const seconds = (performance.now() - started) / 1000;
    expect(org.layerCount).toBe(50_000);
    expect(org.headcountByLayer.every((n) => n === 1)).toBe(true);
    expect(org).toMatchObject({ managers: 49_999, singleReportManagers: 49_999, disconnected: 0 });
    expect(seconds).toBeLessThan(1);
  });

  it('marks a 50,000-long cycle disconnected without recursion', () => {
    const rows: OrgRow[] = [];
    for (let i = 0; i < 50_000; i++) rows.push(r(`e${i}`, `e${(i + 1) % 50_000}`));
    expect(spansAndLayers(rows, reference)).toMatchObject({ disconnected: 50_000, layerCount: 0, roots: 0 });
  });

  it('reports zeros for an empty list', () => {
    expect(spansAndLayers([], reference)).toMatchObject({ people: 0, layerCount: 0, managers: 0, averageSpan: 0, medianSpan: 0 });
  });
});

describe('reporting lines: at least half of the people linked to the top through managers in the list', () => {
  const star = (n: number, managerOf: (i: number) => string | null) => Array.from({ length: n }, (_, i) => r(`E${i}`, i === 0 ? null : managerOf(i)));

  it('has none when no one names a manager', () => {
    expect(spansAndLayers(star(5, () => null), reference)).toMatchObject({ linked: 0, reportingLines: false, roots: 5 });
  });

  it('has them when exactly half of the people are linked', () => {
    // E1 to E3 report to E0; E4 and E5 name a manager not in the list: 3 of 6 linked.
    const rows = star(6, (i) => (i <= 3 ? 'E0' : 'GONE'));
    expect(spansAndLayers(rows, reference)).toMatchObject({ people: 6, linked: 3, reportingLines: true });
  });

  it('has none when just under half of the people are linked', () => {
    // E1 and E2 report to E0; E3 to E6 name a manager not in the list: 2 of 7 linked.
    const rows = star(7, (i) => (i <= 2 ? 'E0' : 'GONE'));
    expect(spansAndLayers(rows, reference)).toMatchObject({ people: 7, linked: 2, unresolved: 4, reportingLines: false });
  });

  it('does not count the people of a cycle as linked', () => {
    // A ↔ B and C → A: three people, none reaching a root.
    expect(spansAndLayers([r('A', 'B'), r('B', 'A'), r('C', 'A'), r('D')], reference)).toMatchObject({ linked: 0, reportingLines: false });
  });

  it('has none in an empty list or a list of one', () => {
    expect(spansAndLayers([], reference).reportingLines).toBe(false);
    expect(spansAndLayers([r('A')], reference).reportingLines).toBe(false);
  });
});

describe('reporting lines of a stored summary', () => {
  const stored = (o: Partial<OrganisationSummary>): OrganisationSummary => ({
    people: 10, roots: 1, layerCount: 2, headcountByLayer: [1, 9], managers: 1, averageSpan: 9, medianSpan: 9, narrowSpan: 2, wideSpan: 3,
    narrowManagers: 0, wideManagers: 1, singleReportManagers: 0, unresolved: 0, disconnected: 0, missingManagerReferences: 0, ...o,
  });

  it('reads the stored flag and count', () => {
    expect(hasReportingLines(stored({ reportingLines: false, linked: 0 }))).toBe(false);
    expect(linkedPeople(stored({ reportingLines: true, linked: 7 }))).toBe(7);
  });

  it('judges a summary stored before the flag by its layers: one flat layer of everybody has none', () => {
    const flat = stored({ people: 31_133, roots: 31_133, layerCount: 1, headcountByLayer: [31_133], managers: 0, averageSpan: 0, medianSpan: 0 });
    expect(linkedPeople(flat)).toBe(0);
    expect(hasReportingLines(flat)).toBe(false);
  });

  it('judges a summary stored before the flag with a tree as having reporting lines', () => {
    expect(linkedPeople(stored({}))).toBe(9);
    expect(hasReportingLines(stored({}))).toBe(true);
  });
});

describe('rowLayers', () => {
  it('gives each row its layer, a repeated ID the layer of its first row, and null to the disconnected', () => {
    const rows = [
      { employeeId: 'A', managerEmployeeId: null },
      { employeeId: 'B', managerEmployeeId: 'A' },
      { employeeId: 'C', managerEmployeeId: 'B' },
      { employeeId: 'D', managerEmployeeId: 'missing' },
      { employeeId: 'E', managerEmployeeId: 'D' },
      { employeeId: 'B', managerEmployeeId: 'C' },
    ];
    expect(rowLayers(rows)).toEqual([1, 2, 3, null, null, 2]);
  });
});
