import type { ReferenceData, Region } from '../../schema/reference/index.ts';

/** Pounds: the currency of UK pay (ASHE) and of every document made before regions had currencies. */
export const BASELINE_CURRENCY = 'GBP';

/** The currency a region's people are paid in: its own, else pounds (documents made before currencies). */
export const regionCurrency = (region: Pick<Region, 'currency'>): string => region.currency ?? BASELINE_CURRENCY;

/**
 * The currencies the document has market pay in, each with the key of the region its table describes: UK pay
 * for the baseline's currency, US pay (when present) for its region's. A region whose currency has a table and
 * whose salaries are native can be a list's home.
 */
export function pricedCurrencies(data: Pick<ReferenceData, 'locations' | 'occupations'>): Map<string, string> {
  const regions = data.locations.regions;
  const priced = new Map<string, string>();
  const baseline = regions.find((r) => r.key === data.locations.baselineRegion);
  if (baseline) priced.set(regionCurrency(baseline), baseline.key);
  const usPay = data.occupations.usPay;
  const usRegion = usPay && regions.find((r) => r.key === usPay.region);
  if (usRegion && !priced.has(regionCurrency(usRegion))) priced.set(regionCurrency(usRegion), usRegion.key);
  return priced;
}

/** The regions a list can call home, in document order. */
export function homeRegions(data: Pick<ReferenceData, 'locations' | 'occupations'>): Region[] {
  const priced = pricedCurrencies(data);
  return data.locations.regions.filter((r) => r.nativeSalary && priced.has(regionCurrency(r)));
}
