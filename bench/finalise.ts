import { readFileSync } from 'node:fs';
import { classifyWithoutAi } from '../workers/classify/classify.ts';
import { compileReference } from '../workers/reference/compile.ts';
import { validateReferenceData } from '../workers/reference/validate.ts';
import { buildDatasetSummary, defaultSettings, type ScoringRow, type TitleClassification } from '../workers/scoring/index.ts';

/**
 * tsx bench/finalise.ts [--rows 50000] [--titles 3000]
 *
 * Time to score and summarise a generated staff list in-process against the built-in reference
 * (seeds/reference-v1.json): the work of the server's finalise step once titles are classified. Titles are
 * the taxonomy's role names with seniority words; a tenth of rows sit in divisions that division-restricted
 * rules name (so the row-level re-classification runs); locations mix region aliases, keywords and unknown
 * places; 5 % of salaries are missing; the tree has spans of about six with some unresolved managers.
 * Reference compilation and title classification are outside the timed part (the server caches the first
 * and stores the second). Prints one JSON line: the first (cold) run and the best of three warm runs.
 */

const argument = (name: string, fallback: number) => {
  const at = process.argv.indexOf(name);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
};
const rowCount = argument('--rows', 50_000);
const titleCount = argument('--titles', 3_000);

// A small deterministic generator (mulberry32), so every run scores the same list.
let seed = 20_260_701;
const random = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
};
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];

const validation = validateReferenceData(JSON.parse(readFileSync(new URL('../seeds/reference-v1.json', import.meta.url), 'utf8')));
if (!validation.ok || !validation.data) throw new Error('the seed reference does not validate');
const reference = compileReference(validation.data, 1);
const data = reference.data;

const prefixes = ['', 'Senior ', 'Junior ', 'Lead ', 'Assistant ', 'Principal '];
const titles: string[] = [];
for (const prefix of prefixes) {
  for (const role of data.taxonomy.roles) {
    if (titles.length < titleCount) titles.push(`${prefix}${role.subcategory}`);
  }
}
// Bare titles that division rules read differently (e.g. "Associate" in Legal).
titles.push('Associate', 'Partner', 'Business Partner', 'Analyst');

const classifications = new Map<string, TitleClassification>();
for (const title of titles) classifications.set(title, classifyWithoutAi(reference, title, { packId: 'general' }));

const divisions = [...new Set(data.taxonomy.rules.flatMap((r) => (r.division ? [r.division] : [])))];
const locations = [
  ...data.locations.regions.flatMap((r) => [...r.countryAliases.slice(0, 2), ...r.keywords.slice(0, 2).map((k) => `${k} office`)]),
  'Remote',
  null,
];

const rows: ScoringRow[] = [];
for (let i = 0; i < rowCount; i++) {
  const unresolved = random() < 0.01;
  rows.push({
    employeeId: `E${i}`,
    managerEmployeeId: i === 0 ? null : unresolved ? `M${i}` : `E${Math.floor((i - 1) / 6)}`,
    title: i % 50 === 0 ? pick(titles.slice(-4)) : pick(titles),
    salary: random() < 0.05 ? null : Math.round(18_000 + random() * 90_000),
    fte: random() < 0.2 ? null : Math.round((0.4 + random() * 0.6) * 100) / 100,
    location: pick(locations),
    division: random() < 0.1 ? pick(divisions) : null,
  });
}

const run = () => {
  const started = performance.now();
  const summary = buildDatasetSummary({
    rows,
    classifications,
    reference,
    settings: defaultSettings(reference),
    packId: 'general',
    createdAt: '2026-07-01T00:00:00Z',
    stats: {},
  });
  return { seconds: (performance.now() - started) / 1000, summary };
};

const cold = run();
const warm = Math.min(run().seconds, run().seconds, run().seconds);
console.log(
  JSON.stringify({
    bench: 'finalise',
    rows: rowCount,
    titles: cold.summary.stats.titles,
    seconds: Number(cold.seconds.toFixed(3)),
    warmSeconds: Number(warm.toFixed(3)),
    layers: cold.summary.organisation.layerCount,
    disconnected: cold.summary.organisation.disconnected,
  }),
);
