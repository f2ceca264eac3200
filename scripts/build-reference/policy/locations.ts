import type { ReferenceData, Region } from '../../../schema/reference/index.ts';
import { round } from './context.ts';
import { numberOrNull, readCsv } from './csv.ts';
import { usEmployerCostMultiplier } from './costs.ts';

/**
 * locations: UK regions and the main onshore and offshore delivery countries, each with a cost factor
 * against the UK national baseline. The United States factor is computed from the data (occupation-matched
 * pay, below); the other factors are stated assumptions (docs/reference-assumptions.md).
 */

/** US dollars per pound, 2024 average (assumption; the data sets carry no exchange rate). */
export const USD_PER_GBP = 1.28;

/**
 * Median, over ISCO-08 unit groups weighted by UK jobs, of US median pay (BLS OEWS 2024, employment-weighted
 * over the SOC 2018 codes in the group) divided by UK full-time median pay (ASHE 2024p, weighted over the
 * SOC 2020 codes in the group), in dollars per pound. US SOC 2018 and UK SOC 2020 meet through ISCO-08.
 */
export function usToUkPayRatio(dataDir: string): number {
  const wage = new Map<string, { pay: number; employment: number }>();
  for (const row of readCsv(dataDir, 'us-oews-national-2024/oews_national_may2024.csv')) {
    const pay = numberOrNull(row.A_MEDIAN);
    const employment = numberOrNull(row.TOT_EMP);
    if (row.O_GROUP === 'detailed' && pay !== null && employment !== null) wage.set(row.OCC_CODE, { pay, employment });
  }
  const usByIsco = new Map<string, { w: number; s: number }>();
  for (const row of readCsv(dataDir, 'crosswalks/us_soc2018_to_isco08_via_soc2010_DERIVED.csv')) {
    const w = wage.get(row.soc2018);
    if (!w) continue;
    const acc = usByIsco.get(row.isco08) ?? { w: 0, s: 0 };
    acc.w += w.employment;
    acc.s += w.employment * w.pay;
    usByIsco.set(row.isco08, acc);
  }
  const ashe = readCsv(dataDir, 'uk-ashe-2024-provisional-table14/ashe_2024p_fulltime_annual_by_soc2020_unit.csv');
  const ukPay = new Map<string, { pay: number; jobs: number }>();
  for (const row of ashe) {
    const pay = numberOrNull(row.annual_median);
    const jobs = numberOrNull(row.jobs_thousands);
    if (row.annual_median_status === 'ok' && pay !== null && jobs !== null) ukPay.set(row.soc2020_unit_code, { pay, jobs });
  }
  const ukByIsco = new Map<string, { w: number; s: number }>();
  for (const row of readCsv(dataDir, 'crosswalks/uk_soc2020_to_isco08_from_ons_coding_index.csv')) {
    const p = ukPay.get(row.soc2020_unit_code);
    if (!p) continue;
    const jobs = p.jobs * Number(row.share_of_soc2020_entries);
    const acc = ukByIsco.get(row.isco08_code) ?? { w: 0, s: 0 };
    acc.w += jobs;
    acc.s += jobs * p.pay;
    ukByIsco.set(row.isco08_code, acc);
  }
  const ratios: { ratio: number; weight: number }[] = [];
  for (const [isco, us] of usByIsco) {
    const uk = ukByIsco.get(isco);
    if (uk && uk.w > 0) ratios.push({ ratio: us.s / us.w / (uk.s / uk.w), weight: uk.w });
  }
  ratios.sort((a, b) => a.ratio - b.ratio || a.weight - b.weight);
  const half = ratios.reduce((a, r) => a + r.weight, 0) / 2;
  let cumulative = 0;
  for (const r of ratios) {
    cumulative += r.weight;
    if (cumulative >= half) return r.ratio;
  }
  throw new Error('no occupation matched between OEWS and ASHE');
}

type RegionSpec = Omit<Region, 'nativeSalary' | 'currency'> & { currency: string };

/**
 * UK regions (ITL1). Factors approximate each region's full-time median against the UK median, to 0.05.
 * Keywords are tried in region order, so Northern Ireland comes before London (Londonderry).
 */
const UK_REGIONS: RegionSpec[] = [
  { key: 'northern-ireland', label: 'Northern Ireland', defaultFactor: 0.9, currency: 'GBP', countryAliases: ['Northern Ireland', 'NI'], keywords: ['belfast', 'derry', 'londonderry', 'lisburn', 'newry'] },
  { key: 'london', label: 'London', defaultFactor: 1.25, currency: 'GBP', countryAliases: ['London', 'Greater London', 'City of London'], keywords: ['london', 'canary wharf', 'westminster', 'croydon'] },
  { key: 'south-east', label: 'South East', defaultFactor: 1.05, currency: 'GBP', countryAliases: ['South East', 'South East England'], keywords: ['reading', 'oxford', 'brighton', 'guildford', 'southampton', 'portsmouth', 'milton keynes', 'maidstone', 'crawley', 'winchester', 'chichester', 'slough', 'basingstoke', 'kent', 'surrey', 'sussex', 'hampshire', 'berkshire'] },
  { key: 'east-of-england', label: 'East of England', defaultFactor: 1, currency: 'GBP', countryAliases: ['East of England', 'East Anglia'], keywords: ['cambridge', 'norwich', 'ipswich', 'chelmsford', 'luton', 'peterborough', 'colchester', 'stevenage', 'watford', 'essex', 'norfolk', 'suffolk', 'hertfordshire'] },
  { key: 'south-west', label: 'South West', defaultFactor: 0.95, currency: 'GBP', countryAliases: ['South West', 'South West England'], keywords: ['bristol', 'exeter', 'plymouth', 'swindon', 'gloucester', 'cheltenham', 'bournemouth', 'taunton', 'devon', 'cornwall', 'somerset', 'dorset', 'wiltshire'] },
  { key: 'west-midlands', label: 'West Midlands', defaultFactor: 0.95, currency: 'GBP', countryAliases: ['West Midlands'], keywords: ['birmingham', 'coventry', 'wolverhampton', 'solihull', 'stoke', 'worcester', 'hereford', 'telford', 'shropshire', 'staffordshire', 'warwickshire'] },
  { key: 'east-midlands', label: 'East Midlands', defaultFactor: 0.9, currency: 'GBP', countryAliases: ['East Midlands'], keywords: ['nottingham', 'leicester', 'derby', 'lincoln', 'northampton', 'loughborough', 'derbyshire', 'nottinghamshire', 'leicestershire', 'lincolnshire'] },
  { key: 'north-west', label: 'North West', defaultFactor: 0.95, currency: 'GBP', countryAliases: ['North West', 'North West England'], keywords: ['manchester', 'liverpool', 'preston', 'bolton', 'warrington', 'salford', 'stockport', 'blackpool', 'lancaster', 'cheshire', 'lancashire', 'cumbria'] },
  { key: 'yorkshire-humber', label: 'Yorkshire and The Humber', defaultFactor: 0.9, currency: 'GBP', countryAliases: ['Yorkshire and The Humber', 'Yorkshire'], keywords: ['leeds', 'sheffield', 'bradford', 'york', 'hull', 'huddersfield', 'wakefield', 'doncaster', 'harrogate', 'halifax'] },
  { key: 'north-east', label: 'North East', defaultFactor: 0.9, currency: 'GBP', countryAliases: ['North East', 'North East England'], keywords: ['newcastle', 'sunderland', 'durham', 'middlesbrough', 'gateshead', 'darlington', 'northumberland', 'teesside'] },
  { key: 'wales', label: 'Wales', defaultFactor: 0.9, currency: 'GBP', countryAliases: ['Wales', 'Cymru'], keywords: ['cardiff', 'swansea', 'newport', 'wrexham', 'bangor', 'aberystwyth'] },
  { key: 'scotland', label: 'Scotland', defaultFactor: 1, currency: 'GBP', countryAliases: ['Scotland'], keywords: ['edinburgh', 'glasgow', 'aberdeen', 'dundee', 'inverness', 'stirling'] },
];

/** Onshore and offshore delivery locations: fully loaded cost of the same role against the UK. */
const COUNTRIES: RegionSpec[] = [
  { key: 'ireland', label: 'Ireland', defaultFactor: 1.05, currency: 'EUR', countryAliases: ['Ireland', 'Republic of Ireland', 'IE', 'IRL', 'Eire'], keywords: ['dublin', 'cork', 'galway', 'limerick'] },
  { key: 'poland', label: 'Poland', defaultFactor: 0.5, currency: 'PLN', countryAliases: ['Poland', 'PL', 'POL', 'Polska'], keywords: ['krakow', 'kraków', 'warsaw', 'warszawa', 'wroclaw', 'wrocław', 'gdansk', 'gdańsk', 'katowice', 'lodz', 'łódź', 'poznan'] },
  { key: 'romania', label: 'Romania', defaultFactor: 0.45, currency: 'RON', countryAliases: ['Romania', 'RO', 'ROU'], keywords: ['bucharest', 'cluj', 'iasi', 'iași', 'timisoara', 'brasov'] },
  { key: 'portugal', label: 'Portugal', defaultFactor: 0.55, currency: 'EUR', countryAliases: ['Portugal', 'PT', 'PRT'], keywords: ['lisbon', 'lisboa', 'porto', 'braga'] },
  { key: 'india', label: 'India', defaultFactor: 0.3, currency: 'INR', countryAliases: ['India', 'IND', 'Bharat'], keywords: ['bangalore', 'bengaluru', 'mumbai', 'pune', 'hyderabad', 'chennai', 'delhi', 'gurgaon', 'gurugram', 'noida', 'kolkata', 'ahmedabad', 'kochi', 'coimbatore', 'jaipur'] },
  { key: 'philippines', label: 'Philippines', defaultFactor: 0.3, currency: 'PHP', countryAliases: ['Philippines', 'PH', 'PHL', 'The Philippines'], keywords: ['manila', 'makati', 'taguig', 'cebu', 'quezon city', 'pasig', 'davao'] },
  { key: 'malaysia', label: 'Malaysia', defaultFactor: 0.4, currency: 'MYR', countryAliases: ['Malaysia', 'MY', 'MYS'], keywords: ['kuala lumpur', 'penang', 'cyberjaya', 'johor'] },
  { key: 'south-africa', label: 'South Africa', defaultFactor: 0.4, currency: 'ZAR', countryAliases: ['South Africa', 'ZA', 'ZAF', 'RSA'], keywords: ['cape town', 'johannesburg', 'durban', 'pretoria', 'sandton'] },
  { key: 'egypt', label: 'Egypt', defaultFactor: 0.25, currency: 'EGP', countryAliases: ['Egypt', 'EG', 'EGY'], keywords: ['cairo', 'alexandria'] },
  { key: 'mexico', label: 'Mexico', defaultFactor: 0.4, currency: 'MXN', countryAliases: ['Mexico', 'México', 'MX', 'MEX'], keywords: ['mexico city', 'guadalajara', 'monterrey'] },
  { key: 'canada', label: 'Canada', defaultFactor: 1.05, currency: 'CAD', countryAliases: ['Canada', 'CAN'], keywords: ['toronto', 'montreal', 'montréal', 'vancouver', 'calgary', 'ottawa'] },
];

const US_REGION: Omit<RegionSpec, 'defaultFactor'> = {
  key: 'united-states',
  label: 'United States',
  currency: 'USD',
  countryAliases: ['United States', 'United States of America', 'US', 'USA', 'U.S.', 'U.S.A.', 'America'],
  keywords: ['new york', 'san francisco', 'chicago', 'boston', 'seattle', 'los angeles', 'austin', 'dallas', 'houston', 'atlanta', 'charlotte', 'denver', 'new jersey', 'california', 'texas'],
};

export const BASELINE_REGION = 'uk';

export function buildLocations(dataDir: string): ReferenceData['locations'] {
  const usFactor = round(usToUkPayRatio(dataDir) / USD_PER_GBP, 2);
  const baseline: Region = {
    key: BASELINE_REGION,
    label: 'United Kingdom (national)',
    defaultFactor: 1,
    currency: 'GBP',
    countryAliases: ['United Kingdom', 'UK', 'U.K.', 'GB', 'GBR', 'Great Britain', 'Britain', 'England', 'England and Wales'],
    keywords: [],
    nativeSalary: true,
  };
  // An uploaded salary is a person's pay when it is in the list's currency: salaries are native everywhere, and a
  // row in a region paid in another currency (an Indian office on a pound list) is priced at the market instead.
  const ukRegions: Region[] = UK_REGIONS.map((r) => ({ ...r, nativeSalary: true }));
  const us = { ...US_REGION, defaultFactor: usFactor, employerCostMultiplier: usEmployerCostMultiplier(dataDir) };
  const overseas: Region[] = [...COUNTRIES, us].map((r) => ({ ...r, nativeSalary: true }));
  // Overseas keywords come first so that "New York" is not read as Yorkshire.
  return { regions: [baseline, ...overseas, ...ukRegions], baselineRegion: BASELINE_REGION };
}
