/** Wording of exported sheets and columns, matching the dataset page's panels. */
import type { Horizon, OffshoreStatus } from '../scoring/index.ts';
import type { ScenarioKey } from '../../schema/reference/index.ts';

export const SCENARIO_LABELS: Record<ScenarioKey, string> = { conservative: 'Conservative', moderate: 'Moderate', aggressive: 'Aggressive' };

export const HORIZON_LABELS: Record<Horizon, string> = {
  now: 'Now (from the first half-year)',
  near: 'Near (from the second year)',
  later: 'Later (from the third year)',
};

export const OFFSHORE_LABELS: Record<'candidates' | 'hybrid' | 'onshore', string> = {
  candidates: 'Offshore candidates',
  hybrid: 'Hybrid',
  onshore: 'Automate in place',
};

export const OFFSHORE_STATUS_LABELS: Record<OffshoreStatus, string> = {
  offshore: OFFSHORE_LABELS.candidates,
  hybrid: OFFSHORE_LABELS.hybrid,
  onshore: OFFSHORE_LABELS.onshore,
};

export const SOURCE_LABELS: Record<string, string> = {
  override: 'Engagement override',
  pack: 'Industry pack',
  cache: 'Shared cache',
  ai: 'AI',
  rules: 'Rules',
  pending: 'Pending',
};

export const yesNo = (flag: boolean) => (flag ? 'Yes' : 'No');

/**
 * Where a list's market pay comes from, by its currency (the pay tables of the reference: UK pay prices pound
 * lists, US pay dollar lists), for methodology text beside the figures.
 */
export function marketRate(currency: string): string {
  if (currency === 'USD') return 'the US market rate (the BLS OEWS national median of the person’s US occupation)';
  if (currency === 'GBP') return 'the UK market rate (the ONS ASHE median of the person’s UK occupation)';
  return 'the market rate of the person’s occupation';
}

const CURRENCY_NAMES: Record<string, string> = { GBP: 'pounds sterling', USD: 'US dollars', EUR: 'euros' };
/** "US dollars", or the code of a currency without a name here. */
export const currencyWords = (currency: string) => CURRENCY_NAMES[currency] ?? currency;
/** "US dollars (USD)", for notes that name the list's currency. */
export const currencyName = (currency: string) => (CURRENCY_NAMES[currency] ? `${CURRENCY_NAMES[currency]} (${currency})` : currency);
