// The region and currency proposed before upload, on the real lists of ../shared/data/staff-lists (the Baltimore
// City payroll, US dollars; the Environment Agency and DfT organograms, pounds) and on small tables that show one
// piece of evidence each.
import { describe, expect, it } from 'vitest';
import { readStaffList } from '../../bench/mappingLayouts.ts';
import { currencyInText, medianPay, proposeRegion, type DefaultRegion, type ProposalPart, type RegionOption } from './currency.ts';
import { suggestFromData } from './inference.ts';
import type { ColumnMapping } from './mapping.ts';
import { toTable } from './table.ts';

const region = (key: string, label: string, currency: string, home: boolean, extra: Partial<RegionOption> = {}): RegionOption => ({
  key,
  label,
  currency,
  countryAliases: [],
  keywords: [],
  home,
  ...extra,
});

/** The seed's regions in short: the UK family in pounds, the US in dollars, offshore centres not priceable. */
const REGIONS: RegionOption[] = [
  region('uk', 'United Kingdom (national)', 'GBP', true, { countryAliases: ['UK', 'United Kingdom'], typicalPay: 37_430 }),
  region('ireland', 'Ireland', 'EUR', false, { countryAliases: ['Ireland'], keywords: ['dublin'] }),
  region('india', 'India', 'INR', false, { countryAliases: ['India'], keywords: ['bangalore'] }),
  region('united-states', 'United States', 'USD', true, { countryAliases: ['USA', 'United States'], keywords: ['new york', 'chicago'], typicalPay: 49_500 }),
  region('london', 'London', 'GBP', true, { countryAliases: ['London'], keywords: ['london'], typicalPay: 37_430 }),
];
const BASELINE: DefaultRegion = { key: 'uk', source: 'baseline' };

/** A real staff list with the mapping the import suggests for it. */
function realPart(file: string): ProposalPart {
  const table = toTable(readStaffList(file));
  const suggestion = suggestFromData(table);
  return { table, mapping: suggestion.mapping, layout: suggestion.layout?.id ?? null };
}

/** A small table; `mapping` names columns by heading. */
function part(rows: string[][], fields: Partial<Record<'salary' | 'location' | 'title', string>>): ProposalPart {
  const table = toTable(rows, 0);
  const mapping: ColumnMapping = { fields: {}, groupings: [] };
  for (const [field, heading] of Object.entries(fields)) mapping.fields[field as 'salary'] = rows[0]!.indexOf(heading);
  return { table, mapping, layout: null };
}

describe('the real lists', () => {
  it('proposes the United States in dollars for the Baltimore City payroll: a US payroll layout, month-first dates and American spelling', () => {
    const proposal = proposeRegion([realPart('us-payroll-baltimore-city-fy2019.csv')], REGIONS, BASELINE);
    expect(proposal).toMatchObject({ region: 'united-states', currency: 'USD', fromData: true });
    expect(proposal.reason).toBe(
      'The headings are those of a US public payroll table. Dates in “HIRE_DT” are written month first, as in the United States (01/15/2014). 27 titles or units are spelt the American way (“Center”, “Labor”, “Program”), and none the other way.',
    );
  });

  it('proposes the United Kingdom in pounds for the Environment Agency organogram pair, from its (£) headings and layout', () => {
    const parts = ['uk-organogram-environment_agency-2011-09-30-senior.csv', 'uk-organogram-environment_agency-2011-09-30-junior.csv'].map(realPart);
    const proposal = proposeRegion(parts, REGIONS, BASELINE);
    expect(proposal).toMatchObject({ region: 'uk', currency: 'GBP', fromData: true });
    expect(proposal.reason).toMatch(/^The heading “Actual Pay Floor \(£\)” is in pounds sterling\. The headings are those of a UK government organogram\./);
    // The two files' spellings are one piece of evidence, said once.
    expect(proposal.reason.match(/spelt the British way/g)).toHaveLength(1);
  });

  it('proposes the United States in dollars for the US payroll titles one a line, from their American spelling', () => {
    const table = toTable(readStaffList('us-payroll-titles.txt'), -1);
    const proposal = proposeRegion([{ table, mapping: { fields: { title: 0 }, groupings: [] }, layout: null }], REGIONS, BASELINE);
    expect(proposal).toMatchObject({ region: 'united-states', currency: 'USD', fromData: true });
    expect(proposal.reason).toMatch(/^\d+ titles or units are spelt the American way \(“\w+”, “\w+”, “\w+”\), and none the other way\.$/);
  });

  it('proposes the United Kingdom in pounds for the UK organogram titles one a line, from their British spelling', () => {
    const table = toTable(readStaffList('uk-organogram-titles.txt'), -1);
    expect(proposeRegion([{ table, mapping: { fields: { title: 0 }, groupings: [] }, layout: null }], REGIONS, { key: 'united-states', source: 'engagement' })).toMatchObject({
      region: 'uk',
      currency: 'GBP',
      fromData: true,
    });
  });

  it('proposes pounds for the DfT junior organogram alone', () => {
    expect(proposeRegion([realPart('uk-organogram-department_for_transport-2011-09-30-junior.csv')], REGIONS, BASELINE).currency).toBe('GBP');
  });
});

describe('each piece of evidence', () => {
  it('reads dollar signs in the pay cells', () => {
    const proposal = proposeRegion([part([['Title', 'Pay'], ['Clerk', '$41,000'], ['Analyst', '$58,500']], { salary: 'Pay' })], REGIONS, BASELINE);
    expect(proposal).toMatchObject({ region: 'united-states', currency: 'USD' });
    expect(proposal.reason).toBe('100% of the “Pay” amounts carry “$”.');
  });

  it('reads a currency in the pay heading, as in “Salary ($)”', () => {
    const proposal = proposeRegion([part([['Title', 'Salary ($)'], ['Clerk', '41000']], { salary: 'Salary ($)' })], REGIONS, BASELINE);
    expect(proposal.currency).toBe('USD');
    expect(proposal.reason).toBe('The heading “Salary ($)” is in US dollars.');
  });

  it('reads places in the location column, US states among them', () => {
    const rows = [['Title', 'State'], ['Clerk', 'Maryland'], ['Analyst', 'Chicago'], ['Driver', 'Ohio']];
    const proposal = proposeRegion([part(rows, { location: 'State' })], REGIONS, BASELINE);
    expect(proposal.currency).toBe('USD');
    expect(proposal.reason).toBe('100% of the places in “State” are paid in US dollars (such as Maryland).');
  });

  it('keeps the default region with the sign it saw when the reference cannot price that currency', () => {
    const proposal = proposeRegion([part([['Title', 'Pay'], ['Clerk', '€41,000'], ['Analyst', '€58,500']], { salary: 'Pay' })], REGIONS, BASELINE);
    expect(proposal).toMatchObject({ region: 'uk', currency: 'GBP', fromData: false });
    expect(proposal.reason).toMatch(/carry “€”\. This reference version prices lists only in GBP and USD: convert the salaries first/);
  });

  it('reads American spelling in the titles only when no title is spelt the British way', () => {
    const titles = (...list: string[]) => part([['Title'], ...list.map((t) => [t])], { title: 'Title' });
    const american = titles('Labor Relations Officer', 'Program Manager', 'Community Center Director', 'Clerk');
    expect(proposeRegion([american], REGIONS, BASELINE)).toMatchObject({ currency: 'USD', fromData: true });
    const mixed = titles('Labor Relations Officer', 'Program Manager', 'Community Center Director', 'Programme Officer');
    expect(proposeRegion([mixed], REGIONS, BASELINE)).toMatchObject({ currency: 'GBP', fromData: false });
  });

  it('weighs a place above the spelling of the titles', () => {
    const rows = [['Title', 'Office'], ['Labor Analyst', 'London'], ['Program Lead', 'London'], ['Center Manager', 'London']];
    expect(proposeRegion([part(rows, { title: 'Title', location: 'Office' })], REGIONS, BASELINE).currency).toBe('GBP');
  });

  it('keeps the engagement’s region when nothing in the file points to a currency', () => {
    const proposal = proposeRegion([part([['Title', 'Pay'], ['Clerk', '41000']], { salary: 'Pay' })], REGIONS, { key: 'london', source: 'engagement' });
    expect(proposal).toEqual({
      region: 'london',
      currency: 'GBP',
      fromData: false,
      reason: 'No currency sign, currency heading, known layout, place, date or spelling in the file points to a currency, so the engagement’s region, London (GBP), is assumed.',
    });
  });

  it('proposes the currency’s region that is the engagement’s own: London for pound signs in a London engagement', () => {
    const proposal = proposeRegion([part([['Title', 'Pay'], ['Clerk', '£41,000']], { salary: 'Pay' })], REGIONS, { key: 'london', source: 'engagement' });
    expect(proposal.region).toBe('london');
  });

  it('weighs pay signs above a contrary place and says what else it saw', () => {
    const rows = [['Title', 'Pay', 'Office'], ['Clerk', '£41,000', 'New York'], ['Analyst', '£58,500', 'New York']];
    const proposal = proposeRegion([part(rows, { salary: 'Pay', location: 'Office' })], REGIONS, BASELINE);
    expect(proposal.currency).toBe('GBP');
    expect(proposal.reason).toBe('100% of the “Pay” amounts carry “£”. Also seen: 100% of the places in “Office” are paid in US dollars (such as New York).');
  });

  it('points out a median salary far from typical pay in the proposed currency', () => {
    const rows = [['Title', 'Salary (£)'], ['Clerk', '1200000'], ['Analyst', '1500000']];
    expect(proposeRegion([part(rows, { salary: 'Salary (£)' })], REGIONS, BASELINE).reason).toMatch(/The median salary, 1,500,000, is far from typical pay in pounds sterling \(37,430\): check the currency\.$/);
  });
});

describe('helpers', () => {
  it('tells pound, dollar, euro and rupee signs and codes apart', () => {
    expect(['£32,500', 'USD 41000', '€30k', '₹1,200,000', 'CA$70,000', '41000'].map((t) => currencyInText(t)?.currency ?? null)).toEqual(['GBP', 'USD', 'EUR', 'INR', 'CAD', null]);
  });

  it('takes the median of the mapped salaries', () => {
    expect(medianPay([part([['Pay'], ['£10'], ['30'], ['20']], { salary: 'Pay' })])).toBe(20);
  });
});
