import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildReferenceDocument } from '../scripts/build-reference/document.ts';
import { readCsv } from '../scripts/build-reference/policy/csv.ts';
import { titleHash } from '../scripts/build-reference/taxonomy/holdout.ts';
import { coherentShare, loadIscoBridge } from '../scripts/build-reference/taxonomy/pairing.ts';
import { loadTitleSets, type CodedTitle, type TitleSets } from '../scripts/build-reference/taxonomy/titleSets.ts';
import { classifyByRules, classifyInContext, type Classification } from '../workers/classify/classify.ts';
import { wordEvidence, wordVote, type Case } from './classifyBaselines.ts';
import { looseKey } from './data/sample-staff-titles.ts';
import { DEV_STAFF_TITLES_PATH, loadLabelledStaffTitles, scoreStaffTitles, TRAIN_STAFF_TITLES_PATH } from './staffTitles.ts';
import { codeStaffRows, listContexts, loadStaffRows, tally, type LabelledStaffRow, type RowTally } from './staffRows.ts';
import { compileReference, type CompiledReference } from '../workers/reference/compile.ts';
import { validateReferenceData } from '../workers/reference/validate.ts';

/**
 * npm run bench:classify [-- --reference <file>] [--data <dir>] [--validation]
 *
 * Accuracy of the rule classifier on titles no rule was learned from: the held-out 20% of the O*NET
 * alternate titles (US codes) and of the ONS coding index (UK codes), chosen by a hash of the normalised
 * title (scripts/build-reference/taxonomy/holdout.ts). Prints US 6- and 2-digit accuracy, UK 4- and 1-digit
 * accuracy, coverage (share not Other / Uncategorised) and the time to classify 3,000 distinct titles.
 *
 * - US: a title is right when the code is one O*NET lists the title under (a title can sit under several).
 * - UK: right when it equals the index's default for the bare title (OnsTitle.gold); "any" also accepts
 *   codes the index gives the title with a qualifier.
 * - Also shown: US accuracy weighted by each occupation's US employment (BLS OEWS 2024), which is closer to
 *   a real staff list than the long tail of rare titles, and the O*NET titles that came from employer job
 *   listings (source 10).
 *
 * --baselines also prints reference points from the same training titles (classifyBaselines.ts).
 *
 * --validation builds a reference in memory from 80% of the training side and measures it on the other
 * 20% of training titles, so rule-building choices can be tuned without looking at the held-out titles.
 */

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const argument = (name: string) => {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
};
const dataDir = resolve(argument('--data') ?? resolve(repoRoot, '../shared/data'));
const validationMode = process.argv.includes('--validation');
const withBaselines = process.argv.includes('--baselines');

interface UsCase {
  title: string;
  codes: string[];
  weight: number;
  jobListing: boolean;
}
interface UkCase {
  title: string;
  gold: string;
  codes: string[];
}

/** US employment per detailed code, for the weighted figure (broad-group rows shared out where OEWS has no detail). */
function employment(): Map<string, number> {
  const out = new Map<string, number>();
  for (const row of readCsv(dataDir, 'us-oews-national-2024/oews_national_may2024.csv')) {
    const n = Number(row.TOT_EMP);
    if (row.O_GROUP === 'detailed' && Number.isFinite(n)) out.set(row.OCC_CODE, n);
  }
  return out;
}

function compile(raw: unknown): CompiledReference {
  const validation = validateReferenceData(raw);
  if (!validation.ok || !validation.data) {
    const first = validation.issues.filter((i) => i.severity === 'error').slice(0, 5);
    throw new Error(`reference does not validate: ${first.map((i) => `${i.path}: ${i.message}`).join('; ')}`);
  }
  return compileReference(validation.data);
}

/** Validation mode: a second hash splits the training side 80/20. */
const inValidation = (t: CodedTitle) => titleHash(`${t.normalised}#validation`) % 100 < 20;

function cases(sets: TitleSets): { compiled: CompiledReference; us: UsCase[]; uk: UkCase[]; label: string; train: TitleSets['train'] } {
  const jobs = employment();
  const weightOf = (codes: string[]) => {
    const known = codes.map((c) => jobs.get(c) ?? 0);
    return known.reduce((a, b) => a + b, 0) / codes.length;
  };
  if (validationMode) {
    const train = { us: sets.train.us.filter((t) => !inValidation(t)), uk: sets.train.uk.filter((t) => !inValidation(t)) };
    const { document } = buildReferenceDocument(dataDir, undefined, train);
    return {
      compiled: compile(document),
      us: sets.train.us.filter(inValidation).map((t) => ({ title: t.title, codes: t.codes, weight: weightOf(t.codes), jobListing: false })),
      uk: sets.train.uk.filter(inValidation).map((t) => ({ title: t.title, gold: t.codes[0], codes: t.codes })),
      label: 'validation split of the training titles (in-memory reference)',
      train,
    };
  }
  const file = resolve(argument('--reference') ?? resolve(repoRoot, 'seeds/reference-v1.json'));
  return {
    compiled: compile(JSON.parse(readFileSync(file, 'utf8'))),
    us: sets.heldOut.onet.map((t) => ({ title: t.title, codes: t.codes, weight: weightOf(t.codes), jobListing: t.sources.includes('10') })),
    uk: sets.heldOut.ons.map((t) => ({ title: t.title, gold: t.gold, codes: t.codes })),
    label: `held-out titles, reference ${file}`,
    train: sets.train,
  };
}

/**
 * Decorations real staff lists add to a title (pay bands, grades, contract terms, hours, locations, head
 * counts). The bench adds one to each held-out title, in turn, and measures again: cleaning should leave
 * the accuracy where it was.
 */
const STAFF_LIST_NOISE: ((title: string) => string)[] = [
  (t) => `${t} - London`,
  (t) => `${t} (Maternity Cover)`,
  (t) => `Band 5 ${t}`,
  (t) => `${t} 0.6 FTE`,
  (t) => `${t} (FTC) - Manchester`,
  (t) => `${t} x2`,
  (t) => `${t}, Grade 7`,
  (t) => `Interim ${t} (Remote)`,
];
const withNoise = (title: string, i: number) => STAFF_LIST_NOISE[i % STAFF_LIST_NOISE.length](title);

const pct = (n: number, d: number) => (d ? Math.round((1000 * n) / d) / 10 : 0);
const percent = (share: number) => Math.round(share * 1000) / 10;

function main(): void {
  const sets = loadTitleSets(dataDir);
  const { compiled, us, uk, label, train } = cases(sets);
  if (!validationMode) {
    staffTitles(compiled);
    staffRows(compiled);
  }
  const isOther = (c: Classification) => c.category === compiled.otherRole.category && c.subcategory === compiled.otherRole.subcategory;

  let us6 = 0, us2 = 0, usCovered = 0, weighted6 = 0, weightTotal = 0, listings = 0, listings6 = 0;
  for (const t of us) {
    const c = classifyByRules(compiled, t.title);
    const hit6 = c.usSoc2018 !== null && t.codes.includes(c.usSoc2018);
    if (hit6) us6++;
    if (c.usSoc2018 && t.codes.some((code) => code.slice(0, 2) === c.usSoc2018!.slice(0, 2))) us2++;
    if (!isOther(c)) usCovered++;
    weightTotal += t.weight;
    if (hit6) weighted6 += t.weight;
    if (t.jobListing) {
      listings++;
      if (hit6) listings6++;
    }
  }
  // The same titles as a staff list writes them.
  let us6Noisy = 0;
  us.forEach((t, i) => {
    const c = classifyByRules(compiled, withNoise(t.title, i));
    if (c.usSoc2018 !== null && t.codes.includes(c.usSoc2018)) us6Noisy++;
  });
  let uk4 = 0, uk4any = 0, uk1 = 0, ukCovered = 0, uk4Noisy = 0;
  uk.forEach((t, i) => {
    if (classifyByRules(compiled, withNoise(t.title, i)).ukSoc2020 === t.gold) uk4Noisy++;
  });
  for (const t of uk) {
    const c = classifyByRules(compiled, t.title);
    if (c.ukSoc2020 === t.gold) uk4++;
    if (c.ukSoc2020 && t.codes.includes(c.ukSoc2020)) uk4any++;
    if (c.ukSoc2020?.[0] === t.gold[0]) uk1++;
    if (!isOther(c)) ukCovered++;
  }

  // Speed: 3,000 distinct titles through a freshly compiled reference, cleaning included.
  const distinct = [...new Set([...us, ...uk].map((t) => t.title))].slice(0, 3000);
  const fresh = compileReference(compiled.data);
  // Wall time, and this process's CPU time, which other work sharing the machine does not inflate as much.
  const runs: number[] = [];
  const cpu: number[] = [];
  for (let run = 0; run < 5; run++) {
    const started = performance.now();
    const cpuStarted = process.cpuUsage();
    for (const title of distinct) classifyByRules(run === 0 ? fresh : compiled, title);
    runs.push(performance.now() - started);
    const used = process.cpuUsage(cpuStarted);
    cpu.push((used.user + used.system) / 1000);
  }
  const best = Math.min(...runs);

  const result = {
    set: label,
    usTitles: us.length,
    ukTitles: uk.length,
    us6: pct(us6, us.length),
    us2: pct(us2, us.length),
    uk4: pct(uk4, uk.length),
    uk4AnyListedCode: pct(uk4any, uk.length),
    uk1: pct(uk1, uk.length),
    coverage: pct(usCovered + ukCovered, us.length + uk.length),
    us6WithNoise: pct(us6Noisy, us.length),
    uk4WithNoise: pct(uk4Noisy, uk.length),
    us6EmploymentWeighted: weightTotal ? Math.round((1000 * weighted6) / weightTotal) / 10 : 0,
    us6EmployerListings: pct(listings6, listings),
    employerListingTitles: listings,
    speedTitles: distinct.length,
    firstRunMs: Math.round(runs[0]),
    firstRunCpuMs: Math.round(cpu[0]),
    bestRunMs: Math.round(best),
    titlesPerSecond: Math.round((distinct.length / best) * 1000),
    coherentRoles: percent(coherentShare(compiled.data.taxonomy.roles, loadIscoBridge(dataDir, () => true))),
    rules: compiled.data.taxonomy.rules.length,
    roles: compiled.data.taxonomy.roles.length,
  };
  // Issue 10's held-out goals: no fall from the scored coder's start (41% / 36%), aiming at 50% / 45%.
  const goals: [name: string, value: number, floor: number | null, aim: number | null][] = [
    ['US 6-digit', result.us6, 41, 50],
    ['US 2-digit', result.us2, null, null],
    ['UK 4-digit', result.uk4, 36, 45],
    ['UK 1-digit', result.uk1, null, null],
    ['coverage', result.coverage, 95, null],
  ];
  console.log(`Rule classifier accuracy on ${result.set}`);
  console.log(`  US titles ${result.usTitles}, UK titles ${result.ukTitles}, ${result.rules} rules, ${result.roles} roles`);
  for (const [name, value, floor, aim] of goals) {
    const against = [floor === null ? '' : `floor ${floor}% ${value >= floor ? 'met' : 'MISSED'}`, aim === null ? '' : `aim ${aim}% ${value >= aim ? 'met' : 'not yet'}`].filter(Boolean).join(', ');
    console.log(`  ${name.padEnd(12)} ${value.toFixed(1).padStart(5)}%${against ? `   ${against}` : ''}`);
  }
  console.log(`  UK 4-digit counting any code the index lists: ${result.uk4AnyListedCode}%`);
  console.log(`  with staff-list noise added (bands, grades, contract terms, hours, places): US 6-digit ${result.us6WithNoise}%, UK 4-digit ${result.uk4WithNoise}%`);
  console.log(`  roles whose US anchor and UK code share an ISCO-08 sub-major group (or are not linked): ${result.coherentRoles}%`);
  console.log(`  US 6-digit weighted by US employment: ${result.us6EmploymentWeighted}%`);
  console.log(`  US 6-digit on O*NET titles from employer job listings (${result.employerListingTitles}): ${result.us6EmployerListings}%`);
  console.log(
    `  speed: ${result.speedTitles} distinct titles in ${result.firstRunMs} ms (CPU ${result.firstRunCpuMs} ms) on a fresh compile, ` +
      `best of 5 ${result.bestRunMs} ms (${result.titlesPerSecond}/s); target < 300 ms ${runs[0] < 300 ? 'met' : 'MISSED'}`,
  );
  console.log(JSON.stringify(result));
  if (withBaselines) printBaselines(train, us, uk);
}

/** The reference points of classifyBaselines.ts on the same split (a few seconds more). */
function printBaselines(train: TitleSets['train'], us: UsCase[], uk: UkCase[]): void {
  const usVote = wordVote(train.us);
  let us6 = 0, us2 = 0;
  for (const t of us) {
    const code = usVote(t.title);
    if (code && t.codes.includes(code)) us6++;
    if (code && t.codes.some((c) => c.slice(0, 2) === code.slice(0, 2))) us2++;
  }
  const ukVote = wordVote(train.uk);
  let uk4 = 0, uk1 = 0;
  for (const t of uk) {
    const code = ukVote(t.title);
    if (code === t.gold) uk4++;
    if (code?.[0] === t.gold[0]) uk1++;
  }
  const ukCases: Case[] = uk.map((t) => ({ title: t.title, codes: [t.gold] }));
  console.log('Reference points on the same split (bench/classifyBaselines.ts)');
  console.log(`  word vote: US 6-digit ${pct(us6, us.length)}%, US 2-digit ${pct(us2, us.length)}%, UK 4-digit ${pct(uk4, uk.length)}%, UK 1-digit ${pct(uk1, uk.length)}%`);
  const usEvidence = wordEvidence(train.us, us);
  const ukEvidence = wordEvidence(train.uk, ukCases);
  console.log(
    `  right code seen with some word of the title (upper bound for coders that only give such codes): ` +
      `US ${percent(usEvidence.anyWord)}%, UK ${percent(ukEvidence.anyWord)}%`,
  );
  console.log(`  right code seen with every known word of the title: US ${percent(usEvidence.allWords)}%, UK ${percent(ukEvidence.allWords)}%`);
}


/**
 * The hand-labelled real staff-list titles (bench/data/staff-titles-labelled.csv, see STAFF-TITLES.md):
 * accuracy, review queue and calibration against the US major group (what confidence estimates).
 */
function staffTitles(compiled: CompiledReference): void {
  const threshold = compiled.data.classification.reviewThreshold;
  const score = (file?: string) => {
    const items = loadLabelledStaffTitles(file);
    const started = performance.now();
    const result = scoreStaffTitles(items, (title) => {
      const c = classifyByRules(compiled, title);
      return { usSoc2018: c.usSoc2018, ukSoc2020: c.ukSoc2020, confidence: c.confidence, reviewRequired: c.confidence < threshold };
    });
    return { result, titlesPerSecond: Math.round(items.length / ((performance.now() - started) / 1000)) };
  };
  const print = (result: ReturnType<typeof scoreStaffTitles>) => {
    for (const [name, g] of Object.entries(result)) {
      if (!g || typeof g !== 'object' || !('n' in g)) continue;
      console.log(
        `  ${name} (${g.n}): US 2-digit ${percent(g.usMajorAccuracy)}%, US 6-digit ${percent(g.usDetailedAccuracy)}%, UK 1-digit ${percent(g.ukMajorAccuracy)}%, UK 4-digit ${percent(g.ukUnitAccuracy)}%, coverage ${percent(g.coverage)}%, in review ${percent(g.reviewShare)}%, US 2-digit outside review ${g.usMajorAccuracyOutsideReview === null ? 'n/a' : `${percent(g.usMajorAccuracyOutsideReview)}%`}, ECE ${g.ece?.toFixed(3)}; counting labelled alternatives: ${percent(g.lenient.usMajor)}% / ${percent(g.lenient.usDetailed)}% / ${percent(g.lenient.ukMajor)}% / ${percent(g.lenient.ukUnit)}%`,
      );
    }
  };
  const { result, titlesPerSecond } = score();
  console.log(`Real staff-list titles, hand-labelled evaluation set (review threshold ${threshold}; ${titlesPerSecond} titles/s)`);
  print(result);
  // Issue 10's targets on real staff titles.
  const o = result.overall;
  const staffTargets: [name: string, value: number | null, target: number, atMost?: boolean][] = [
    ['US 2-digit', o.usMajorAccuracy, 0.9],
    ['US 6-digit', o.usDetailedAccuracy, 0.65],
    ['UK 1-digit', o.ukMajorAccuracy, 0.85],
    ['UK 4-digit', o.ukUnitAccuracy, 0.6],
    ['US 2-digit outside review', o.usMajorAccuracyOutsideReview, 0.95],
    ['calibration error', o.ece, 0.05, true],
  ];
  for (const [name, value, target, atMost] of staffTargets) {
    const shown = atMost ? value?.toFixed(3) : `${percent(value ?? 0)}%`;
    const met = value !== null && (atMost ? value <= target : value >= target);
    console.log(`  target ${name}: ${shown} (${atMost ? `≤ ${target}` : `≥ ${percent(target)}%`}) ${met ? 'met' : 'MISSED'}`);
  }
  console.log('  reliability (confidence bin: titles, mean confidence, US 2-digit right):');
  for (const bin of result.overall.reliability) {
    if (bin.n) console.log(`    ${bin.lo.toFixed(1)}–${bin.hi.toFixed(1)}: ${bin.n}, ${bin.meanConfidence!.toFixed(2)}, ${percent(bin.usMajorAccuracy!)}%`);
  }
  // Rules were written from the evaluation set's errors over several rounds, so its accuracy flatters the
  // coder; the development set, from which no rule was written, says how it does on titles new to it. Its
  // confidence was calibrated on it, so its ECE here is not a test.
  console.log('Real staff-list titles, development set (the confidence is calibrated on it; a few general rules were written after reading its errors, see STAFF-TITLES.md)');
  print(score(DEV_STAFF_TITLES_PATH).result);
}

/**
 * The hand-labelled real staff-list rows with their context (bench/data/staff-rows-labelled.csv, see
 * STAFF-ROWS.md): each half coded from the title alone and in context, the review queue, and the speed of
 * coding 3,000 distinct (title, context) rows.
 */
function staffRows(compiled: CompiledReference): void {
  const threshold = compiled.data.classification.reviewThreshold;
  const rows = loadStaffRows();
  const lists = listContexts(compiled);
  const learnt = new Set(loadLabelledStaffTitles(TRAIN_STAFF_TITLES_PATH).map((t) => looseKey(t.title)));
  const line = (name: string, t: RowTally) =>
    `  ${name.padEnd(44)} (${t.rows}): US 2-digit ${pct(t.usMajor, t.rows)}%, US 6-digit ${pct(t.us6, t.rows)}%, UK 1-digit ${pct(t.ukMajor, t.rows)}%, UK 4-digit ${pct(t.uk4, t.rows)}%` +
    ` (lenient US 2-digit ${pct(t.usMajorLenient, t.rows)}%); outside review ${pct(t.outside, t.rows)}% of rows, ${pct(t.outsideRight, t.outside)}% right;` +
    ` by people: US 2-digit ${pct(t.peopleRight, t.people)}%, outside review ${pct(t.peopleOutside, t.people)}%, ${pct(t.peopleOutsideRight, t.peopleOutside)}% right`;
  console.log(`Real staff-list rows with their context (review threshold ${threshold}; pay levels: ` +
    `${Object.entries(lists).map(([k, l]) => `${k} ${l.currency} ${l.payScale}`).join(', ')})`);
  for (const set of ['eval', 'dev'] as const) {
    const half = rows.filter((r) => r.set === set);
    const { titleOnly, inContext } = codeStaffRows(compiled, half, lists);
    console.log(set === 'eval' ? ' evaluation half (no rule written from it, nothing calibrated on it):' : ' development half (rules were written after reading its errors; context confidence is calibrated on it):');
    console.log(line('title alone', tally(half, titleOnly, threshold)));
    console.log(line('in context', tally(half, inContext, threshold)));
    for (const list of ['ea', 'dft', 'baltimore'] as const) {
      const at = half.flatMap((r, i) => (r.list === list ? [i] : []));
      console.log(line(`  ${list}, in context`, tally(at.map((i) => half[i]), at.map((i) => inContext[i]), threshold)));
    }
    const split = (keep: (r: LabelledStaffRow) => boolean) => {
      const at = half.flatMap((r, i) => (keep(r) ? [i] : []));
      return tally(at.map((i) => half[i]), at.map((i) => inContext[i]), threshold);
    };
    console.log(line('  titles the coder learnt from the training set', split((r) => learnt.has(looseKey(r.title)))));
    console.log(line('  titles new to the coder', split((r) => !learnt.has(looseKey(r.title)))));
    console.log(line('  rows the labeller coded by their context', split((r) => r.contextDecides)));
    if (set === 'eval') {
      // Rules were written from the development half's errors; its titles recur in this half in other contexts.
      const devTitles = new Set(rows.filter((r) => r.set === 'dev').map((r) => looseKey(r.title)));
      console.log(line('  titles also in the development half', split((r) => devTitles.has(looseKey(r.title)))));
      console.log(line('  titles not in the development half', split((r) => !devTitles.has(looseKey(r.title)))));
    }
    if (set === 'eval') {
      const t = tally(half, inContext, threshold);
      const targets: [string, number, number][] = [
        ['US 2-digit', pct(t.usMajor, t.rows), 90], ['US 6-digit', pct(t.us6, t.rows), 65], ['UK 1-digit', pct(t.ukMajor, t.rows), 85], ['UK 4-digit', pct(t.uk4, t.rows), 60],
        ['US 2-digit outside review', pct(t.outsideRight, t.outside), 95], ['rows outside review', pct(t.outside, t.rows), 60],
      ];
      for (const [name, value, target] of targets) console.log(`  target ${name}: ${value}% (≥ ${target}%) ${value >= target ? 'met' : 'MISSED'}`);
    }
  }
  // Speed: 3,000 distinct (title, context) rows, the labelled rows with their pay moved 1% at a time.
  const sample = Array.from({ length: 3000 }, (_, i) => {
    const r = rows[i % rows.length];
    return { ...r, context: { ...r.context, salary: (r.context.salary ?? 30_000) * (1 + 0.01 * Math.floor(i / rows.length)) } };
  });
  const fresh = compileReference(compiled.data);
  const started = performance.now();
  for (const r of sample) classifyInContext(fresh, r.title, r.context, lists[r.list]);
  const ms = performance.now() - started;
  console.log(`  speed: 3,000 distinct (title, context) rows coded in context on a fresh compile in ${Math.round(ms)} ms; target < 1,000 ms ${ms < 1000 ? 'met' : 'MISSED'}`);
}

main();
