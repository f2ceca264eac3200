/**
 * Staff lists in the heading conventions consultants receive, each with the mapping a consultant would choose
 * written down: the real UK organograms in ../shared/data/staff-lists (as published, and trimmed as the issue
 * describes), and realistic tables in the layouts of US public payrolls (Chicago, Montgomery County, New York
 * City) and UK/US HR and payroll exports, filled with the real titles of the same folder, a reporting tree, pay
 * and hours. Used by `npm run bench:mapping` and by the import worker's tests. Deterministic.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { MappedField, FteReading } from '../workers/import/mapping.ts';
import { parseCsv } from '../workers/import/csv.ts';
import { rng } from './staffListGenerator.ts';

export const STAFF_LISTS = path.resolve(import.meta.dirname, '../../shared/data/staff-lists');

export interface MappingCase {
  name: string;
  /** Where the headings come from. */
  source: string;
  rows: string[][];
  /** The right mapping, by heading; fields not listed must stay unmapped (a person's own email aside). */
  expected: Partial<Record<MappedField, string>>;
  fte?: FteReading;
}

export function readStaffList(file: string): string[][] {
  return parseCsv(fs.readFileSync(path.join(STAFF_LISTS, file), 'utf8')).rows;
}

function titles(file: string): string[] {
  return fs.readFileSync(path.join(STAFF_LISTS, file), 'utf8').split('\n').map((t) => t.trim()).filter((t) => t !== '');
}

const FIRST = ['Amina', 'James', 'Priya', 'Tom', 'Grace', 'Wei', 'Olu', 'Sara', 'Liam', 'Maria', 'Jon', 'Fatima'];
const LAST = ['SMITH', 'PATEL', 'JONES', 'NGUYEN', 'OKAFOR', 'GARCIA', 'BROWN', 'KHAN', 'WILSON', 'MURPHY'];
const US_DEPARTMENTS = ['POLICE', 'FIRE', 'STREETS & SAN', 'WATER MGMNT', 'AVIATION', 'HEALTH', 'FINANCE', 'TRANSPORTN', 'LAW', 'PUBLIC LIBRARY'];
const UK_UNITS = ['Finance', 'Operations', 'People', 'Digital', 'Estates', 'Policy', 'Legal', 'Customer Services'];
const PLACES = ['London', 'Leeds', 'Bristol', 'Manchester', 'Glasgow', 'Cardiff', 'Birmingham'];
const BOROUGHS = ['MANHATTAN', 'BROOKLYN', 'QUEENS', 'BRONX', 'RICHMOND'];

interface Person {
  index: number;
  manager: number | null;
  title: string;
  first: string;
  last: string;
  unit: string;
  place: string;
  salary: number;
  partTime: boolean;
  hours: number;
}

/** A tree of `count` people (spans 3 to 8), real titles, pay by depth, one in six part time. */
function people(count: number, titleFile: string, seed: number): Person[] {
  const random = rng(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const pool = titles(titleFile);
  const list: Person[] = [];
  const depth: number[] = [];
  let next = 1;
  for (let i = 0; i < count; i++) {
    const manager = i === 0 ? null : Math.floor((i - 1) / (3 + Math.floor(random() * 6))) ;
    const m = manager === null ? null : Math.min(manager, i - 1);
    depth.push(m === null ? 0 : depth[m]! + 1);
    const partTime = random() < 1 / 6;
    list.push({
      index: next++,
      manager: m,
      title: pick(pool),
      first: pick(FIRST),
      last: pick(LAST),
      unit: pick(UK_UNITS),
      place: pick(PLACES),
      salary: Math.round((95_000 / (1 + depth[i]! * 0.45)) * (0.85 + random() * 0.3) / 100) * 100,
      partTime,
      hours: partTime ? pick([16, 20, 24, 30]) : 0,
    });
  }
  return list;
}

const money = (n: number) => n.toFixed(2);

function organogramCases(): MappingCase[] {
  const senior = readStaffList('uk-organogram-environment_agency-2011-09-30-senior.csv');
  const junior = readStaffList('uk-organogram-environment_agency-2011-09-30-junior.csv');
  const dftSenior = readStaffList('uk-organogram-department_for_transport-2011-09-30-senior.csv');
  const keep = ['Post Unique Reference', 'Name', 'Grade (or equivalent)', 'Job Title', 'Unit', 'Reports to Senior Post', 'FTE', 'Actual Pay Floor (£)'];
  const columns = keep.map((h) => senior[0]!.indexOf(h));
  // What the coder reads beside the title: the post's unit, body, grade and profession.
  const context = { division: 'Unit', organisation: 'Organisation', group: 'Professional/Occupational Group' };
  const seniorExpected = {
    employeeId: 'Post Unique Reference', managerEmployeeId: 'Reports to Senior Post', title: 'Job Title',
    salary: 'Actual Pay Floor (£)', salaryCeiling: 'Actual Pay Ceiling (£)', fte: 'FTE', ...context, grade: 'Grade (or equivalent)',
  };
  return [
    { name: 'UK organogram, senior posts (Environment Agency)', source: 'data.gov.uk organogram, as published', rows: senior, expected: seniorExpected, fte: 'fraction' },
    { name: 'UK organogram, senior posts, numeric references (Department for Transport)', source: 'data.gov.uk organogram, as published', rows: dftSenior, expected: seniorExpected, fte: 'fraction' },
    {
      name: 'UK organogram, senior posts, trimmed (the issue’s eight columns)',
      source: 'data.gov.uk organogram, columns kept as in issue 17',
      rows: senior.map((row) => columns.map((c) => row[c] ?? '')),
      expected: { employeeId: 'Post Unique Reference', managerEmployeeId: 'Reports to Senior Post', title: 'Job Title', salary: 'Actual Pay Floor (£)', fte: 'FTE', division: 'Unit', grade: 'Grade (or equivalent)' },
      fte: 'fraction',
    },
    {
      name: 'UK organogram, junior posts (Environment Agency)',
      source: 'data.gov.uk organogram, as published',
      rows: junior,
      expected: {
        managerEmployeeId: 'Reporting Senior Post', title: 'Generic Job Title', salary: 'Payscale Minimum (£)', salaryCeiling: 'Payscale Maximum (£)', fte: 'Number of Posts in FTE',
        ...context, grade: 'Grade',
      },
      fte: 'posts',
    },
  ];
}

function generatedCases(): MappingCase[] {
  const us = people(400, 'us-payroll-titles.txt', 11);
  const uk = people(400, 'uk-organogram-titles.txt', 12);
  const random = rng(99);
  const id = (prefix: string, n: number) => `${prefix}${String(n).padStart(5, '0')}`;
  const managerOf = (list: Person[], p: Person, format: (q: Person) => string) => (p.manager === null ? '' : format(list[p.manager]!));
  return [
    {
      name: 'Chicago payroll (annual or hourly, full or part time)',
      source: 'City of Chicago “Current Employee Names, Salaries, and Position Titles”',
      rows: [
        ['Name', 'Job Titles', 'Department', 'Full or Part-Time', 'Salary or Hourly', 'Typical Hours', 'Annual Salary', 'Hourly Rate'],
        ...us.map((p) => {
          const hourly = p.partTime || random() < 0.15;
          return [`${p.last},  ${p.first.toUpperCase()}`, p.title, US_DEPARTMENTS[p.index % US_DEPARTMENTS.length]!, p.partTime ? 'P' : 'F', hourly ? 'Hourly' : 'Salary', hourly ? String(p.partTime ? p.hours : 40) : '', hourly ? '' : money(p.salary), hourly ? money(p.salary / 2080) : ''];
        }),
      ],
      expected: { title: 'Job Titles', division: 'Department', fte: 'Full or Part-Time', payBasis: 'Salary or Hourly', hours: 'Typical Hours', salary: 'Annual Salary', hourlyRate: 'Hourly Rate' },
      fte: 'words',
    },
    {
      name: 'Montgomery County payroll (assignment category)',
      source: 'Montgomery County, MD “Employee Salaries”',
      rows: [
        // Underfilled Job Title: for the few who hold a position below its grade, the title they are paid at; blank for the rest.
        ['Full Name', 'Gender', 'Current Annual Salary', '2016 Gross Pay Received', '2016 Overtime Pay', 'Department', 'Department Name', 'Division', 'Assignment Category', 'Employee Position Title', 'Underfilled Job Title', 'Date First Hired'],
        ...us.map((p, i) => [`${p.last}, ${p.first}`, i % 2 ? 'F' : 'M', money(p.salary), money(p.salary * 1.02), money(i % 3 ? 0 : 1200.5), ['POL', 'FRS', 'HHS', 'DOT'][i % 4]!, ['Department of Police', 'Fire and Rescue Services', 'Health and Human Services', 'Department of Transportation'][i % 4]!, p.unit, p.partTime ? 'Parttime-Regular' : 'Fulltime-Regular', p.title, i % 8 === 0 ? us[(i + 1) % us.length]!.title : '', `0${(i % 9) + 1}/15/20${10 + (i % 9)}`]),
      ],
      expected: { title: 'Employee Position Title', salary: 'Current Annual Salary', division: 'Department Name', fte: 'Assignment Category' },
      fte: 'words',
    },
    {
      name: 'New York City payroll (pay basis, borough)',
      source: 'City of New York “Citywide Payroll Data (Fiscal Year)”',
      rows: [
        ['Fiscal Year', 'Payroll Number', 'Agency Name', 'Last Name', 'First Name', 'Mid Init', 'Agency Start Date', 'Work Location Borough', 'Title Description', 'Leave Status as of June 30', 'Base Salary', 'Pay Basis', 'Regular Hours', 'Regular Gross Paid', 'OT Hours', 'Total OT Paid', 'Total Other Pay'],
        ...us.map((p, i) => {
          const hourly = p.partTime;
          return ['2023', String(800 + (i % 12)), US_DEPARTMENTS[i % US_DEPARTMENTS.length]!, p.last, p.first.toUpperCase(), 'A', '07/01/2015', BOROUGHS[i % BOROUGHS.length]!, p.title, 'ACTIVE', hourly ? money(p.salary / 2080) : money(p.salary), hourly ? 'per Hour' : 'per Annum', String(hourly ? p.hours * 52 : 1820), money(p.salary), '0', '0.00', '0.00'];
        }),
      ],
      expected: { title: 'Title Description', salary: 'Base Salary', payBasis: 'Pay Basis', division: 'Agency Name', location: 'Work Location Borough' },
    },
    {
      name: 'HR export: manager points to the position, not the person',
      source: 'SAP-style organisational export (position-based)',
      rows: [
        ['Personnel Number', 'Position Number', 'Position', 'Reports To Position', 'Org Unit', 'Annual Salary', 'Contracted Hours', 'Work Location'],
        ...uk.map((p, i) => [String(700_000 + ((i * 7919) % 100_000)), id('P', p.index), p.title, managerOf(uk, p, (q) => id('P', q.index)), p.unit, String(p.salary), String(p.partTime ? p.hours : 37.5), p.place]),
      ],
      expected: { employeeId: 'Position Number', managerEmployeeId: 'Reports To Position', title: 'Position', salary: 'Annual Salary', hours: 'Contracted Hours', location: 'Work Location' },
    },
    {
      name: 'Payroll export with payroll references and FTE %',
      source: 'UK payroll bureau export',
      rows: [
        ['Payroll Ref', 'Surname', 'Forename', 'Job Title', 'Line Manager Payroll Ref', 'Department', 'Salary (£)', 'FTE %'],
        ...uk.map((p) => [id('PR', p.index), p.last, p.first, p.title, managerOf(uk, p, (q) => id('PR', q.index)), p.unit, `£${p.salary.toLocaleString('en-GB')}`, p.partTime ? `${Math.round((p.hours / 37.5) * 100)}%` : '100%']),
      ],
      expected: { employeeId: 'Payroll Ref', managerEmployeeId: 'Line Manager Payroll Ref', title: 'Job Title', division: 'Department', salary: 'Salary (£)', fte: 'FTE %' },
      fte: 'fraction',
    },
    {
      name: 'HRIS export: manager column without “ID”, weekly hours',
      source: 'Workday-style worker report',
      rows: [
        ['Employee ID', 'Worker', 'Business Title', 'Manager', 'Cost Center', 'Location', 'Annual Base Pay', 'Scheduled Weekly Hours'],
        ...uk.map((p) => [String(10_000 + p.index), `${p.first} ${p.last}`, p.title, managerOf(uk, p, (q) => String(10_000 + q.index)), `CC-${p.unit}`, p.place, String(p.salary), String(p.partTime ? p.hours : 37.5)]),
      ],
      expected: { employeeId: 'Employee ID', managerEmployeeId: 'Manager', title: 'Business Title', location: 'Location', salary: 'Annual Base Pay', hours: 'Scheduled Weekly Hours' },
    },
    {
      name: 'Retail rota: hourly rates and contracted hours',
      source: 'UK retail workforce-management export',
      rows: [
        ['Store', 'Colleague Number', 'Role', 'Reports To', 'Hourly Rate', 'Contracted Hours', 'Region'],
        ...uk.map((p) => [`Store ${p.place}`, id('C', p.index), p.title, managerOf(uk, p, (q) => id('C', q.index)), (p.salary / 1950).toFixed(2), String(p.partTime ? p.hours : 39), p.place]),
      ],
      expected: { employeeId: 'Colleague Number', managerEmployeeId: 'Reports To', title: 'Role', hourlyRate: 'Hourly Rate', hours: 'Contracted Hours', location: 'Region' },
    },
    {
      name: 'NHS-style assignments: pay band minimum and maximum, whole time equivalent',
      source: 'UK health-service ESR-style extract',
      rows: [
        ['Assignment Number', 'Job Title', 'Supervisor Assignment Number', 'Pay Band', 'Band Minimum', 'Band Maximum', 'Whole Time Equivalent', 'Site'],
        ...uk.map((p) => [id('A', p.index), p.title, managerOf(uk, p, (q) => id('A', q.index)), `Band ${(p.index % 5) + 4}`, String(p.salary - 3000), String(p.salary + 3000), p.partTime ? (p.hours / 37.5).toFixed(2) : '1.00', p.place]),
      ],
      expected: { employeeId: 'Assignment Number', managerEmployeeId: 'Supervisor Assignment Number', title: 'Job Title', salary: 'Band Minimum', salaryCeiling: 'Band Maximum', fte: 'Whole Time Equivalent', location: 'Site' },
      fte: 'fraction',
    },
    {
      name: 'Position management: salary range and parent position',
      source: 'SuccessFactors-style position report',
      rows: [
        ['Position ID', 'Position Title', 'Parent Position', 'Incumbent', 'Job Grade', 'Salary Range Min', 'Salary Range Max', 'Standard Hours', 'Country'],
        ...us.map((p) => [id('POS', p.index), p.title, managerOf(us, p, (q) => id('POS', q.index)), `${p.first} ${p.last}`, `G${(p.index % 7) + 1}`, String(p.salary - 5000), String(p.salary + 5000), String(p.partTime ? p.hours : 40), 'United States']),
      ],
      expected: {
        employeeId: 'Position ID', managerEmployeeId: 'Parent Position', title: 'Position Title', salary: 'Salary Range Min', salaryCeiling: 'Salary Range Max', hours: 'Standard Hours', location: 'Country',
        grade: 'Job Grade',
      },
    },
  ];
}

export function mappingCases(): MappingCase[] {
  return [...organogramCases(), ...generatedCases()];
}
