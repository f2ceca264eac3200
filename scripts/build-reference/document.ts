import type { ReferenceData } from '../../schema/reference/index.ts';
import { buildOccupations } from './occupations.ts';
import { buildPolicySections } from './policy/index.ts';
import { buildTaxonomy, DEFAULT_TAXONOMY_OPTIONS, type TaxonomyBuild, type TaxonomyOptions } from './taxonomy/index.ts';
import { calibrateOnStaffTitles, type StaffCalibration } from './taxonomy/staffCalibration.ts';
import { loadTitleSets, type TitleSets } from './taxonomy/titleSets.ts';

/**
 * The whole reference document from shared/data: occupations and taxonomy (this folder), then the thirteen
 * policy sections, which read the taxonomy to name real roles. `train` lets the bench build a document from
 * a reduced training side (its validation mode); the seed always uses the full training side.
 */
export function buildReferenceDocument(
  dataDir: string,
  options: TaxonomyOptions = DEFAULT_TAXONOMY_OPTIONS,
  train?: TitleSets['train'],
): { document: ReferenceData; stats: TaxonomyBuild['stats'] & { staffCalibration: StaffCalibration['stats'] } } {
  const occupations = buildOccupations(dataDir);
  const { taxonomy, coder, stats } = buildTaxonomy(dataDir, occupations, train ?? loadTitleSets(dataDir).train, options);
  const { exposure, ...policy } = buildPolicySections({ dataDir, occupations, taxonomy });
  const document: ReferenceData = {
    schemaVersion: 1,
    occupations,
    taxonomy,
    exposure,
    classification: { reviewThreshold: coder.reviewThreshold, coder: coder.coder },
    ...policy,
  };
  // Confidence is recalibrated on hand-labelled real staff titles, the kind of title it is given for.
  const staff = calibrateOnStaffTitles(document);
  coder.coder.calibrationByPath = staff.calibrationByPath;
  coder.coder.curatedConfidence = staff.curatedConfidence;
  return { document, stats: { ...stats, staffCalibration: staff.stats } };
}
