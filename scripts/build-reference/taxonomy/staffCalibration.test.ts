import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { LabelledStaffTitle } from '../../../bench/staffTitles.ts';
import type { ReferenceData } from '../../../schema/reference/index.ts';
import { calibrateOnStaffTitles, fitRecalibration, reviewThresholdFor } from './staffCalibration.ts';

const samples = (confidence: number, right: number, wrong: number) => [
  ...Array.from({ length: right }, () => ({ confidence, right: true })),
  ...Array.from({ length: wrong }, () => ({ confidence, right: false })),
];
const recalibrated = ({ a, b }: { a: number; b: number }, c: number) => 1 / (1 + Math.exp(-(a + b * Math.log(c / (1 - c)))));

describe('staff-title recalibration of the coder confidence', () => {
  it('leaves the index-title calibration as it is when no staff title took the path', () => {
    expect(fitRecalibration([])).toEqual({ a: 0, b: 1 });
  });

  it('raises the confidence of a path right more often on staff titles than its index-title confidence says', () => {
    const fit = fitRecalibration(samples(0.6, 90, 10));
    expect(recalibrated(fit, 0.6)).toBeGreaterThan(0.8);
  });

  it('lowers the confidence of a path right less often than it says', () => {
    const fit = fitRecalibration(samples(0.8, 40, 60));
    expect(recalibrated(fit, 0.8)).toBeLessThan(0.55);
  });

  it('moves a path the staff titles hold a few of less than one they hold many of', () => {
    const few = recalibrated(fitRecalibration(samples(0.6, 5, 0)), 0.6);
    const many = recalibrated(fitRecalibration(samples(0.6, 100, 0)), 0.6);
    expect(few).toBeGreaterThan(0.6);
    expect(many).toBeGreaterThan(few);
  });

  it('keeps confidence rising with the index-title confidence even when the staff titles rank them the other way', () => {
    const fit = fitRecalibration([...samples(0.3, 30, 0), ...samples(0.9, 0, 30)]);
    expect(fit.b).toBeGreaterThan(0);
    expect(recalibrated(fit, 0.9)).toBeGreaterThan(recalibrated(fit, 0.3));
  });
});

describe('review threshold', () => {
  it('is the lowest confidence above which the titles are right as often as asked', () => {
    const titles = [...samples(0.95, 50, 2), ...samples(0.8, 40, 8), ...samples(0.6, 10, 10)];
    // At 0.61 and above: 90 right of 100; from 0.6 down, 100 of 120; from 0.81, 50 of 52.
    expect(reviewThresholdFor(titles, 0.9, 0)).toBe(0.61);
    expect(reviewThresholdFor(titles, 0.95, 0)).toBe(0.81);
  });

  it('stops where the queue would take more titles than the share it may hold', () => {
    const titles = [...samples(0.95, 50, 2), ...samples(0.8, 40, 8), ...samples(0.6, 10, 10)];
    // 95% right needs 0.81, which leaves 52 of 120 outside; 0.8 leaves 100, the last above two thirds.
    expect(reviewThresholdFor(titles, 0.95, 2 / 3)).toBe(0.8);
  });

  it('is 1 when no threshold leaves titles right often enough', () => {
    expect(reviewThresholdFor(samples(0.9, 1, 9), 0.9, 0)).toBe(1);
  });
});

describe('staff-title recalibration of a built document', () => {
  const seed = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../../seeds/reference-v1.json'), 'utf8')) as ReferenceData;
  const coder = seed.classification.coder!;
  const staff = (title: string, us: string): LabelledStaffTitle => ({ source: 'organogram-titles', title, usSoc2018: us, ukSoc2020: '1111', kind: 'title', certainty: 'sure', altUs: [], altUk: [], note: '' });

  it('keeps the index-title table of every path that fewer than 20 staff titles took', () => {
    const result = calibrateOnStaffTitles(seed, [{ document: seed, titles: [staff('Director of Finance', '11-3031'), staff('Deputy Director, Local Growth Delivery', '11-1021')] }]);
    for (const path of Object.keys(result.calibrationByPath) as (keyof typeof result.calibrationByPath)[]) {
      expect(result.calibrationByPath[path], path).toEqual(coder.calibrationByPath?.[path] ?? coder.calibration);
    }
    expect(result.stats.staffTitles).toBe(2);
  });

  it('gives a curated rule its staff-title precision, pulled towards the index figure', () => {
    const wrongEveryTime = Array.from({ length: 20 }, () => staff('Payroll Officer', '99-9999'));
    expect(calibrateOnStaffTitles(seed, [{ document: seed, titles: wrongEveryTime }]).curatedConfidence).toBeLessThan(0.1);
  });

  it('gives a role whose rules the staff titles hit ten times or more its own precision, pulled towards all curated rules', () => {
    const titles = [
      ...Array.from({ length: 20 }, () => staff('Payroll Officer', '43-3051')),
      ...Array.from({ length: 20 }, () => staff('Finance Manager', '99-9999')),
      staff('Solicitor', '23-1011'),
    ];
    const result = calibrateOnStaffTitles(seed, [{ document: seed, titles }]);
    const roles = Object.keys(result.curatedConfidenceByRole);
    expect(roles).toHaveLength(2);
    const [right, wrong] = roles.map((role) => result.curatedConfidenceByRole[role]).sort((a, b) => b - a);
    expect(right).toBeGreaterThan(result.curatedConfidence);
    expect(wrong).toBeLessThan(result.curatedConfidence);
    expect(wrong).toBeGreaterThan(0);
  });

  it('gives curated hits whose US major group the coder disputes their own precision, never above all curated rules', () => {
    // The rule files a procurement lead with buyers (13); the coder reads a lead as a manager (11).
    const titles = [...Array.from({ length: 20 }, () => staff('Procurement Lead', '11-3061')), ...Array.from({ length: 20 }, () => staff('Payroll Administrator', '43-3051'))];
    const result = calibrateOnStaffTitles(seed, [{ document: seed, titles }]);
    expect(result.stats.curatedDisputed).toBe(20);
    expect(result.curatedDisputedConfidence).toBeLessThan(0.2);
    expect(result.curatedConfidence).toBeGreaterThan(0.4);
  });
});
