import type { DatasetSummary } from '../../../schema/datasetSummary.ts';
import type { ReferenceData, Role } from '../../../schema/reference/index.ts';
import { compileReference, type CompiledReference } from '../../reference/compile.ts';
import { validateReferenceData } from '../../reference/validate.ts';
import { buildDatasetSummary } from '../build.ts';
import { defaultSettings } from '../settings.ts';
import type { ScoringRow, TitleClassification } from '../types.ts';

/**
 * A tiny reference document whose every figure is chosen so results can be worked out by hand:
 *
 * - share of work AI touches s(p) = (10 + 50·p/100)/100; automation a = s·0.5·rubric.automation,
 *   augmentation g = s·0.5·rubric.augmentation.
 * - exposure percentiles: Accountant 80, Payroll Administrator 90, Software Developer 60, Bus Driver 10,
 *   Office Clerk 40 (anchor only: its US code has no AIOE entry), Other / Uncategorised none (imputed 50).
 * - UK medians: 2421 £40,000, 4122 £25,000, 2134 £50,000, 8213 £30,000, 4159 £22,000 (the default code);
 *   proxy 4129 £24,000; fallback £20,000. Employer cost multiplier 1.2.
 * - regions: uk (1, native, the baseline), london (1.25, native), india (0.4, not native).
 * - scenarios (automation realised, augmentation productivity): conservative 0.2/0.1, moderate 0.4/0.2,
 *   aggressive 0.6/0.3. Reinvestment 10 % to 30 %. ROI bands' midpoints 2, 3, 4.
 */

const role = (category: string, subcategory: string, ukSoc2020: string | null, anchor: [string, number] | null, rubric = { automation: 1, augmentation: 1 }): Role => ({
  category,
  subcategory,
  ukSoc2020,
  anchor: anchor ? { usSoc2018: anchor[0], socTitle: `Occupation ${anchor[0]}`, aioePercentile: anchor[1] } : null,
  rubric,
});

export function tinyReferenceData(): ReferenceData {
  return {
    schemaVersion: 1,
    occupations: {
      usMajorGroups: {
        '13': 'Business and Financial Operations',
        '15': 'Computer and Mathematical',
        '43': 'Office and Administrative Support',
        '53': 'Transportation and Material Moving',
      },
      us: {
        '13-2011': { title: 'Accountants and Auditors', major: '13' },
        '15-1252': { title: 'Software Developers', major: '15' },
        '43-3051': { title: 'Payroll and Timekeeping Clerks', major: '43' },
        '43-9061': { title: 'Office Clerks, General', major: '43' },
        '53-3052': { title: 'Bus Drivers, Transit and Intercity', major: '53' },
      },
      aioe: {
        '13-2011': { score: 1.2, percentile: 80 },
        '15-1252': { score: 0.8, percentile: 60 },
        '43-3051': { score: 1.4, percentile: 90 },
        '53-3052': { score: -1.1, percentile: 10 },
      },
      uk: {
        '2421': { title: 'Chartered and certified accountants', median: 40_000, p25: null, p75: null },
        '4122': { title: 'Book-keepers, payroll managers and wages clerks', median: 25_000, p25: null, p75: null },
        '2134': { title: 'Programmers and software development professionals', median: 50_000, p25: null, p75: null },
        '8213': { title: 'Bus and coach drivers', median: 30_000, p25: null, p75: null },
        '4159': { title: 'Other administrative occupations n.e.c.', median: 22_000, p25: null, p75: null },
      },
      ukProxyMedians: { '4129': 24_000 },
      ukDefaultCode: '4159',
      fallbackMedian: 20_000,
    },
    taxonomy: {
      rules: [
        { pattern: '^associate$', category: 'Finance', subcategory: 'Accountant', division: 'Finance' },
        { pattern: '\\baccountant\\b', category: 'Finance', subcategory: 'Accountant' },
        { pattern: '\\bpayroll\\b', category: 'Finance', subcategory: 'Payroll Administrator' },
        { pattern: '\\bdeveloper\\b', category: 'Technology', subcategory: 'Software Developer' },
        { pattern: '\\bdriver\\b', category: 'Logistics', subcategory: 'Bus Driver' },
        { pattern: '\\bclerk\\b', category: 'Administration', subcategory: 'Office Clerk' },
        { pattern: '^associate$', category: 'Administration', subcategory: 'Office Clerk' },
      ],
      roles: [
        role('Finance', 'Accountant', '2421', ['13-2011', 80]),
        role('Finance', 'Payroll Administrator', '4122', ['43-3051', 90], { automation: 1.2, augmentation: 0.8 }),
        role('Technology', 'Software Developer', '2134', ['15-1252', 60], { automation: 0.5, augmentation: 1.5 }),
        role('Logistics', 'Bus Driver', '8213', ['53-3052', 10]),
        role('Administration', 'Office Clerk', null, ['43-9061', 40]),
        role('Other', 'Uncategorised', null, null),
      ],
      defaultRubric: { automation: 0.5, augmentation: 0.5 },
    },
    exposure: { augFloor: 10, augCeil: 60, aeiAutoShare: 0.5, horizonNowFrom: 70, horizonNearFrom: 50 },
    classification: { reviewThreshold: 0.6 },
    costs: { employerCostMultiplier: 1.2 },
    locations: {
      regions: [
        { key: 'uk', label: 'United Kingdom', defaultFactor: 1, countryAliases: ['UK', 'United Kingdom'], keywords: [], nativeSalary: true },
        { key: 'london', label: 'London', defaultFactor: 1.25, countryAliases: ['London'], keywords: ['london'], nativeSalary: true },
        { key: 'india', label: 'India', defaultFactor: 0.4, countryAliases: ['India'], keywords: ['bangalore'], nativeSalary: false },
      ],
      baselineRegion: 'uk',
    },
    scenarios: {
      conservative: { automationRealised: 0.2, augmentationProductivity: 0.1 },
      moderate: { automationRealised: 0.4, augmentationProductivity: 0.2 },
      aggressive: { automationRealised: 0.6, augmentationProductivity: 0.3 },
    },
    programme: {
      curve: [0.25, 0.5, 0.75, 1, 1, 1],
      reinvestment: { components: [{ key: 'tools', label: 'Tools and training', low: 10, high: 30 }], totals: { low: 10, high: 30 } },
      investmentSplit: [
        { key: 'technology', label: 'Technology', percent: 60 },
        { key: 'people', label: 'People', percent: 40 },
      ],
      roiBands: { conservative: { low: 1.5, high: 2.5 }, moderate: { low: 2.5, high: 3.5 }, aggressive: { low: 3, high: 5 } },
      investmentPhases: [
        { key: 'mobilise', label: 'Mobilise', share: 25, fromMonth: 0, toMonth: 6 },
        { key: 'pilot', label: 'Pilot', share: 25, fromMonth: 6, toMonth: 12 },
        { key: 'scale', label: 'Scale', share: 25, fromMonth: 12, toMonth: 24 },
        { key: 'embed', label: 'Embed', share: 25, fromMonth: 24, toMonth: 36 },
      ],
      paybackMonths: 24,
    },
    gcc: { offshoreBelow: 50, onshoreFrom: 70, defaultOffshoreFactor: 0.5, migratableSocMajors: ['15', '43'], migratableSubcategories: ['Accountant'] },
    org: { narrowSpan: 2, wideSpan: 3 },
    lifecycles: {
      generic: {
        phases: [
          { key: 'lead', label: 'Leadership' },
          { key: 'support', label: 'Support functions' },
          { key: 'operate', label: 'Operations' },
        ],
        categoryPhase: { Finance: 'support', Technology: 'support' },
        defaultPhase: 'operate',
      },
      defined: [
        {
          id: 'finance-chain',
          label: 'Finance chain',
          phases: [
            { key: 'front', label: 'Front office' },
            { key: 'back', label: 'Back office' },
          ],
          roleWeights: [{ subcategory: 'Accountant', weights: { front: 0.25, back: 0.75 } }],
          categoryWeights: { Technology: { back: 1 } },
        },
      ],
      autoLifecycleId: null,
      meaningfulShare: 0.5,
    },
    benchmark: {
      aeiGroups: [{ group: 'Office and administrative', socMajor: '43', theoretical: 50, observed: 20, categories: ['Finance'] }],
      sources: ['Fixture source line'],
    },
    copilot: {
      defaults: { licencePricePerMonth: 25, currency: 'GBP', licenceCount: null, licensedTiers: ['core'] },
      tiers: [
        { key: 'core', label: 'Core', note: 'Daily use.' },
        { key: 'regular', label: 'Regular', note: 'Weekly use.' },
        { key: 'occasional', label: 'Occasional', note: 'Some use.' },
        { key: 'limited', label: 'Limited', note: 'Little use.' },
      ],
      fitBySocMajor: { '13': 'core', '43': 'regular', '53': 'limited' },
      defaultTier: 'occasional',
      highSubcategories: ['Payroll Administrator'],
      lowSubcategories: ['Software Developer'],
      unclassifiedSubcategories: ['Bus Driver'],
    },
    packs: [
      { id: 'general', label: 'General', description: 'No overlay.', overlay: [] },
      {
        id: 'finance',
        label: 'Finance',
        description: 'Finance engagements.',
        overlay: [{ pattern: '\\bledger\\b', usSoc2018: '43-3051', ukSoc2020: '4122' }],
        lifecycleId: 'finance-chain',
        copilotFit: { '15': 'core' },
      },
    ],
    sources: { fixture: { id: 'fixture', publisher: 'Test', title: 'Fixture', year: 2024, licence: 'OGL' } },
  };
}

/** The tiny document after `change`, validated (errors fail the test) and compiled. */
export function tinyReference(change: (doc: ReferenceData) => void = () => {}, version = 7): CompiledReference {
  const doc = tinyReferenceData();
  change(doc);
  const result = validateReferenceData(doc);
  const errors = result.issues.filter((i) => i.severity === 'error');
  if (!result.ok || !result.data) throw new Error(`fixture does not validate: ${errors.map((i) => `${i.path}: ${i.message}`).join('; ')}`);
  return compileReference(result.data, version);
}

export const classified = (
  category: string,
  subcategory: string,
  usSoc2018: string | null,
  ukSoc2020: string | null,
  source: TitleClassification['source'] = 'rules',
  confidence = 0.6,
): TitleClassification => ({ usSoc2018, ukSoc2020, category, subcategory, confidence, source });

export const ACCOUNTANT = classified('Finance', 'Accountant', '13-2011', '2421');
export const PAYROLL = classified('Finance', 'Payroll Administrator', '43-3051', '4122');
export const DEVELOPER = classified('Technology', 'Software Developer', '15-1252', '2134');
export const DRIVER = classified('Logistics', 'Bus Driver', '53-3052', '8213');
export const CLERK = classified('Administration', 'Office Clerk', '43-9061', '4159');
export const UNCLASSIFIED = classified('Other', 'Uncategorised', null, '4159', 'rules', 0);

/** A row with every optional field empty; override what the test needs. */
export const row = (employeeId: string, title: string, extra: Partial<ScoringRow> = {}): ScoringRow => ({
  employeeId,
  managerEmployeeId: null,
  title,
  salary: null,
  fte: null,
  location: null,
  division: null,
  ...extra,
});

/** `size` accountants on £40,000: E0 heads the list, `managerOf(i)` names each other one's manager; `extra` sets more. */
export const accountants = (size: number, managerOf: (i: number) => string | null, extra: (i: number) => Partial<ScoringRow> = () => ({})): ScoringRow[] =>
  Array.from({ length: size }, (_, i) => row(`E${i}`, 'Accountant', { salary: 40_000, managerEmployeeId: i > 0 ? managerOf(i) : null, ...extra(i) }));

/** The summary of a list of accountants over the tiny reference, as a dataset made on 15 July 2026 gets it. */
export function accountantsSummary(rows: ScoringRow[], reference: CompiledReference = tinyReference()): DatasetSummary {
  return buildDatasetSummary({
    rows,
    classifications: new Map([['Accountant', ACCOUNTANT]]),
    reference,
    settings: defaultSettings(reference),
    packId: 'general',
    createdAt: '2026-07-15T09:00:00Z',
    stats: {},
  });
}
