/**
 * Known public layouts of staff lists, recognised from their headings: UK government organograms (the
 * senior-posts file and the junior-posts file of one body) and US public payroll tables. A recognised layout
 * fixes the mapping the layout's documentation gives, and is named on screen.
 */
import type { MappedField, ValueReading } from './mapping.ts';

export type LayoutId = 'uk-organogram-senior' | 'uk-organogram-junior' | 'us-payroll';

export interface Layout {
  id: LayoutId;
  name: string;
  /** What the layout means for the import, in a sentence. */
  note: string;
}

export interface LayoutPlan {
  layout: Layout;
  /** Per field, the normalised headings that feed it in this layout, in order of preference. */
  fields: Partial<Record<MappedField, string[]>>;
  reading: Partial<ValueReading>;
}

/** What an organogram says about each post beside its title, for the coder: its unit, body, grade and profession. */
const ORGANOGRAM_CONTEXT: LayoutPlan['fields'] = {
  division: ['unit'],
  organisation: ['organisation'],
  grade: ['grade', 'grade or equivalent'],
  group: ['professional occupational group'],
};

const LAYOUTS: { layout: Layout; requires: string[][]; fields: LayoutPlan['fields']; reading: Partial<ValueReading> }[] = [
  {
    layout: {
      id: 'uk-organogram-senior',
      name: 'UK government organogram, senior posts',
      note: 'One row per senior post; “XX” in Reports to Senior Post marks the top; pay is a band (floor and ceiling), and a band of 0 means not disclosed.',
    },
    requires: [['post unique reference'], ['reports to senior post']],
    fields: {
      employeeId: ['post unique reference'],
      managerEmployeeId: ['reports to senior post'],
      title: ['job title'],
      salary: ['actual pay floor'],
      salaryCeiling: ['actual pay ceiling'],
      fte: ['fte'],
      ...ORGANOGRAM_CONTEXT,
    },
    reading: { fte: 'fraction', fullTimeHours: 37 },
  },
  {
    layout: {
      id: 'uk-organogram-junior',
      name: 'UK government organogram, junior posts',
      note: 'Each row is a group of posts of one title and grade, counted in FTE, under a senior post: it becomes that many posts (whole posts of 1 FTE and one for the remainder), each paid the middle of the pay scale. Add the senior file to link them into one tree.',
    },
    requires: [['reporting senior post'], ['number of posts in fte']],
    fields: {
      managerEmployeeId: ['reporting senior post'],
      title: ['generic job title', 'job title'],
      salary: ['payscale minimum'],
      salaryCeiling: ['payscale maximum'],
      fte: ['number of posts in fte'],
      ...ORGANOGRAM_CONTEXT,
    },
    reading: { fte: 'posts', fullTimeHours: 37 },
  },
  {
    layout: {
      id: 'us-payroll',
      name: 'US public payroll table',
      note: 'Annual salaries, or hourly rates annualised over the weekly hours (a 40-hour week when none are given); full-time and part-time read as FTE.',
    },
    requires: [
      // 'annual rt', 'deptid' and 'jobtitle' are the PeopleSoft field names US public payroll exports keep.
      ['full or part time', 'salary or hourly', 'pay basis', 'typical hours', 'hourly rate', 'base salary', 'annual salary', 'current annual salary', 'annual rate', 'annual rt'],
      ['department', 'department name', 'agency name', 'agency', 'department division', 'division', 'job titles', 'title description', 'position title', 'employee position title', 'job class title', 'deptid', 'jobtitle'],
    ],
    // The position's own title comes first: Montgomery County's "Underfilled Job Title" names, for a few people,
    // the lower grade they hold the position at.
    fields: { title: ['employee position title', 'position title', 'title description', 'job class title', 'job titles', 'job title'] },
    reading: { fullTimeHours: 40 },
  },
];

/** The layout whose headings the file has (each requirement met by one of its alternatives), or null. */
export function recogniseLayout(normalisedHeadings: readonly string[]): LayoutPlan | null {
  const present = new Set(normalisedHeadings);
  for (const candidate of LAYOUTS) {
    if (candidate.requires.every((alternatives) => alternatives.some((h) => present.has(h)))) {
      // US payroll tables carry no reporting lines; a file with a manager column is something else.
      if (candidate.layout.id === 'us-payroll' && normalisedHeadings.some((h) => /\b(manager|supervisor|reports to)\b/.test(h))) continue;
      return { layout: candidate.layout, fields: candidate.fields, reading: candidate.reading };
    }
  }
  return null;
}

/** Two organogram files of one body: the senior posts and the junior posts that report to them. */
export function isOrganogramPair(first: LayoutId | undefined, second: LayoutId | undefined): boolean {
  const ids = new Set([first, second]);
  return ids.has('uk-organogram-senior') && ids.has('uk-organogram-junior');
}
