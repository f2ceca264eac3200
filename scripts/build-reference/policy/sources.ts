import type { ReferenceData, SourceRef } from '../../../schema/reference/index.ts';

/**
 * sources: every data set the reference document is built from, with publisher, edition year and the
 * licence as its PROVENANCE.md states it (shared/data/<folder>/PROVENANCE.md). Where no licence is stated
 * we say so rather than assume one.
 */

const FEDERAL = 'None stated; a US federal government work';
const ONS = 'None stated in the workbook (ONS normally publishes under the Open Government Licence v3.0)';

const SOURCES: SourceRef[] = [
  { id: 'bls-soc-2018', publisher: 'US Bureau of Labor Statistics for the SOC Policy Committee', title: '2018 Standard Occupational Classification: structure and definitions', year: 2018, licence: FEDERAL, url: 'https://www.bls.gov/soc/2018/' },
  { id: 'bls-soc-2018-direct-match', publisher: 'US Bureau of Labor Statistics', title: '2018 SOC Direct Match Title File', year: 2017, licence: FEDERAL, url: 'https://www.bls.gov/soc/2018/' },
  { id: 'bls-soc-2010-2018-crosswalk', publisher: 'US Bureau of Labor Statistics', title: '2010 SOC to 2018 SOC crosswalk', year: 2018, licence: FEDERAL, url: 'https://www.bls.gov/soc/2018/' },
  { id: 'bls-isco-08-soc-2010-crosswalk', publisher: 'US Bureau of Labor Statistics', title: 'Crosswalk between ISCO-08 and the 2010 SOC', year: 2012, licence: FEDERAL, url: 'https://www.bls.gov/soc/soccrosswalks.htm' },
  { id: 'bls-oews-2024', publisher: 'US Bureau of Labor Statistics', title: 'Occupational Employment and Wage Statistics, national estimates, May 2024', year: 2024, licence: FEDERAL, url: 'https://www.bls.gov/oes/tables.htm' },
  { id: 'onet-27-0', publisher: 'National Center for O*NET Development for USDOL/ETA', title: 'O*NET 27.0 Database: Occupation Data and Alternate Titles', year: 2022, licence: 'CC BY 4.0', url: 'https://www.onetcenter.org/database.html' },
  { id: 'felten-aioe', publisher: 'Felten, Raj and Seamans', title: 'AI Occupational Exposure (AIOE) by occupation, Strategic Management Journal 42(12)', year: 2021, licence: 'None stated; the authors ask for citation', url: 'https://github.com/AIOE-Data/AIOE' },
  { id: 'eloundou-gpts-are-gpts', publisher: 'OpenAI (Eloundou, Manning, Mishkin and Rock)', title: 'GPTs are GPTs: occupation- and task-level LLM exposure, Science', year: 2024, licence: 'MIT', url: 'https://github.com/openai/GPTs-are-GPTs' },
  { id: 'anthropic-economic-index', publisher: 'Anthropic (Massenkoff and McCrory)', title: 'Anthropic Economic Index: observed exposure by SOC 2018 occupation (labour market impacts)', year: 2026, licence: 'CC BY 4.0', url: 'https://huggingface.co/datasets/Anthropic/EconomicIndex' },
  { id: 'ons-soc-2020', publisher: 'Office for National Statistics', title: 'SOC 2020 Volume 1: structure and descriptions of unit groups', year: 2025, licence: ONS, url: 'https://www.ons.gov.uk/methodology/classificationsandstandards/standardoccupationalclassificationsoc/soc2020' },
  { id: 'ons-soc-2020-coding-index', publisher: 'Office for National Statistics', title: 'SOC 2020 Volume 2: the coding index, version 12 (with ISCO-08 codes)', year: 2025, licence: ONS, url: 'https://www.ons.gov.uk/methodology/classificationsandstandards/standardoccupationalclassificationsoc/soc2020' },
  { id: 'ons-ashe-2024', publisher: 'Office for National Statistics', title: 'Annual Survey of Hours and Earnings 2024 provisional, Table 14: occupation by four-digit SOC 2020', year: 2024, licence: ONS },
  { id: 'ilo-isco-08', publisher: 'International Labour Organization (as carried in the ONS coding index)', title: 'International Standard Classification of Occupations 2008 (ISCO-08) structure', year: 2008, licence: 'None stated' },
];

export function buildSources(): ReferenceData['sources'] {
  return Object.fromEntries(SOURCES.map((s) => [s.id, s]));
}
