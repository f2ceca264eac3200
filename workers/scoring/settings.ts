import type { Region } from '../../schema/reference/index.ts';
import type { CompiledReference } from '../reference/compile.ts';
import type { DatasetSettings } from './types.ts';

/**
 * The home region a dataset's settings name, if the reference version can price a list there; the baseline
 * region for settings saved before lists had a home (they were all in pounds).
 */
export function homeRegionOf(reference: CompiledReference, regionKey: string | undefined): Region | null {
  if (regionKey === undefined) return reference.baselineRegion;
  return reference.homeRegions.find((r) => r.key === regionKey) ?? null;
}

const settingsAt = (reference: CompiledReference, region: Region): DatasetSettings => ({
  employerCostMultiplier: reference.employerCostMultiplierOf(region),
  region: region.key,
  currency: reference.currencyOf(region),
});

/** Settings for a new dataset of the baseline region: pounds and the costs section's employer cost multiplier. */
export function defaultSettings(reference: CompiledReference): DatasetSettings {
  return settingsAt(reference, reference.baselineRegion);
}

/**
 * Settings for a new dataset whose home is `regionKey`: that region's currency and employer cost multiplier.
 * Null when the version cannot price a list there.
 */
export function homeSettings(reference: CompiledReference, regionKey: string | undefined): DatasetSettings | null {
  const region = homeRegionOf(reference, regionKey);
  return region ? settingsAt(reference, region) : null;
}

/**
 * A dataset's saved settings over the defaults of its home region. The currency always follows the home
 * region, so a stored currency can never disagree with the pay the list is priced with. Settings saved before
 * lists had a home read as the baseline region in pounds. Null when the version cannot price the home region.
 */
export function resolveSettings(reference: CompiledReference, saved: Partial<DatasetSettings>): DatasetSettings | null {
  const defaults = homeSettings(reference, saved.region);
  if (!defaults) return null;
  return { ...defaults, ...(saved.employerCostMultiplier === undefined ? {} : { employerCostMultiplier: saved.employerCostMultiplier }) };
}

/**
 * The settings a summary was scored with, read against the version it was scored with; a summary stored
 * before lists had a home reads as the baseline region in pounds. Throws when that version cannot price the
 * summary's home region: re-scoring it in another currency would print wrong figures.
 */
export function summarySettings(reference: CompiledReference, settings: Partial<DatasetSettings>): DatasetSettings {
  const resolved = resolveSettings(reference, settings);
  if (!resolved) throw new Error(`reference version ${reference.version ?? 1} cannot price a list whose home is ${settings.region}`);
  return resolved;
}
