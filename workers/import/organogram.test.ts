// The import worker on the real UK organograms of ../shared/data/staff-lists (see its PROVENANCE.md), read as
// CSV and as XLSX made from them here: the suggested mapping and the figures shown before upload.
import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { mappingCases, readStaffList, STAFF_LISTS } from '../../bench/mappingLayouts.ts';
import { SpreadsheetImport } from './importer.ts';
import type { ColumnMapping } from './mapping.ts';

const EA_SENIOR = 'uk-organogram-environment_agency-2011-09-30-senior.csv';
const EA_JUNIOR = 'uk-organogram-environment_agency-2011-09-30-junior.csv';
const DFT_SENIOR = 'uk-organogram-department_for_transport-2011-09-30-senior.csv';
const DFT_JUNIOR = 'uk-organogram-department_for_transport-2011-09-30-junior.csv';

const csvBlob = (file: string) => new Blob([fs.readFileSync(path.join(STAFF_LISTS, file))]);

/** The CSV saved as a workbook, numbers as numbers, as a consultant's Excel would keep them. */
async function xlsxBlob(file: string, columns?: string[]): Promise<Blob> {
  const rows = readStaffList(file);
  const keep = columns ? columns.map((h) => rows[0]!.indexOf(h)) : rows[0]!.map((_, i) => i);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Organogram');
  for (const [i, row] of rows.entries()) {
    sheet.addRow(keep.map((c) => (i > 0 && /^\d+(\.\d+)?$/.test(row[c] ?? '') ? Number(row[c]) : (row[c] ?? ''))));
  }
  return new Blob([await workbook.xlsx.writeBuffer()]);
}

/** The suggested mapping as heading per field. */
function byHeading(headers: string[], mapping: ColumnMapping): Record<string, string> {
  return Object.fromEntries(Object.entries(mapping.fields).map(([field, column]) => [field, headers[column]!]));
}

const SENIOR_MAPPING = {
  title: 'Job Title',
  employeeId: 'Post Unique Reference',
  managerEmployeeId: 'Reports to Senior Post',
  salary: 'Actual Pay Floor (£)',
  salaryCeiling: 'Actual Pay Ceiling (£)',
  fte: 'FTE',
  division: 'Unit',
  organisation: 'Organisation',
  grade: 'Grade (or equivalent)',
  group: 'Professional/Occupational Group',
};

async function opened(...files: Blob[]) {
  const session = new SpreadsheetImport();
  const { view } = await session.open(files[0]!, 'senior.csv');
  const starts = [session.initialMapping(null)];
  const views = [view];
  for (const file of files.slice(1)) {
    const added = await session.addFile(file, 'junior.csv');
    views.push(added.view);
    starts.push(session.initialMapping(null, added.part));
  }
  return { session, views, starts, mappings: starts.map((s) => s.mapping) };
}

describe('the Environment Agency senior organogram', () => {
  it('is recognised as a UK organogram and mapped with no manual change (CSV)', async () => {
    const { views, starts } = await opened(csvBlob(EA_SENIOR));
    expect(starts[0]!.layout?.name).toBe('UK government organogram, senior posts');
    expect(byHeading(views[0]!.headers, starts[0]!.mapping)).toEqual(SENIOR_MAPPING);
    // What the coder reads beside the title is mapped as fields, so none of it is left to tick as a grouping.
    expect(starts[0]!.mapping.groupings).toEqual([]);
  });

  it('carries each post’s unit, organisation, grade and professional group into its row', async () => {
    const { session, mappings } = await opened(csvBlob(EA_SENIOR));
    expect(session.build(mappings).rows.find((r) => r.employeeId === 'HO_FIN1018v2')).toMatchObject({
      division: 'Head Office - Finance - Financial Service Centre - Head of Financial Development',
      organisation: 'Environment Agency',
      grade: 'SCS1',
      group: 'Finance',
    });
  });

  it('is mapped the same way from an XLSX made from the CSV', async () => {
    const { views, starts } = await opened(await xlsxBlob(EA_SENIOR));
    expect(starts[0]!.layout?.id).toBe('uk-organogram-senior');
    expect(byHeading(views[0]!.headers, starts[0]!.mapping)).toEqual(SENIOR_MAPPING);
  });

  it('says why Post Unique Reference is the Employee ID: every Reports to Senior Post value is in it', async () => {
    const { starts } = await opened(csvBlob(EA_SENIOR));
    expect(starts[0]!.reasons.employeeId).toContain('100% of “Reports to Senior Post” values are in this column.');
  });

  it('shows before upload: 152 of 152 manager references resolve, one top (XX), five layers, no loops or duplicates', async () => {
    const { session, mappings } = await opened(csvBlob(EA_SENIOR));
    expect(session.check(mappings).checks).toMatchObject({
      people: 153, managerReferences: 152, resolvedReferences: 152, roots: 1, topMarkers: 1, layers: 5, inLoops: 0, duplicateIds: 0,
    });
  });

  it('prices posts at their pay band midpoint and counts the 116 undisclosed bands (0) as without salary', async () => {
    const { session, mappings } = await opened(csvBlob(EA_SENIOR));
    const { checks } = session.check(mappings);
    expect([checks.salaryFromBand, checks.salaryMissing]).toEqual([37, 116]);
    expect(checks.warnings.map((w) => w.message)).toEqual([
      '116 people (76% of those uploaded) have no salary (blank, not an amount, or a pay band of 0: not disclosed); they will be priced at the market rate for their occupation.',
    ]);
    const rows = session.build(mappings).rows;
    expect(rows.find((r) => r.employeeId === 'SW_RA1000v4')).toMatchObject({ salary: 107499.5, fte: 1, managerEmployeeId: 'HO_NHO000v2', title: 'Director, SW' });
    expect(rows.find((r) => r.employeeId === 'HO_CED001')).toMatchObject({ managerEmployeeId: null, salary: 192499.5 });
  });

  it('maps the issue’s eight-column XLSX (no pay ceiling) with no manual change and takes the floor as the salary', async () => {
    const columns = ['Post Unique Reference', 'Name', 'Grade (or equivalent)', 'Job Title', 'Unit', 'Reports to Senior Post', 'FTE', 'Actual Pay Floor (£)'];
    const { session, views, mappings } = await opened(await xlsxBlob(EA_SENIOR, columns));
    expect(byHeading(views[0]!.headers, mappings[0]!)).toEqual({
      title: 'Job Title', employeeId: 'Post Unique Reference', managerEmployeeId: 'Reports to Senior Post', salary: 'Actual Pay Floor (£)', fte: 'FTE',
      division: 'Unit', grade: 'Grade (or equivalent)',
    });
    const { checks } = session.check(mappings);
    expect([checks.resolvedReferences, checks.layers, checks.salaryMissing]).toEqual([152, 5, 116]);
    expect(session.build(mappings).rows.find((r) => r.employeeId === 'SW_RA1000v4')?.salary).toBe(105000);
  });
});

describe('the Environment Agency senior and junior organograms imported together', () => {
  it('suggests the junior file’s unit, organisation, grade and professional group, and carries them into its posts', async () => {
    const { session, views, mappings } = await opened(csvBlob(EA_SENIOR), csvBlob(EA_JUNIOR));
    expect(byHeading(views[1]!.headers, mappings[1]!)).toMatchObject({
      division: 'Unit', organisation: 'Organisation', grade: 'Grade', group: 'Professional/Occupational Group',
    });
    const posts = session.build(mappings).rows.filter((r) => r.title === 'Business Support Officer' && r.managerEmployeeId === 'AN_REP1000v2');
    expect(posts[0]).toMatchObject({ organisation: 'Environment Agency', grade: expect.stringMatching(/\S/), group: expect.stringMatching(/\S/), division: expect.stringMatching(/^Anglian/) });
  });

  it('recognises the junior file and names the pair as one organisation', async () => {
    const { session, starts, mappings } = await opened(csvBlob(EA_SENIOR), csvBlob(EA_JUNIOR));
    expect(starts[1]!.layout?.name).toBe('UK government organogram, junior posts');
    expect(starts[1]!.mapping.reading?.fte).toBe('posts');
    expect(session.check(mappings).combined).toBe(
      'Senior and junior organogram files of Environment Agency, combined into one tree: junior posts report to their senior posts.',
    );
  });

  it('gives one tree of 12,947 posts: 153 senior and 12,794 junior posts, six layers, every reference resolved', async () => {
    const { session, mappings } = await opened(csvBlob(EA_SENIOR), csvBlob(EA_JUNIOR));
    const { checks, rowsToUpload, partIssues } = session.check(mappings);
    expect(partIssues).toEqual([[], []]);
    expect(rowsToUpload).toBe(12_947);
    expect(checks).toMatchObject({ people: 12_947, postsFromGroups: 12_794, resolvedReferences: 12_946, managerReferences: 12_946, roots: 1, layers: 6 });
  });

  it('gives the same 12,947 posts from both files saved as XLSX', async () => {
    const { session, mappings } = await opened(await xlsxBlob(EA_SENIOR), await xlsxBlob(EA_JUNIOR));
    expect(session.check(mappings)).toMatchObject({ rowsToUpload: 12_947, checks: { resolvedReferences: 12_946, layers: 6, salaryMissing: 185 } });
  });

  it('counts the 69 junior posts on an undisclosed pay scale (ns) as without salary, beside the 116 senior ones', async () => {
    const { session, mappings } = await opened(csvBlob(EA_SENIOR), csvBlob(EA_JUNIOR));
    expect(session.check(mappings).checks.salaryMissing).toBe(116 + 69);
  });

  it('splits a junior row of 2.6 FTE into posts of 1, 1 and 0.6 under its senior post, paid the scale midpoint', async () => {
    const { session, mappings } = await opened(csvBlob(EA_SENIOR), csvBlob(EA_JUNIOR));
    const posts = session.build(mappings).rows.filter((r) => r.title === 'Business Support Officer' && r.managerEmployeeId === 'AN_REP1000v2');
    expect(posts.map((p) => [p.employeeId, p.fte, p.salary])).toEqual([
      ['AN_REP1000v2-J2', 1, 18500],
      ['AN_REP1000v2-J3', 1, 18500],
      ['AN_REP1000v2-J4', 0.6, 18500],
    ]);
  });

  it('warns, when the junior file is imported alone, that its reporting lines will not resolve', async () => {
    const { session, mappings } = await opened(csvBlob(EA_JUNIOR));
    const { checks } = session.check(mappings);
    expect(checks.resolvedReferences).toBe(0);
    expect(checks.warnings[0]!.message).toMatch(/^Reporting lines will not resolve: only 0% of manager references \(0 of 12,794\)/);
    expect(checks.warnings[0]!.fix).toBeUndefined();
  });
});

describe('the Department for Transport organograms (numeric post references)', () => {
  it('gives one tree of 2,046 posts in five layers from the senior and junior files', async () => {
    const { session, mappings } = await opened(csvBlob(DFT_SENIOR), csvBlob(DFT_JUNIOR));
    expect(session.check(mappings).checks).toMatchObject({ people: 2_046, postsFromGroups: 1_932, resolvedReferences: 2_045, roots: 1, layers: 5 });
  });
});

describe('a list whose manager column points to another column than the Employee ID chosen', () => {
  it('warns before upload and offers the column the references point to, in one click', async () => {
    const hr = mappingCases().find((c) => c.name.startsWith('HR export'))!;
    const blob = new Blob([hr.rows.map((r) => r.map((cell) => `"${cell.replaceAll('"', '""')}"`).join(',')).join('\n')]);
    const session = new SpreadsheetImport();
    const { view } = await session.open(blob, 'hr.csv');
    const suggested = session.initialMapping(null).mapping;
    const wrong = { ...suggested, fields: { ...suggested.fields, employeeId: view.headers.indexOf('Personnel Number') } };
    const warning = session.check(wrong).checks.warnings[0]!;
    expect(warning.message).toMatch(/^Reporting lines will not resolve: only 0% of manager references \(0 of 399\)/);
    expect(warning.fix?.label).toBe('Use “Position Number” as the Employee ID (100% of “Reports To Position” values are in it)');
    expect(session.check(warning.fix!.mapping).checks).toMatchObject({ resolvedReferences: 399, warnings: [] });
  });
});
