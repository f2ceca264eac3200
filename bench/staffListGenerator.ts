import type { ScoringRow } from '../workers/scoring/index.ts';

/**
 * A realistic synthetic staff list for benchmarks: about 3,000 distinct titles built from
 * seniorities, functions and role nouns with the noise real lists carry, a reporting tree
 * 6 to 9 layers deep, salaries by level, part-time FTEs, UK and offshore locations, and three
 * client groupings. Deterministic for a given seed.
 */
export interface GeneratedRow extends ScoringRow {
  attributes: Record<string, string>;
}

const SENIORITY = ['', 'Senior ', 'Junior ', 'Lead ', 'Principal ', 'Assistant ', 'Trainee ', 'Deputy '];
const FUNCTIONS = [
  'Payroll', 'Finance', 'HR', 'IT', 'Sales', 'Marketing', 'Procurement', 'Customer Service', 'Data', 'Software', 'Risk',
  'Compliance', 'Legal', 'Facilities', 'Logistics', 'Warehouse', 'Claims', 'Underwriting', 'Credit', 'Operations',
  'Project', 'Quality', 'Supply Chain', 'Treasury', 'Tax', 'Audit', 'Learning', 'Recruitment', 'Digital', 'Product',
  'Brand', 'Store', 'Retail', 'Contact Centre', 'Field Service', 'Maintenance', 'Security', 'Network', 'Cloud', 'Clinical',
];
const NOUNS = ['Administrator', 'Analyst', 'Manager', 'Officer', 'Advisor', 'Engineer', 'Coordinator', 'Specialist', 'Assistant', 'Consultant', 'Clerk', 'Director', 'Team Leader', 'Technician', 'Partner'];
const NOISE = ['', '', '', '', ' - London', ' (Maternity Cover)', ' Band 6', ' FTC', ' 0.6 FTE', ' (Interim)', ' - Manchester', ' G7'];
const LOCATIONS = ['London', 'Manchester', 'Leeds', 'Glasgow', 'Cardiff', 'Birmingham', 'Bristol', 'Belfast', 'Krakow, Poland', 'Pune, India', 'Manila', 'Remote'];
const DIVISIONS = ['Finance', 'Technology', 'Operations', 'Commercial', 'People', 'Legal', 'Retail'];

/** A small deterministic random number generator (mulberry32). */
export function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function distinctTitles(count: number, random: () => number): string[] {
  const titles = new Set<string>();
  while (titles.size < count) {
    const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)];
    titles.add(`${pick(SENIORITY)}${pick(FUNCTIONS)} ${pick(NOUNS)}${pick(NOISE)}`.trim());
  }
  return [...titles];
}

export function generateStaffList(rows: number, options: { titles?: number; seed?: number } = {}): GeneratedRow[] {
  const random = rng(options.seed ?? 42);
  const titles = distinctTitles(options.titles ?? 3000, random);
  const out: GeneratedRow[] = [];
  // Breadth per layer gives 8 layers at 50,000 people: 1, 6, 36, ... then wide bottom layers.
  const layers: number[][] = [[0]];
  out.push(row(0, null, 1));
  let next = 1;
  while (next < rows) {
    const parents = layers[layers.length - 1];
    const layer: number[] = [];
    const span = layers.length < 3 ? 6 : layers.length < 6 ? 5 : 8;
    for (const parent of parents) {
      const reports = Math.max(1, Math.round(span * (0.5 + random())));
      for (let k = 0; k < reports && next < rows; k += 1) {
        out.push(row(next, parent, layers.length + 1));
        layer.push(next);
        next += 1;
      }
      if (next >= rows) break;
    }
    layers.push(layer);
  }
  return out;

  function row(index: number, manager: number | null, level: number): GeneratedRow {
    const title = index === 0 ? 'Chief Executive Officer' : titles[Math.floor(random() ** 1.6 * titles.length)];
    const base = 24000 + Math.max(0, 9 - level) * 9000;
    return {
      employeeId: `E${String(index).padStart(6, '0')}`,
      managerEmployeeId: manager === null ? null : `E${String(manager).padStart(6, '0')}`,
      title,
      salary: random() < 0.03 ? null : Math.round(base * (0.8 + random() * 0.6)),
      fte: random() < 0.15 ? Math.round((0.4 + random() * 0.5) * 100) / 100 : null,
      location: LOCATIONS[Math.floor(random() * LOCATIONS.length)],
      division: DIVISIONS[Math.floor(random() * DIVISIONS.length)],
      attributes: {
        'Business Unit': `BU${1 + Math.floor(random() * 12)}`,
        'Cost Centre': `CC${100 + Math.floor(random() * 90)}`,
        Grade: `G${1 + Math.floor(random() * 9)}`,
      },
    };
  }
}
