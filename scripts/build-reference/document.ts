import type { ReferenceData } from '../../schema/reference/index.ts';
import { buildOccupations } from './occupations.ts';
import { buildPolicySections } from './policy/index.ts';
import { buildTaxonomy, DEFAULT_TAXONOMY_OPTIONS, type TaxonomyBuild, type TaxonomyOptions } from './taxonomy/index.ts';
import { DEV_STAFF_TITLES_PATH, loadLabelledStaffTitles, TRAIN_STAFF_TITLES_PATH } from '../../bench/staffTitles.ts';
import { titleHash } from './taxonomy/holdout.ts';
import type { StaffTrainingTitle } from './taxonomy/coder.ts';
import { calibrateOnStaffRows, type ContextCalibration } from './taxonomy/contextCalibration.ts';
import { calibrateOnStaffTitles, type CalibrationTitles, type StaffCalibration } from './taxonomy/staffCalibration.ts';
import { loadTitleSets, type TitleSets } from './taxonomy/titleSets.ts';

/** The hand-labelled staff titles the coder learns from (bench/data/staff-titles-train.csv). */
export const staffTrainingTitles = (file = TRAIN_STAFF_TITLES_PATH): StaffTrainingTitle[] =>
  loadLabelledStaffTitles(file).map((t) => ({ title: t.title, us: t.usSoc2018, uk: t.ukSoc2020 }));

/** Folds of the training staff titles for the staff calibration's cross-fitting. */
const STAFF_FOLDS = 5;
const staffFold = (title: string) => titleHash(`${title}#staff-fold`) % STAFF_FOLDS;

/**
 * The whole reference document from shared/data: occupations and taxonomy (this folder), then the thirteen
 * policy sections, which read the taxonomy to name real roles. `train` lets the bench build a document from
 * a reduced training side (its validation mode); the seed always uses the full training side. The coder also
 * learns from hand-labelled real staff titles (`staff`), and its confidence is then recalibrated on a second,
 * separate labelled set.
 */
export function buildReferenceDocument(
  dataDir: string,
  options: TaxonomyOptions = DEFAULT_TAXONOMY_OPTIONS,
  train?: TitleSets['train'],
  staff: readonly StaffTrainingTitle[] = staffTrainingTitles(),
): { document: ReferenceData; stats: TaxonomyBuild['stats'] & { staffCalibration: StaffCalibration['stats']; contextCalibration: ContextCalibration['stats'] } } {
  const occupations = buildOccupations(dataDir);
  const { taxonomy, coder, coderWithStaff, stats } = buildTaxonomy(dataDir, occupations, train ?? loadTitleSets(dataDir).train, options, undefined, staff);
  const { exposure, ...policy } = buildPolicySections({ dataDir, occupations, taxonomy });
  const document: ReferenceData = {
    schemaVersion: 1,
    occupations,
    taxonomy,
    exposure,
    // Every title in review until the staff titles below choose the threshold.
    classification: { reviewThreshold: 1, coder: coder.coder },
    ...policy,
  };
  // Confidence is recalibrated on hand-labelled real staff titles, the kind of title it is given for: the
  // development set, and each fold of the training titles as coded by a coder that learnt only the others.
  const sets: CalibrationTitles[] = [{ document, titles: loadLabelledStaffTitles(DEV_STAFF_TITLES_PATH) }];
  for (let fold = 0; fold < STAFF_FOLDS; fold++) {
    const foldCoder = coderWithStaff(staff.filter((t) => staffFold(t.title) !== fold)).coder;
    sets.push({
      document: { ...document, classification: { ...document.classification, coder: foldCoder } },
      titles: staff.filter((t) => staffFold(t.title) === fold).map((t) => ({ title: t.title, usSoc2018: t.us })),
    });
  }
  const recalibrated = calibrateOnStaffTitles(document, sets);
  coder.coder.calibrationByPath = recalibrated.calibrationByPath;
  coder.coder.curatedConfidence = recalibrated.curatedConfidence;
  coder.coder.curatedConfidenceByRole = recalibrated.curatedConfidenceByRole;
  coder.coder.curatedDisputedConfidence = recalibrated.curatedDisputedConfidence;
  document.classification.reviewThreshold = recalibrated.reviewThreshold;
  // Readings in a row's context are calibrated apart, on real staff rows with their context.
  const inContext = calibrateOnStaffRows(document);
  coder.coder.contextModel = inContext.model;
  // One threshold for both readings: the lowest at which real staff titles read alone, and real staff rows read in
  // their context, are each right as often as the review rule asks.
  document.classification.reviewThreshold = Math.max(recalibrated.reviewThreshold, inContext.reviewThreshold);
  return { document, stats: { ...stats, staffCalibration: recalibrated.stats, contextCalibration: inContext.stats } };
}
