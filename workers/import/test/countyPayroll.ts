// A county payroll in the shape of Montgomery County, Maryland's public "Employee Salaries" table: 9,228 people,
// their position's title in "Employee Position Title", and for the 1,093 who hold a position below its grade the
// title they are paid at in "Underfilled Job Title" (blank for everyone else). Titles are the real US payroll
// titles of ../shared/data/staff-lists/us-payroll-titles.txt; the rest is generated, deterministically.
import fs from 'node:fs';
import path from 'node:path';
import { rng } from '../../../bench/staffListGenerator.ts';
import { STAFF_LISTS } from '../../../bench/mappingLayouts.ts';

export const COUNTY_PEOPLE = 9_228;
export const COUNTY_UNDERFILLED = 1_093;

export const COUNTY_HEADINGS = [
  'Department', 'Department Name', 'Division', 'Gender', 'Base Salary', '2016 Overtime Pay', '2016 Longevity Pay', 'Grade',
  'Employee Position Title', 'Underfilled Job Title', 'Date First Hired', 'Full Time / Part Time',
];

const DEPARTMENTS: [string, string, string[]][] = [
  ['POL', 'Department of Police', ['PSB 3rd District Patrol', 'PSB 4th District Patrol', 'MSB Information Mgmt and Tech Division']],
  ['FRS', 'Fire and Rescue Services', ['Operations', 'Fire and Explosive Investigations', 'Training']],
  ['HHS', 'Department of Health and Human Services', ['Children Youth and Family Services', 'Public Health Services']],
  ['DOT', 'Department of Transportation', ['Transit Silver Spring Ride On', 'Highway Services']],
  ['LIB', 'Department of Public Libraries', ['Public Services', 'Collection Management']],
  ['COR', 'Correction and Rehabilitation', ['Detention Services', 'Pre-Release Services']],
];

/** "ACCOUNTANT II" → "Accountant II", as Montgomery County writes its titles. */
function titleCase(title: string): string {
  return title.replace(/[A-Z]+/g, (word) => (/^[IVX]+$/.test(word) ? word : word[0] + word.slice(1).toLowerCase()));
}

export function countyPayrollRows(): string[][] {
  const titles = fs
    .readFileSync(path.join(STAFF_LISTS, 'us-payroll-titles.txt'), 'utf8')
    .split('\n')
    .map((t) => t.trim())
    .filter((t) => /^[A-Z]/.test(t))
    .map(titleCase);
  const random = rng(2016);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  // Every so many rows one person underfills their position, spread through the file as in the real table.
  const underfilled = new Set(Array.from({ length: COUNTY_UNDERFILLED }, (_, i) => Math.floor((i * COUNTY_PEOPLE) / COUNTY_UNDERFILLED) + 3));
  const rows: string[][] = [COUNTY_HEADINGS];
  for (let i = 0; i < COUNTY_PEOPLE; i++) {
    const [code, name, divisions] = pick(DEPARTMENTS);
    const position = pick(titles);
    const partTime = random() < 0.08;
    const base = Math.round((35_000 + random() * 110_000) * (partTime ? 0.5 : 1) * 100) / 100;
    rows.push([
      code, name, pick(divisions), random() < 0.5 ? 'F' : 'M', base.toFixed(2),
      random() < 0.4 ? (random() * 20_000).toFixed(2) : '', random() < 0.3 ? (random() * 4_000).toFixed(2) : '',
      String(10 + Math.floor(random() * 25)), position, underfilled.has(i) ? pick(titles) : '',
      `${String(1 + Math.floor(random() * 12)).padStart(2, '0')}/${String(1 + Math.floor(random() * 28)).padStart(2, '0')}/${1986 + Math.floor(random() * 30)}`,
      partTime ? 'P' : 'F',
    ]);
  }
  return rows;
}

/** The table as CSV text, quoted where a value needs it. */
export function toCsv(rows: readonly string[][]): string {
  const quote = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);
  return `${rows.map((row) => row.map(quote).join(',')).join('\r\n')}\r\n`;
}
