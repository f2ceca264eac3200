/** Wording of exported sheets and columns, matching the dataset page's panels. */
import type { Horizon, OffshoreStatus } from '../scoring/index.ts';
import { linkedPeople } from '../scoring/org.ts';
import type { OrganisationSummary } from '../../schema/datasetSummary.ts';
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

const wholeNumber = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });
const people = (n: number) => `${wholeNumber.format(n)} ${n === 1 ? 'person' : 'people'}`;

/** The rule for showing spans and layers (scoring.md §6, MIN_LINKED_SHARE), said the same way on the page, in the report and the workbook. */
export const REPORTING_LINES_RULE =
  'Layers and spans of control are shown only when at least half of the people report, through managers in the list, to the top of the organisation.';

/** Said in place of layers and spans when a list has no reporting lines, with why, from its stored figures. */
export function noReportingLinesText(o: OrganisationSummary): string {
  const linked = linkedPeople(o);
  if (linked === 0 && o.unresolved === 0 && o.disconnected === 0) {
    return 'There are no reporting lines in this list: no one in it names a manager, so it has no layers or spans of control.';
  }
  const missing = o.unresolved > 0 ? ` ${people(o.unresolved)} ${o.unresolved === 1 ? 'names' : 'name'} a manager who is not in the list.` : '';
  return `There are no usable reporting lines in this list: only ${wholeNumber.format(linked)} of ${people(o.people)} reach the top of the organisation through managers in the list, so it has no layers or spans of control.${missing}`;
}
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
