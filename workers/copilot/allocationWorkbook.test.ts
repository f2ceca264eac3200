import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { CopilotPlanConfig } from '../../schema/copilotPlan.ts';
import { allocateLicences, type CopilotPerson } from './allocation.ts';
import { ALLOCATION_SHEETS, buildAllocationWorkbook } from './allocationWorkbook.ts';

const CONFIG: CopilotPlanConfig = {
  licenceCount: 2, pricePerLicencePerMonth: 25, currency: 'GBP', licensedTiers: ['high', 'medium'], horizons: ['now', 'near', 'later'],
  pilotGroups: [], termMonths: 12, weeklyHours: 37.5, adoptionPercent: 80,
};
const CONTEXT = { tiers: [{ key: 'high', label: 'High' }, { key: 'medium', label: 'Medium' }, { key: 'low', label: 'Low' }, { key: 'minimal', label: 'Minimal' }], augmentationProductivity: 0.3 };
const person = (employeeId: string, tier: string, percentile: number): CopilotPerson => ({
  employeeId, tier, percentile, horizon: 'now', category: 'Finance', subcategory: 'Accountant', layer: 2, location: 'Leeds', fte: 1, cost: 50_000, augmentationShare: 0.4,
});
const allocation = allocateLicences([person('0042', 'medium', 90), person('E7', 'high', 20), person('E9', 'high', 60)], CONFIG, CONTEXT);

async function read(bytes: ArrayBuffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes);
  return workbook;
}
// getSheetValues is sparse (a blank row is a hole): Array.from visits the holes too.
const values = (sheet: ExcelJS.Worksheet) => Array.from(sheet.getSheetValues().slice(1), (row) => (Array.isArray(row) ? row.slice(1) : []));

describe('Copilot allocation workbook', () => {
  const base = { planName: 'Finance pilot', datasetName: 'Staff list', generatedAt: '2026-11-24T10:00:00.000Z', referenceVersion: 1, currency: 'GBP', allocation };

  it('reads back with the licensed people by employee ID in rank order, and the waiting list', async () => {
    const workbook = await read(await buildAllocationWorkbook(base));
    expect(workbook.worksheets.map((s) => s.name)).toEqual([...ALLOCATION_SHEETS]);
    const [header, ...rows] = values(workbook.getWorksheet('Allocation')!);
    expect(header.slice(0, 3)).toEqual(['Rank', 'Employee ID', 'Copilot tier']);
    expect(rows.map((r) => r.slice(0, 3))).toEqual([[1, 'E9', 'High'], [2, 'E7', 'High']]);
    expect(rows[0][10]).toBeCloseTo(allocation.allocation[0].hoursPerMonth, 10);
    expect(values(workbook.getWorksheet('Waiting list')!).slice(1).map((r) => r.slice(0, 2))).toEqual([[3, '0042']]);
  });

  it('holds no name or email column without a reveal, and says so', async () => {
    const workbook = await read(await buildAllocationWorkbook(base));
    expect(values(workbook.getWorksheet('Allocation')!)[0]).not.toContain('Name');
    expect(values(workbook.getWorksheet('Allocation')!)[0]).not.toContain('Email');
    const plan = values(workbook.getWorksheet('Plan')!);
    expect(plan).toContainEqual(['Names and emails', 'Not included (employee IDs only)']);
  });

  it('puts the plan figures on the first sheet: licences, cost and hours', async () => {
    const plan = values((await read(await buildAllocationWorkbook(base))).getWorksheet('Plan')!);
    expect(plan).toContainEqual(['Licences bought', 2]);
    expect(plan).toContainEqual(['People licensed', 2]);
    expect(plan).toContainEqual(['A month', 50]);
    expect(plan).toContainEqual(['A year', 600]);
    expect(plan.find((r) => r[0] === 'Over the term (12 months)')).toEqual(['Over the term (12 months)', 600]);
  });

  it('states the employer cost of the hours released in the list’s currency', async () => {
    const plan = values((await read(await buildAllocationWorkbook({ ...base, currency: 'USD' }))).getWorksheet('Plan')!);
    expect(plan.find((r) => r[0] === 'Employer cost of those hours a year (USD)')?.[1]).toBeCloseTo(allocation.valueOfHoursPerYear, 6);
  });

  it('adds names and emails beside the employee IDs when revealed identities are passed', async () => {
    const identities = new Map([
      ['E9', { name: 'Nia Nine', email: 'nia@example.com' }],
      ['E7', { name: 'Sam Seven', email: null }],
    ]);
    const workbook = await read(await buildAllocationWorkbook({ ...base, identities }));
    const [header, ...rows] = values(workbook.getWorksheet('Allocation')!);
    expect(header.slice(0, 4)).toEqual(['Rank', 'Employee ID', 'Name', 'Email']);
    expect(rows.map((r) => r.slice(1, 4))).toEqual([['E9', 'Nia Nine', 'nia@example.com'], ['E7', 'Sam Seven', undefined]]);
  });

  it('lists the breakdowns by tier, category, layer and location', async () => {
    const rows = values((await read(await buildAllocationWorkbook(base))).getWorksheet('Breakdowns')!);
    expect(rows).toContainEqual(['By Copilot tier']);
    expect(rows).toContainEqual(['High', 2, 2]);
    expect(rows).toContainEqual(['Medium', 1, 0]);
    expect(rows).toContainEqual(['Layer 2', 3, 2]);
  });
});
