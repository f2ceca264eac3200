import type { CompiledReference } from '../../workers/reference/index.ts';
import type { Dataset } from '../repositories/datasetsRepository.ts';

export interface DatasetSettings {
  employerCostMultiplier: number;
}

/** The dataset's saved assumptions over the defaults of its reference version. */
export function datasetSettings(dataset: Pick<Dataset, 'settings'>, reference: CompiledReference): DatasetSettings {
  return { employerCostMultiplier: reference.data.costs.employerCostMultiplier, ...(dataset.settings as Partial<DatasetSettings>) };
}
