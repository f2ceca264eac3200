import { defaultSettings, type DatasetSettings } from '../../workers/scoring/index.ts';
import type { CompiledReference } from '../../workers/reference/index.ts';
import type { Dataset } from '../repositories/datasetsRepository.ts';

/** The dataset's saved assumptions over the defaults of its reference version. */
export function datasetSettings(dataset: Pick<Dataset, 'settings'>, reference: CompiledReference): DatasetSettings {
  return { ...defaultSettings(reference), ...(dataset.settings as Partial<DatasetSettings>) };
}
