import type { CompiledReference } from '../reference/compile.ts';
import type { DatasetSettings } from './types.ts';

/** Settings for a new dataset: the employer cost multiplier of the reference version it is pinned to. */
export function defaultSettings(reference: CompiledReference): DatasetSettings {
  return { employerCostMultiplier: reference.data.costs.employerCostMultiplier };
}
