/**
 * Business functions (taxonomy categories) by US SOC 2018 code. A consultant reads a staff list by
 * function, not by occupational major group, so finance clerks sit in Finance, HR assistants in HR and
 * customer service representatives in Customer Service even though SOC files them all under 43. The most
 * specific prefix wins: a full code, then a broad or minor group prefix, then the major group.
 */

export const CATEGORIES = [
  'Executive Leadership', 'Operations', 'Finance', 'HR', 'Technology', 'Data & Analytics', 'Sales', 'Retail',
  'Marketing', 'Procurement', 'Legal', 'Risk & Compliance', 'Customer Service', 'Administration', 'Healthcare',
  'Social Care', 'Education', 'Engineering', 'Architecture & Surveying', 'Science & Research',
  'Manufacturing & Production', 'Logistics', 'Construction & Trades', 'Maintenance & Repair', 'Facilities',
  'Hospitality', 'Public Services', 'Arts, Design & Media', 'Agriculture', 'Personal Services', 'Property',
  'Policy & Strategy',
] as const;

export type Category = (typeof CATEGORIES)[number];

/** Prefix of a US code → category; looked up from the longest prefix down. */
const BY_PREFIX: Record<string, Category> = {
  '11': 'Operations',
  '11-1011': 'Executive Leadership',
  '11-1031': 'Public Services',
  '11-2011': 'Marketing', '11-2021': 'Marketing', '11-2022': 'Sales', '11-2032': 'Marketing', '11-2033': 'Marketing',
  '11-3012': 'Administration', '11-3013': 'Facilities', '11-3021': 'Technology', '11-3031': 'Finance',
  '11-3051': 'Manufacturing & Production', '11-3061': 'Procurement', '11-3071': 'Logistics',
  '11-311': 'HR', '11-312': 'HR', '11-313': 'HR',
  '11-9013': 'Agriculture', '11-9021': 'Construction & Trades', '11-903': 'Education', '11-9041': 'Engineering',
  '11-9051': 'Hospitality', '11-907': 'Hospitality', '11-9081': 'Hospitality', '11-9111': 'Healthcare',
  '11-9121': 'Science & Research', '11-9131': 'Logistics', '11-9141': 'Property', '11-9151': 'Social Care',
  '11-9161': 'Public Services', '11-917': 'Personal Services',
  '13': 'Operations',
  '13-1011': 'Arts, Design & Media', '13-102': 'Procurement', '13-103': 'Finance', '13-1041': 'Risk & Compliance',
  '13-1051': 'Architecture & Surveying', '13-107': 'HR', '13-1081': 'Logistics', '13-1121': 'Marketing',
  '13-1131': 'Marketing', '13-1141': 'HR', '13-1151': 'HR', '13-1161': 'Marketing', '13-2': 'Finance',
  '13-2020': 'Property', '13-2022': 'Property', '13-2023': 'Property', '13-2061': 'Risk & Compliance',
  '15': 'Technology',
  '15-2011': 'Finance', '15-2021': 'Science & Research', '15-2031': 'Data & Analytics', '15-2041': 'Data & Analytics',
  '15-2051': 'Data & Analytics', '15-2098': 'Data & Analytics', '15-2099': 'Data & Analytics',
  '17': 'Engineering', '17-1': 'Architecture & Surveying',
  '19': 'Science & Research', '19-5': 'Risk & Compliance',
  // O*NET files "Policy Advisor" and "Legislative Analyst" under political scientists: on a staff list they
  // advise on policy, they do not research politics.
  '19-3094': 'Policy & Strategy',
  '21': 'Social Care',
  '23': 'Legal',
  '25': 'Education',
  '27': 'Arts, Design & Media', '27-3031': 'Marketing',
  '29': 'Healthcare', '31': 'Healthcare',
  '33': 'Public Services', '33-9032': 'Facilities', '33-9031': 'Hospitality',
  '35': 'Hospitality',
  '37': 'Facilities',
  '39': 'Personal Services', '39-9011': 'Education', '39-7': 'Hospitality', '39-3': 'Hospitality',
  '41': 'Sales', '41-1011': 'Retail', '41-2': 'Retail', '41-9022': 'Property', '41-9011': 'Marketing',
  '43': 'Administration',
  '43-3': 'Finance', '43-3061': 'Procurement', '43-4051': 'Customer Service', '43-4181': 'Customer Service',
  '43-2': 'Customer Service', '43-4041': 'Finance', '43-4131': 'Finance', '43-4141': 'Finance',
  '43-4161': 'HR', '43-5': 'Logistics', '43-5021': 'Logistics', '43-9011': 'Technology',
  // 911 call-takers and police, fire and ambulance dispatchers work in the emergency services they dispatch.
  '43-5031': 'Public Services',
  '45': 'Agriculture',
  '47': 'Construction & Trades',
  '49': 'Maintenance & Repair',
  '51': 'Manufacturing & Production',
  '53': 'Logistics',
  // Ambulance drivers and attendants crew the ambulance service beside its EMTs and paramedics.
  '53-3011': 'Healthcare',
  '55': 'Public Services',
};

/**
 * The category of a role, which follows the job where the UK group says more than the US code: SOC 2020 1111
 * (chief executives and senior officials, the ONS index's "Director (government)") is Executive Leadership
 * whatever US management code pairs with it, and 2439 beside management analysts is government policy and
 * strategy work ("Policy manager", "Strategy adviser"); 2482 beside "Managers, all other" is a compliance manager.
 */
export function categoryOfPair(usCode: string, ukCode: string): Category {
  if (ukCode === '1111') return 'Executive Leadership';
  if (ukCode === '2439' && usCode === '13-1111') return 'Policy & Strategy';
  // SOC 2018's "Managers, all other" names no field; SOC 2020's 2482 beside it is compliance and regulation.
  if (ukCode === '2482' && usCode === '11-9199') return 'Risk & Compliance';
  return categoryOf(usCode);
}

export function categoryOf(usCode: string): Category {
  const digits = usCode.replace('-', '');
  for (let len = digits.length; len >= 2; len--) {
    const prefix = len <= 2 ? digits.slice(0, 2) : `${digits.slice(0, 2)}-${digits.slice(2, len)}`;
    const hit = BY_PREFIX[prefix];
    if (hit) return hit;
  }
  throw new Error(`no category for US code ${usCode}`);
}
