import { HttpError } from '../http/httpError.ts';
import { resolveSettings, type DatasetSettings } from '../../workers/scoring/index.ts';
import type { CompiledReference } from '../../workers/reference/index.ts';
import type { Dataset } from '../repositories/datasetsRepository.ts';

/**
 * The dataset's saved assumptions over the defaults of its home region in this reference version (currency and
 * employer cost multiplier). Refused with 400 bad_request when the version cannot price a list there: a region
 * it does not define, or one whose currency has no pay table.
 */
export function datasetSettings(dataset: Pick<Dataset, 'settings'>, reference: CompiledReference): DatasetSettings {
  const saved = dataset.settings as Partial<DatasetSettings>;
  const settings = resolveSettings(reference, saved);
  if (!settings) {
    const homes = reference.homeRegions.map((r) => r.key).join(', ');
    throw new HttpError(400, 'bad_request', `Reference version ${reference.version ?? 1} cannot price a list whose home is "${saved.region}": choose one of ${homes}.`);
  }
  return settings;
}
