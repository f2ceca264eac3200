import type { ReferenceData } from '../../schema/reference/index.ts';
import { ukPriced } from './checkCatalogue.ts';
import type { IssueCollector } from './issues.ts';

/**
 * Cross-checks of the scored coder (classification.coder): every code it can give must be in the catalogues
 * (US codes known, UK codes with pay), and the models' code indexes must point into their code lists, so a
 * published version can never code a title to an unknown occupation or fail while classifying.
 */
export function checkCoder(data: ReferenceData, out: IssueCollector): void {
  const coder = data.classification.coder;
  if (!coder) return;
  const { us } = data.occupations;
  const base = 'classification.coder';
  const usCode = (path: string, code: string) => code in us || out.error(path, `unknown US code ${code}`);
  const ukCode = (path: string, code: string) => ukPriced(data.occupations, code) || out.error(path, `UK code ${code} has no pay in occupations.uk`);

  for (const [side, known] of [['us', usCode], ['uk', ukCode]] as const) {
    const model = coder[side];
    if (model.titles.length !== model.codes.length) {
      out.error(`${base}.${side}.titles`, `${model.titles.length} title counts for ${model.codes.length} codes`);
    }
    model.codes.forEach((code, i) => known(`${base}.${side}.codes.${i}`, code));
    for (const [key, flat] of Object.entries(model.features)) {
      if (flat.length % 2 !== 0 || flat.some((v, i) => i % 2 === 0 && v >= model.codes.length)) {
        out.error(`${base}.${side}.features.${key}`, 'must hold [code index, count] pairs whose index is in the code list');
      }
    }
  }
  coder.functions.forEach((f, i) => {
    usCode(`${base}.functions.${i}.us`, f.us);
    ukCode(`${base}.functions.${i}.uk`, f.uk);
  });
  for (const key of ['seniorDefault', 'seniorTop'] as const) {
    usCode(`${base}.${key}.us`, coder[key].us);
    ukCode(`${base}.${key}.uk`, coder[key].uk);
  }
  for (const [head, [u, k]] of Object.entries(coder.headDefaults)) {
    usCode(`${base}.headDefaults.${head}`, u);
    ukCode(`${base}.headDefaults.${head}`, k);
  }
  for (const [title, [u, k]] of Object.entries(coder.exact)) {
    if (u) usCode(`${base}.exact.${title}`, u);
    if (k) ukCode(`${base}.exact.${title}`, k);
  }
  const checkRising = (path: string, points: readonly (readonly [number, number])[]) =>
    points.forEach(([raw, calibrated], i) => {
      const previous = points[i - 1];
      if (previous && (raw <= previous[0] || calibrated < previous[1])) {
        out.error(`${path}.${i}`, 'calibration points must rise in raw share and never fall in confidence');
      }
    });
  checkRising(`${base}.calibration`, coder.calibration);
  for (const [path, points] of Object.entries(coder.calibrationByPath ?? {})) checkRising(`${base}.calibrationByPath.${path}`, points);
  // A rate for a role no rule names is never read: most likely a role renamed in a draft.
  const roles = new Set(data.taxonomy.roles.map((r) => r.subcategory));
  for (const role of Object.keys(coder.curatedConfidenceByRole ?? {})) {
    if (!roles.has(role)) out.warning(`${base}.curatedConfidenceByRole.${role}`, `no role is named '${role}', so this rate is never used`);
  }
}
