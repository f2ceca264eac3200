import { describe, expect, it } from 'vitest';
import type { ReferenceData } from '../../schema/reference/index.ts';
import { validateReferenceData } from './validate.ts';
import { at, mutated, seed } from './test/seed.ts';

/** A draft whose coder could give an unknown occupation, or fail while classifying, cannot be published. */

function errorsAt(change: (doc: ReferenceData) => void, path: string) {
  const result = validateReferenceData(mutated(change));
  expect(result.ok).toBe(false);
  return at(result.issues, 'error', path);
}

const coder = seed.classification.coder!;
const firstFeature = Object.keys(coder.us.features)[0];

describe('validateReferenceData: scored coder cross-checks', () => {
  it('accepts the seed coder', () => {
    expect(validateReferenceData(seed).issues.filter((i) => i.path.startsWith('classification'))).toEqual([]);
  });

  it('reports a model code the US catalogue does not know', () => {
    expect(errorsAt((d) => (d.classification.coder!.us.codes[0] = '99-9999'), 'classification.coder.us.codes.0')[0].message).toBe('unknown US code 99-9999');
  });

  it('reports a feature pointing past the code list', () => {
    expect(errorsAt((d) => d.classification.coder!.us.features[firstFeature].push(coder.us.codes.length, 1), `classification.coder.us.features.${firstFeature}`)).toHaveLength(1);
  });

  it('reports title counts that do not match the codes', () => {
    expect(errorsAt((d) => d.classification.coder!.uk.titles.pop(), 'classification.coder.uk.titles')).toHaveLength(1);
  });

  it('reports a function whose UK code has no pay, neither its own nor a stated proxy', () => {
    const unpriced = '1171';
    expect(unpriced in seed.occupations.uk).toBe(false);
    const withoutProxy = (d: ReferenceData) => {
      delete d.occupations.ukUnpriced?.[unpriced];
      d.classification.coder!.functions[0].uk = unpriced;
    };
    expect(errorsAt(withoutProxy, 'classification.coder.functions.0.uk')).toHaveLength(1);
  });

  it('accepts a function whose UK code is priced by its stated proxy (occupations.ukUnpriced)', () => {
    const result = validateReferenceData(mutated((d) => (d.classification.coder!.functions[0].uk = '1161')));
    expect(at(result.issues, 'error', 'classification.coder.functions.0.uk')).toHaveLength(0);
  });

  it('reports an exact index title coded to an unknown US code', () => {
    expect(errorsAt((d) => (d.classification.coder!.exact['wibble keeper'] = ['99-9999', '']), 'classification.coder.exact.wibble keeper')).toHaveLength(1);
  });

  it('reports calibration points that fall', () => {
    expect(errorsAt((d) => d.classification.coder!.calibration.push([1, 0]), `classification.coder.calibration.${coder.calibration.length}`)).toHaveLength(1);
  });

  it('reports a coder path whose own calibration points fall', () => {
    const head = coder.calibrationByPath!.head!;
    expect(errorsAt((d) => d.classification.coder!.calibrationByPath!.head!.push([1, 0]), `classification.coder.calibrationByPath.head.${head.length}`)).toHaveLength(1);
  });

  it('warns of a curated rate for a role no rule names, and accepts the seed rates', () => {
    expect(Object.keys(coder.curatedConfidenceByRole ?? {}).length).toBeGreaterThan(0);
    const result = validateReferenceData(mutated((d) => (d.classification.coder!.curatedConfidenceByRole!['Wibble Keeper'] = 0.5)));
    expect(result.ok).toBe(true);
    expect(at(result.issues, 'warning', 'classification.coder.curatedConfidenceByRole.Wibble Keeper')[0].message).toBe("no role is named 'Wibble Keeper', so this rate is never used");
  });
});
