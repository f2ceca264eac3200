import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { drawDevSample, drawSample, drawTrainSample, looseKey } from './data/sample-staff-titles.ts';
import {
  confidenceBin,
  DEFAULT_STAFF_TITLES_PATH,
  DEV_STAFF_TITLES_PATH,
  loadLabelledStaffTitles,
  TRAIN_STAFF_TITLES_PATH,
  parseCsv,
  scoreStaffTitles,
  type LabelledStaffTitle,
  type StaffTitlePrediction,
  type StaffTitleSource,
} from './staffTitles.ts';

// shared/ sits beside the repository, wherever it is cloned.
const SHARED = path.resolve(import.meta.dirname, '../../shared/data');
const US_STRUCTURE = path.join(SHARED, 'us-soc-2018-structure', 'soc2018_detailed.csv');
const UK_STRUCTURE = path.join(SHARED, 'uk-soc-2020-structure', 'soc2020_unit_groups.csv');
const haveCatalogues = fs.existsSync(US_STRUCTURE) && fs.existsSync(UK_STRUCTURE);
const haveStaffLists = fs.existsSync(path.join(SHARED, 'staff-lists', 'us-payroll-titles.txt'));

function mk(
  title: string,
  source: StaffTitleSource,
  usSoc2018: string,
  ukSoc2020: string,
  altUs: string[] = [],
  altUk: string[] = [],
): LabelledStaffTitle {
  return {
    source,
    title,
    usSoc2018,
    ukSoc2020,
    kind: 'title',
    certainty: altUs.length || altUk.length ? 'doubtful' : 'sure',
    altUs,
    altUk,
    note: '',
  };
}

const pred = (usSoc2018: string | null, ukSoc2020: string | null, confidence: number, reviewRequired: boolean): StaffTitlePrediction => ({
  usSoc2018,
  ukSoc2020,
  confidence,
  reviewRequired,
});

describe('scoreStaffTitles arithmetic', () => {
  const items = [
    mk('A', 'organogram-titles', '11-1021', '1111'),
    mk('B', 'ea-junior', '19-2041', '2152', ['19-4042'], ['3119']),
    mk('C', 'dft-junior', '43-9061', '4111'),
    mk('D', 'us-payroll', '29-1021', '2253'),
    mk('E', 'us-payroll', '33-3051', '3312'),
  ];
  const predictions: Record<string, StaffTitlePrediction> = {
    A: pred('11-1021', '1111', 0.95, false), // all right
    B: pred('19-4042', '3119', 0.55, true), // right only via alt codes (US major right strictly)
    C: pred(null, null, 0.1, true), // no code
    D: pred('29-1021', '2253', 1, false), // all right
    E: pred('33-1012', '1162', 0.58, false), // US major right, rest wrong
  };
  const seen: string[] = [];
  const score = scoreStaffTitles(items, (t) => {
    seen.push(t);
    return predictions[t];
  });

  it('classifies each title once', () => {
    expect(seen).toEqual(['A', 'B', 'C', 'D', 'E']);
  });

  it('overall strict and lenient accuracies, coverage and review', () => {
    const o = score.overall;
    expect(o.n).toBe(5);
    expect(o.usMajorAccuracy).toBeCloseTo(0.8);
    expect(o.usDetailedAccuracy).toBeCloseTo(0.4);
    expect(o.ukMajorAccuracy).toBeCloseTo(0.4);
    expect(o.ukUnitAccuracy).toBeCloseTo(0.4);
    expect(o.lenient.usMajor).toBeCloseTo(0.8);
    expect(o.lenient.usDetailed).toBeCloseTo(0.6);
    expect(o.lenient.ukMajor).toBeCloseTo(0.6);
    expect(o.lenient.ukUnit).toBeCloseTo(0.6);
    expect(o.coverage).toBeCloseTo(0.8);
    expect(o.reviewShare).toBeCloseTo(0.4);
    expect(o.nOutsideReview).toBe(3);
    expect(o.usMajorAccuracyOutsideReview).toBeCloseTo(1);
  });

  it('reliability bins and ECE', () => {
    const o = score.overall;
    expect(o.reliability).toHaveLength(10);
    expect(o.reliability.map((b) => b.n)).toEqual([0, 1, 0, 0, 0, 2, 0, 0, 0, 2]);
    expect(o.reliability[9].meanConfidence).toBeCloseTo(0.975);
    expect(o.reliability[9].usMajorAccuracy).toBeCloseTo(1);
    expect(o.reliability[5].meanConfidence).toBeCloseTo(0.565);
    expect(o.reliability[5].usMajorAccuracy).toBe(1);
    expect(o.reliability[0].meanConfidence).toBeNull();
    // (2/5)|1 - 0.975| + (2/5)|0 - 0.565| + (1/5)|0 - 0.1|
    // Bin 5's two titles are right at the US major group: 2/5 · (1 − 0.565).
    expect(o.ece).toBeCloseTo(0.01 + 0.174 + 0.02);
  });

  it('splits UK sources from US payroll', () => {
    expect(score.uk.n).toBe(3);
    expect(score.uk.usMajorAccuracy).toBeCloseTo(2 / 3);
    expect(score.uk.usDetailedAccuracy).toBeCloseTo(1 / 3);
    expect(score.uk.ukUnitAccuracy).toBeCloseTo(1 / 3);
    expect(score.uk.coverage).toBeCloseTo(2 / 3);
    expect(score.uk.reviewShare).toBeCloseTo(2 / 3);
    expect(score.uk.usMajorAccuracyOutsideReview).toBeCloseTo(1);
    // Calibration is judged on the US major group: the 0.55 title is right there (0.45), the 0.95 one too (0.05), the 0.9 one too (0.1).
    expect(score.uk.ece).toBeCloseTo((0.05 + 0.45 + 0.1) / 3);
    expect(score.us.n).toBe(2);
    expect(score.us.usMajorAccuracy).toBeCloseTo(1);
    expect(score.us.usDetailedAccuracy).toBeCloseTo(0.5);
    expect(score.us.ukMajorAccuracy).toBeCloseTo(0.5);
    expect(score.us.reviewShare).toBe(0);
    // Both US titles are right at the US major group.
    expect(score.us.ece).toBeCloseTo(0.21);
  });

  it('an empty group gives nulls, not NaN', () => {
    const s = scoreStaffTitles([items[0]], () => predictions.A);
    expect(s.us.n).toBe(0);
    expect(s.us.usMajorAccuracy).toBeNull();
    expect(s.us.ece).toBeNull();
    expect(s.us.usMajorAccuracyOutsideReview).toBeNull();
  });

  it('bins confidence in 0.1 steps, 1.0 in the last bin', () => {
    expect([0, 0.0999, 0.1, 0.3, 0.7, 0.95, 1, -0.2, 1.5, Number.NaN].map(confidenceBin)).toEqual([
      0, 0, 1, 3, 7, 9, 9, 0, 9, 0,
    ]);
  });
});

describe('parseCsv / loadLabelledStaffTitles', () => {
  it('parses RFC 4180 quoting', () => {
    expect(parseCsv('a,"b, ""c""",d\r\n"x\ny",,z\n')).toEqual([
      ['a', 'b, "c"', 'd'],
      ['x\ny', '', 'z'],
    ]);
  });

  it('rejects a malformed file', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'staff-titles-'));
    const f = path.join(dir, 'bad.csv');
    fs.writeFileSync(f, 'source,title,us_soc2018,uk_soc2020,kind,certainty,alt_us,alt_uk,note\nus-payroll,X,291021,2253,title,sure,,,\n');
    expect(() => loadLabelledStaffTitles(f)).toThrow(/bad US code/);
  });
});

const ALL_SOURCES = ['dft-junior', 'dft-senior', 'ea-junior', 'ea-senior', 'organogram-titles', 'us-payroll'];

function describeLabelledSet(name: string, file: string, draw: () => { source: string; title: string }[], sources = ALL_SOURCES) {
  describe(name, () => {
    const items = loadLabelledStaffTitles(file);

    it(`has at least 300 rows from ${sources.length === ALL_SOURCES.length ? 'every source' : sources.join(', ')}, with sane fields`, () => {
      expect(items.length).toBeGreaterThanOrEqual(300);
      expect([...new Set(items.map((i) => i.source))].sort()).toEqual(sources);
      expect(new Set(items.map((i) => i.title)).size).toBe(items.length);
      for (const i of items) {
        if (i.certainty === 'doubtful') expect(i.altUs.length + i.altUk.length, i.title).toBeGreaterThan(0);
        expect(i.altUs, i.title).not.toContain(i.usSoc2018);
        expect(i.altUk, i.title).not.toContain(i.ukSoc2020);
        expect(i.note.trim(), i.title).not.toBe('');
      }
    });

    it.skipIf(!haveCatalogues)('uses only codes present in the SOC 2018 and SOC 2020 catalogues', () => {
      const us = new Set(parseCsv(fs.readFileSync(US_STRUCTURE, 'utf8')).slice(1).map((r) => r[0]));
      const uk = new Set(parseCsv(fs.readFileSync(UK_STRUCTURE, 'utf8')).slice(1).map((r) => r[0]));
      expect(us.size).toBe(867);
      expect(uk.size).toBe(412);
      const badUs = items.flatMap((i) => [i.usSoc2018, ...i.altUs].filter((c) => !us.has(c)).map((c) => `${i.title}: ${c}`));
      const badUk = items.flatMap((i) => [i.ukSoc2020, ...i.altUk].filter((c) => !uk.has(c)).map((c) => `${i.title}: ${c}`));
      expect(badUs).toEqual([]);
      expect(badUk).toEqual([]);
    });

    it.skipIf(!haveStaffLists)('is exactly the deterministic sample, in order', () => {
      expect(items.map((i) => ({ source: i.source, title: i.title }))).toEqual(draw());
    });
  });
}

describeLabelledSet('the labelled staff-titles set (evaluation)', DEFAULT_STAFF_TITLES_PATH, drawSample);
describeLabelledSet('the labelled staff-titles set (development and calibration)', DEV_STAFF_TITLES_PATH, drawDevSample);
// The earlier draws took every Environment Agency senior title and every DfT junior one.
describeLabelledSet('the labelled staff-titles set (training)', TRAIN_STAFF_TITLES_PATH, drawTrainSample, ['dft-senior', 'ea-junior', 'organogram-titles', 'us-payroll']);

it('shares no title between the evaluation and the development sets', () => {
  const evaluation = new Set(loadLabelledStaffTitles().map((i) => i.title));
  expect(loadLabelledStaffTitles(DEV_STAFF_TITLES_PATH).filter((i) => evaluation.has(i.title))).toEqual([]);
});

it('shares no title, even one differing only in case or punctuation, between the training set and the other two', () => {
  const measured = new Set([...loadLabelledStaffTitles(), ...loadLabelledStaffTitles(DEV_STAFF_TITLES_PATH)].map((i) => looseKey(i.title)));
  expect(loadLabelledStaffTitles(TRAIN_STAFF_TITLES_PATH).filter((i) => measured.has(looseKey(i.title)))).toEqual([]);
});
