import { describe, expect, it } from 'vitest';
import { compiledSeed } from '../reference/test/seed.ts';
import { classifyByRules, classifyInContext, listPayScale } from './classify.ts';
import type { ListContext } from './context.ts';

/** Coding a row in its context (issue 24), against the seed: the cases a consultant would check first. */
const seed = compiledSeed();
const dollars: ListContext = { currency: 'USD', payScale: 0.83 };
const pounds: ListContext = { currency: 'GBP', payScale: 0.81 };
const major = (code: string | null) => (code ?? '').slice(0, 2);

describe('the unit decides where the title leaves the job open', () => {
  it('reads a lieutenant in a fire department as a fire officer and in a police department as a police officer', () => {
    expect(classifyInContext(seed, 'Lieutenant', { division: 'Fire Department (130)', salary: 90_000 }, dollars).usSoc2018).toBe('33-1021');
    expect(classifyInContext(seed, 'Lieutenant', { division: 'Police Department (002)', salary: 110_000 }, dollars).usSoc2018).toBe('33-1012');
  });

  it('pairs the UK code with the US code the context chose: a fire department\'s lieutenant is a fire service officer, not an armed forces officer', () => {
    const fire = classifyInContext(seed, 'Lieutenant', { division: 'Fire Department (130)', salary: 90_000 }, dollars);
    expect([fire.usSoc2018, fire.ukSoc2020]).toEqual(['33-1021', '3313']);
    expect(fire.reason).toContain('UK paired with the US code through ISCO-08');
    expect(new Set(fire.alternatives!.map((a) => a.usSoc2018)).size).toBe(fire.alternatives!.length);
    expect(fire.alternatives!.map((a) => a.usSoc2018)).not.toContain('33-1021');
  });

  it('pairs a title whose two codes are different services within the list\'s own code\'s service: a US fire lieutenant with UK fire officers, not armed forces officers', () => {
    expect(classifyByRules(seed, 'Fire Lt Suppression').ukSoc2020).toBe('1161');
    const c = classifyInContext(seed, 'Fire Lt Suppression', { division: 'Fire Department (225)', salary: 80_000 }, dollars);
    expect([c.usSoc2018, c.ukSoc2020]).toEqual(['33-1021', '3313']);
    expect(c.reason).toContain("UK paired with the US code through ISCO-08: the title's own UK reading, Officers in armed forces, is another service");
  });

  it('pairs a US deputy sheriff with UK police officers, not with Scotland\'s sheriffs, who are judges', () => {
    const c = classifyInContext(seed, 'Deputy Sheriff', { division: "Sheriff's Office (001)", salary: 50_000 }, dollars);
    expect([c.usSoc2018, c.ukSoc2020]).toEqual(['33-3051', '3312']);
  });

  it('does not cut the confidence of a pair it re-paired within one service, as it does not for a pair forced apart', () => {
    const threshold = seed.data.classification.reviewThreshold;
    const alone = classifyByRules(seed, 'Police Lieutenant');
    expect(seed.coder()!.forcedApart(alone.usSoc2018!, alone.ukSoc2020!)).toBe(true);
    expect(alone.confidence).toBeLessThan(threshold);
    const inPolice = classifyInContext(seed, 'Police Lieutenant', { division: 'Police Department (100)', salary: 110_000 }, dollars);
    expect([inPolice.usSoc2018, inPolice.ukSoc2020]).toEqual(['33-1012', '1162']);
    expect(inPolice.confidence).toBeGreaterThanOrEqual(threshold);
  });

  it('keeps the rank the title\'s own reading gave when it re-pairs: a police lieutenant is a senior police officer', () => {
    expect(classifyInContext(seed, 'Police Lieutenant', { division: 'Police Department (100)', salary: 110_000 }, dollars).ukSoc2020).toBe('1162');
  });

  it('reads two codes of one service that the crosswalks leave unlinked as agreeing: a fire captain is a senior fire officer, not a pair forced apart', () => {
    const c = classifyInContext(seed, 'Fire Captain Suppression', { division: 'Fire Department (221)', salary: 95_000 }, dollars);
    expect([c.usSoc2018, c.ukSoc2020]).toEqual(['33-1021', '1163']);
    expect(c.reason).toContain('the same service, whose ranks the ISCO-08 crosswalks do not link');
    expect(seed.coder()!.forcedApart('33-1021', '1163')).toBe(false);
    expect(seed.coder()!.forcedApart('33-1021', '1161')).toBe(true);
  });

  it('reads a lieutenant-paramedic in a fire department as a fire officer, not an EMT', () => {
    expect(classifyInContext(seed, 'LIEUTENANT-PARAMEDIC', { division: 'FIRE DEPARTMENT', salary: 90_000 }, dollars).usSoc2018).toBe('33-1021');
  });

  it('names the part of the context that decided, in the reason and in contextUsed', () => {
    const c = classifyInContext(seed, 'Lieutenant', { division: 'Fire Department (130)' }, dollars);
    expect(c.contextUsed).toEqual(['division']);
    expect(c.reason).toContain("in context: unit 'Fire Department (130)'");
  });

  it('reads an adviser in the economics profession as an economist', () => {
    expect(classifyInContext(seed, 'Senior Adviser', { group: 'Economics' }, pounds).usSoc2018).toBe('19-3011');
  });
});

describe('a title unambiguous on its own keeps its reading', () => {
  it('codes a solicitor in a finance unit as a solicitor', () => {
    const c = classifyInContext(seed, 'Solicitor', { division: 'Finance' }, pounds);
    expect(c.usSoc2018).toBe(classifyByRules(seed, 'Solicitor').usSoc2018);
    expect(c.contextUsed).toBeUndefined();
  });

  it('codes a police officer paid well above the table as a police officer', () => {
    expect(classifyInContext(seed, 'Police Officer', { division: 'Police Department', salary: 140_000 }, dollars).usSoc2018).toBe('33-3051');
  });
});

describe('grade and pay decide the level', () => {
  it('reads a head of a team on an executive officer grade as clerical work, not a senior official', () => {
    const c = classifyInContext(seed, 'Head of Fees', { division: 'Finance', grade: 'EO', salary: 25_000 }, pounds);
    expect(major(c.usSoc2018)).toBe('43');
    expect(classifyByRules(seed, 'Head of Fees').usSoc2018).toBe('11-1021');
  });

  it('reads a manager whose title names no function, graded HEO or SEO, as a civil servant supervising a team, not a general manager', () => {
    expect(classifyByRules(seed, 'Operational Manager').usSoc2018).toBe('11-1021');
    const named = classifyInContext(seed, 'Operational Manager', { division: 'Business Transformation', grade: 'HEO', salary: 31_000 }, pounds);
    expect([named.usSoc2018, named.ukSoc2020]).toEqual(['43-1011', '3560']);
    const ladder = { pb1: 'clerical', pb2: 'clerical', pb3: 'administrative', pb4: 'associate', pb5: 'associate', pb6: 'team', pb7: 'team' } as const;
    const banded = classifyInContext(seed, 'Operational Manager', { division: 'Marine Accident Investigation', grade: 'PB4', salary: 31_182 }, { ...pounds, gradeLadder: ladder });
    expect([banded.usSoc2018, banded.ukSoc2020]).toEqual(['43-1011', '3560']);
    expect(banded.reason).toContain("the grade 'PB4', by its place on the list's grade ladder, is HEO or SEO");
    expect(banded.contextUsed).toContain('grade');
  });

  it('leaves a manager graded Grade 7 or above, and one whose title names a function, to their readings', () => {
    expect(classifyInContext(seed, 'Operational Manager', { division: 'Business Transformation', grade: 'Grade 7', salary: 52_000 }, pounds).usSoc2018).not.toBe('43-1011');
    expect(classifyInContext(seed, 'Finance Manager', { division: 'Group Finance', grade: 'SEO', salary: 38_000 }, pounds).usSoc2018).not.toBe('43-1011');
  });

  it("reads the top class of a numbered series at a manager's pay as a manager, and its first class as no manager", () => {
    const list = { ...dollars, classTops: { 'operations officer': 5 } };
    const top = classifyInContext(seed, 'Operations Officer V', { division: 'Fire Department (001)', salary: 122_400 }, list);
    expect([top.usSoc2018, top.ukSoc2020]).toEqual(['11-1021', '1139']);
    expect(top.reason).toContain("the top class of its series in the list, read as 'operations manager'");
    expect(major(classifyInContext(seed, 'Operations Officer I', { division: 'Fire Department (001)', salary: 61_000 }, list).usSoc2018)).not.toBe('11');
    expect(major(classifyInContext(seed, 'Operations Officer V', { division: 'Fire Department (001)', salary: 122_400 }, dollars).usSoc2018)).not.toBe('11');
  });

  it('keeps the field a curated rule reads in a title when a clerical grade and pay point to office work', () => {
    const row = { division: 'Anglian - Central', organisation: 'Environment Agency', group: 'Operational delivery', grade: 'AO', salary: 18_500 };
    const c = classifyInContext(seed, 'Environment Support Officer', row, pounds);
    expect(c.usSoc2018).toBe('19-4042');
    expect(classifyInContext(seed, 'Business Support Officer', row, pounds).usSoc2018).toBe('43-9061');
  });

  it('reads a post graded OF-6 as an armed forces officer, priced by the stated proxy of a group without ASHE pay', () => {
    const c = classifyInContext(seed, 'Head of Capability', { grade: 'OF-6' }, pounds);
    expect(c).toMatchObject({ usSoc2018: '55-1019', ukSoc2020: '1161' });
    expect(seed.knowsUk('1161')).toBe(true);
    expect(seed.ukPay('1161')).toBe(seed.data.occupations.ukProxyMedians['1161']);
  });

  it("measures a list's pay level against the pay tables of its currency, and reads placeholder pay as no level", () => {
    const rows = [{ title: 'Accountant', salary: 50_000 }, { title: 'Payroll Administrator', salary: 25_000 }];
    expect(listPayScale(seed, rows, 'GBP')).toBeGreaterThan(0.5);
    expect(listPayScale(seed, rows.map((r) => ({ ...r, salary: 1 })), 'GBP')).toBe(1);
    expect(listPayScale(seed, rows, null)).toBe(1);
  });
});

describe('titles read right before any context', () => {
  it('reads an assistant chief of police as a deputy police chief, not an assistant', () => {
    expect(classifyByRules(seed, 'Assistant Chief of Police')).toMatchObject({ usSoc2018: '33-1012', ukSoc2020: '1162' });
  });

  it('reads a secretary to someone as a secretary', () => {
    expect(major(classifyByRules(seed, 'Secretary to City Clerk').usSoc2018)).toBe('43');
  });

  it('codes a statistician as a statistician, not a data scientist', () => {
    expect(classifyByRules(seed, 'Statistician').usSoc2018).toBe('15-2041');
  });

  it('offers other jobs as alternatives, each with a US code of its own', () => {
    const c = classifyByRules(seed, 'Technical Officer');
    const us = [c.usSoc2018, ...(c.alternatives ?? []).map((a) => a.usSoc2018)];
    expect(new Set(us).size).toBe(us.length);
  });

  it('says when a pair is forced apart by the crosswalks, and trusts it less', () => {
    const c = classifyByRules(seed, 'Technical Officer');
    expect(c.reason).toContain('forced apart');
    expect(c.confidence).toBeLessThan(seed.data.classification.reviewThreshold);
  });
});

describe('the review flag', () => {
  it('does not send a plain common title the catalogues code to review', () => {
    const threshold = seed.data.classification.reviewThreshold;
    expect(classifyByRules(seed, 'Police Officer').confidence).toBeGreaterThanOrEqual(threshold);
    expect(classifyInContext(seed, 'Police Officer', { division: 'Police Department', salary: 70_000 }, dollars).confidence).toBeGreaterThanOrEqual(threshold);
  });

  it('sends an office reading of a title that names work in the field to review, and says why', () => {
    const row = { division: 'Anglian - Northern', organisation: 'Environment Agency', group: 'Operational delivery', grade: 'AS3', salary: 22_746 };
    const c = classifyInContext(seed, 'Field Officer', row, pounds);
    expect(c.usSoc2018).toBe('43-9061');
    expect(c.confidence).toBeLessThan(seed.data.classification.reviewThreshold);
    expect(c.reason).toContain('the title names work in the field');
  });

  it('still sends a generic title with no field to review', () => {
    expect(classifyByRules(seed, 'Senior Adviser').confidence).toBeLessThan(seed.data.classification.reviewThreshold);
  });

  it('keeps a US catalogue title the catalogues give one code out of review when the coder reads it so ("Auditing Clerk")', () => {
    expect(seed.data.classification.coder!.plainTitles).toContain('auditing clerk');
    const c = classifyByRules(seed, 'Auditing Clerk');
    expect(c.usSoc2018).toBe('43-3031');
    expect(c.confidence).toBeGreaterThanOrEqual(seed.data.classification.reviewThreshold);
  });

  it('sends a title the ONS index codes only by industry to review when the row names none', () => {
    const threshold = seed.data.classification.reviewThreshold;
    expect(classifyByRules(seed, 'Team Leader').confidence).toBeLessThan(threshold);
    expect(classifyInContext(seed, 'Team Leader', { division: 'Midlands' }, pounds).confidence).toBeLessThan(threshold);
  });

  it('sends a reading the row\'s pay contradicts to review, and keeps it out when the pay fits', () => {
    const threshold = seed.data.classification.reviewThreshold;
    expect(classifyInContext(seed, 'Project Manager', { division: 'Finance', salary: 50_000 }, pounds).confidence).toBeGreaterThanOrEqual(threshold);
    expect(classifyInContext(seed, 'Project Manager', { division: 'Finance', salary: 14_000 }, pounds).confidence).toBeLessThan(threshold);
  });
});

describe('a supervisor whose title names the workers, read as SOC 2018 files supervisors', () => {
  it('codes a supervisor of technicians with the technicians, not by the other words ("technician supervisor" is a farming title in O*NET)', () => {
    const alone = classifyByRules(seed, 'Nutrition Technician Supv');
    expect(alone.usSoc2018).toBe('29-2051');
    expect(alone.reason).toContain("supervisor of 'nutrition technician'");
    expect(alone.reason).toContain('SOC 2018 files supervisors of these workers with them');
  });

  it('codes a supervisor of office workers as their major group\'s first-line supervisor, UK office supervisors', () => {
    const c = classifyByRules(seed, 'Radio Dispatcher Supervisor');
    expect([c.usSoc2018, c.ukSoc2020]).toEqual(['43-1011', '4142']);
  });

  it('chooses among a major group\'s supervisors the one of the workers named: crossing guards are security workers', () => {
    expect(classifyByRules(seed, 'Crossing Guard Supervisor I').usSoc2018).toBe('33-1091');
  });

  it('keeps the reading in context: a supervisor\'s pay above the technicians\' does not make it another supervisor', () => {
    const c = classifyInContext(seed, 'Nutrition Technician Supv', { division: 'HLTH-Health Department (531)', salary: 58_762 }, dollars);
    expect(c.usSoc2018).toBe('29-2051');
    expect(c.contextUsed).toBeUndefined();
  });

  it('leaves a supervisor whose other words name no workers to the coder', () => {
    expect(classifyByRules(seed, 'Office Supervisor').reason).not.toContain('supervisor of');
  });
});

describe('pay that is no full year of full-time work', () => {
  it('is not read: a crossing guard paid a few hours a day keeps the reading and its confidence', () => {
    const row = { division: 'TRANS-Crossing Guards (786)' };
    const partTime = classifyInContext(seed, 'Crossing Guard', { ...row, salary: 11_303 }, dollars);
    expect(partTime.usSoc2018).toBe('33-9091');
    expect(partTime.confidence).toBe(classifyInContext(seed, 'Crossing Guard', row, dollars).confidence);
    expect(partTime.confidence).toBeGreaterThanOrEqual(seed.data.classification.reviewThreshold);
  });
});

describe('a senior post whose title names no function, read by its professional group', () => {
  const senior = { grade: 'SCS1' };

  it('heads the profession its group names: a deputy director in the Law group is a lawyer in SOC 2018', () => {
    const c = classifyInContext(seed, 'Deputy Director Aviation & Competition', { ...senior, group: 'Law' }, pounds);
    expect([c.usSoc2018, c.ukSoc2020]).toEqual(['23-1011', '1139']);
    expect(c.contextUsed).toEqual(['group']);
    expect(c.reason).toContain("professional group 'Law'");
  });

  it('keeps the senior default when the group names no function', () => {
    const c = classifyInContext(seed, 'Deputy Director Aviation & Competition', { ...senior, group: 'Operational Delivery' }, pounds);
    expect(c.usSoc2018).toBe('11-1021');
    expect(c.reason).not.toContain('heads its profession');
  });

  it('keeps the senior default when the profession\'s head is no manager in SOC 2020', () => {
    // "Head of Science and Engineering" reads as R&D managers, 2161, among SOC 2020's professionals.
    const c = classifyInContext(seed, 'Deputy Director Aviation & Competition', { ...senior, group: 'Science and Engineering' }, pounds);
    expect(c.usSoc2018).toBe('11-1021');
  });

  it('is not re-filed among management codes by its unit\'s words', () => {
    const c = classifyInContext(seed, 'Deputy Director Aviation & Competition', { ...senior, group: 'Policy', division: 'Aviation Policy Implementation' }, pounds);
    expect([c.usSoc2018, c.ukSoc2020]).toEqual(['11-1021', '1111']);
  });

  it('leaves a title that names its function to its title', () => {
    const c = classifyInContext(seed, 'Director of Finance', { ...senior, group: 'Law' }, pounds);
    expect(c.usSoc2018).toBe('11-3031');
  });
});

describe("an agency's own pay bands, read by their place on the list's ladder", () => {
  const ladder = { pb1: 'clerical', pb2: 'clerical', pb3: 'administrative', pb4: 'associate', pb5: 'associate', pb6: 'team', pb7: 'team' } as const;
  const row = { division: 'Private Office & Parliamentary', group: 'Operational delivery', grade: 'PB2', salary: 21_391 };

  it('reads a policy support officer on the second of seven bands as office support', () => {
    expect(major(classifyInContext(seed, 'Policy Support Officer', row, { ...pounds, gradeLadder: ladder }).usSoc2018)).toBe('43');
  });

  it('leaves the band to the pay when the list has no ladder', () => {
    expect(major(classifyInContext(seed, 'Policy Support Officer', row, pounds).usSoc2018)).toBe('19');
  });
});

describe("a title held in many of the list's units", () => {
  it('is never surer than the same reading of a title held in one', () => {
    const row = { division: 'R&P-Recreation (002)', salary: 21_008 };
    const one = classifyInContext(seed, 'Community Aide', row, dollars);
    const many = classifyInContext(seed, 'Community Aide', row, { ...dollars, unitSpread: { 'Community Aide': 12 } });
    expect(many.usSoc2018).toBe(one.usSoc2018);
    expect(many.confidence).toBeLessThanOrEqual(one.confidence);
  });

  it('leaves a plain title as sure: the catalogues code it whole, one job in every unit', () => {
    const row = { division: 'Head Office - National Operations', grade: 'AS5', salary: 35_394 };
    const one = classifyInContext(seed, 'Project Manager', row, pounds);
    expect(classifyInContext(seed, 'Project Manager', row, { ...pounds, unitSpread: { 'Project Manager': 36 } }).confidence).toBe(one.confidence);
  });
});

describe('a computer occupation outside an IT profession', () => {
  const row = { organisation: 'Environment Agency', division: 'North East - Regional Environmental Planning', grade: 'AS3', salary: 22_746 };

  it('goes to review in a row whose professional group is not an IT profession, and says why', () => {
    const c = classifyInContext(seed, 'Technical Support Officer', { ...row, group: 'Operational delivery' }, pounds);
    expect(c.usSoc2018).toBe('15-1232');
    expect(c.confidence).toBeLessThan(seed.data.classification.reviewThreshold);
    expect(c.reason).toContain("the professional group 'Operational delivery' is not an IT profession");
  });

  it('keeps its confidence in the IT profession', () => {
    const c = classifyInContext(seed, 'Technical Support Officer', { ...row, group: 'Information Technology' }, pounds);
    expect(c.usSoc2018).toBe('15-1232');
    expect(c.reason).not.toContain('not an IT profession');
    expect(c.confidence).toBeGreaterThan(0.5);
  });
});

describe('a senior official by its title alone, in a payroll', () => {
  const recreation = { division: 'R&P-Recreation (002)' };

  it('goes to review when paid below three in four senior officials, and says why', () => {
    const c = classifyInContext(seed, 'Recreation Center Director II', { ...recreation, salary: 46_395 }, dollars);
    expect(c.usSoc2018).toBe('11-1021');
    expect(c.confidence).toBeLessThan(seed.data.classification.reviewThreshold);
    expect(c.reason).toContain("the pay is below three in four senior officials' at the list's pay level, and no grade makes the post senior");
  });

  it('keeps its confidence at a senior official\'s pay', () => {
    const c = classifyInContext(seed, 'Recreation Center Director II', { ...recreation, salary: 140_000 }, dollars);
    expect(c.usSoc2018).toBe('11-1021');
    expect(c.confidence).toBeGreaterThanOrEqual(seed.data.classification.reviewThreshold);
  });

  it('leaves seniority to the grade where the list has one', () => {
    const graded = classifyInContext(seed, 'Deputy Director Aviation', { grade: 'SCS1', salary: 30_000 }, pounds);
    expect([graded.usSoc2018, graded.reason]).toEqual(['11-1021', "'director' with no named function → General and Operations Managers / Chief executives and senior officials (same ISCO-08 unit group)"]);
    expect(graded.confidence).toBeGreaterThanOrEqual(seed.data.classification.reviewThreshold);
    expect(classifyInContext(seed, 'Deputy Director Aviation', { salary: 30_000 }, pounds).confidence).toBeLessThan(seed.data.classification.reviewThreshold);
  });
});

describe('titles the ONS index codes by industry or field', () => {
  it('codes the entry whose qualifier the row names, and says so', () => {
    const health = classifyInContext(seed, 'Technical Officer', { organisation: 'Borough Council', division: 'Environmental Health' }, pounds);
    expect(health.ukSoc2020).toBe('2483');
    expect(health.reason).toContain("index title 'technical officer' in environmental health");
    expect(health.contextUsed).toEqual(['division']);
    expect(classifyInContext(seed, 'Team Leader', { division: 'Customer Service' }, pounds).ukSoc2020).toBe('7220');
  });

  it('reads a government body\'s technical officer as a science and engineering technician', () => {
    const c = classifyInContext(seed, 'Technical Officer', { organisation: 'Department for Transport' }, pounds);
    expect(c.ukSoc2020).toBe('3119');
    expect(c.contextUsed).toEqual(['organisation']);
  });

  it('keeps the entry outside review when its UK code leaves the US major group in no doubt', () => {
    // 7220 (customer service supervisors) has one US partner, 43-1011.
    const c = classifyInContext(seed, 'Team Leader', { division: 'Customer Service' }, pounds);
    expect(c.usSoc2018).toBe('43-1011');
    expect(c.confidence).toBeGreaterThanOrEqual(seed.data.classification.reviewThreshold);
  });

  it('sends it to review when the US code is chosen among partners of several US major groups', () => {
    // 3119's US partners are engineering (17) and science (19) technicians, inspectors (33) and more.
    const c = classifyInContext(seed, 'Technical Officer', { organisation: 'Department for Transport' }, pounds);
    expect(c.confidence).toBeLessThan(seed.data.classification.reviewThreshold);
  });

  it('pairs the qualified UK code with a US code of the same ISCO-08 unit group', () => {
    const c = classifyInContext(seed, 'Team Leader', { division: 'Customer Service' }, pounds);
    expect(c.reason).toContain('US paired with the UK code through ISCO-08');
  });
});

describe('categories a client recognises', () => {
  it('puts government policy advisers in Policy & Strategy', () => {
    expect(classifyByRules(seed, 'Policy Adviser').category).toBe('Policy & Strategy');
  });

  it('puts senior civil servants directing a division in Executive Leadership', () => {
    expect(classifyByRules(seed, 'Deputy Director, Rail Strategy').category).toBe('Executive Leadership');
  });
});

describe('a curated rule for a title the ONS index codes only by industry', () => {
  it('goes to review when the row names none of its industries and few of them are the rule\'s job, and says why', () => {
    const c = classifyInContext(seed, 'Laborer Hourly', { division: 'DPW-Solid Waste (105)', salary: 31_256 }, dollars);
    expect(c.usSoc2018).toBe('47-2061');
    expect(c.confidence).toBeLessThan(seed.data.classification.reviewThreshold);
    expect(c.reason).toContain("the ONS index codes 'labourer' by industry, this job in 2 of its 17 industries, and the row names none of them");
  });

  it('keeps its confidence when the row names one of the index\'s industries', () => {
    const c = classifyInContext(seed, 'Labourer', { division: 'Building Construction', salary: 30_000 }, pounds);
    expect(c.usSoc2018).toBe('47-2061');
    expect(c.reason).not.toContain('by industry');
    expect(c.confidence).toBeGreaterThanOrEqual(seed.data.classification.reviewThreshold);
  });

  it('keeps its confidence when most of the index\'s industries code the rule\'s job (planning officer: town planning in 2 of 3)', () => {
    const c = classifyInContext(seed, 'Planning Officer', { organisation: 'Environment Agency', division: 'South West - Wessex', grade: 'AS5', salary: 35_394 }, pounds);
    expect(c.usSoc2018).toBe('19-3051');
    expect(c.confidence).toBeGreaterThanOrEqual(seed.data.classification.reviewThreshold);
  });
});

describe("an index title read by the ONS index's default, where most of its entries name a field", () => {
  const adviser = { organisation: 'Environment Agency', division: 'Head Office - Regulated Industry', grade: 'AS5', group: 'Operational delivery', salary: 35_394 };

  it("goes to review when the row names none of the fields and few of the title's entries are the default's job, and says why", () => {
    const c = classifyInContext(seed, 'Technical Adviser', adviser, pounds);
    expect([c.usSoc2018, c.ukSoc2020]).toEqual(['17-3029', '3113']);
    expect(c.confidence).toBeLessThan(seed.data.classification.reviewThreshold);
    expect(c.reason).toContain("the ONS index codes 'technical adviser' by field in 5 of its 6 entries, this job in 2, and the row names none of the fields");
  });

  it('codes the entry of the field the row names instead', () => {
    const c = classifyInContext(seed, 'Technical Adviser', { ...adviser, group: 'Finance', division: 'Accountancy Services' }, pounds);
    expect(c.ukSoc2020).toBe('2421');
    expect(c.reason).not.toContain('by field in');
  });

  it("keeps a default most of whose title's entries are its job ('Administrator') out of review", () => {
    const c = classifyInContext(seed, 'Administrator', { organisation: 'Environment Agency', division: 'Midlands - West', grade: 'AS3', salary: 22_746 }, pounds);
    expect(c.reason).not.toContain('by field in');
    expect(c.confidence).toBeGreaterThanOrEqual(seed.data.classification.reviewThreshold);
  });
});

describe("the environment's field names a support officer's and a team leader's job", () => {
  it('reads a flood risk support officer as an environmental technician, and a procurement support officer as office support', () => {
    expect([classifyByRules(seed, 'Flood Risk Support Officer').usSoc2018, classifyByRules(seed, 'Flood Risk Support Officer').ukSoc2020]).toEqual(['19-4042', '2152']);
    expect(classifyByRules(seed, 'Procurement Support Officer').usSoc2018).toBe('43-9061');
  });

  it('reads a flood risk team leader as an environmental specialist, as the ONS index codes flood risk managers', () => {
    const c = classifyInContext(seed, 'Flood Risk Team Leader', { organisation: 'Environment Agency', division: 'South East - West Thames', grade: 'AS5', group: 'Science and Engineering', salary: 35_394 }, pounds);
    expect([c.usSoc2018, c.ukSoc2020]).toEqual(['19-2041', '2152']);
    expect(c.confidence).toBeGreaterThanOrEqual(seed.data.classification.reviewThreshold);
  });
});

describe('a computer occupation read from title words that name no computing work', () => {
  it('goes to review, and says why ("operations" is also IT operations)', () => {
    const c = classifyInContext(seed, 'Operations Specialist II', { division: 'City Council (003)', salary: 70_000 }, dollars);
    expect(c.usSoc2018).toBe('15-1231');
    expect(c.confidence).toBeLessThan(seed.data.classification.reviewThreshold);
    expect(c.reason).toContain('no word of the title names computing work');
  });

  it('keeps its confidence when a word of the title names computing work', () => {
    const c = classifyInContext(seed, 'Data Base Analyst', { division: 'Information Technology (001)', salary: 70_000 }, dollars);
    expect(c.usSoc2018?.startsWith('15-12')).toBe(true);
    expect(c.reason).not.toContain('names computing work');
  });
});

describe('an administrative occupation at a grade the ONS codes above it', () => {
  const finance = { organisation: 'Department for Transport', group: 'Finance' };

  it('goes to review at HEO/SEO or above, and says why', () => {
    const c = classifyInContext(seed, 'Finance Officer', { ...finance, grade: 'SEO', salary: 33_000 }, pounds);
    expect(c.usSoc2018).toBe('43-3031');
    expect(c.confidence).toBeLessThan(seed.data.classification.reviewThreshold);
    expect(c.reason).toContain("the grade 'SEO' is at HEO/SEO level or above, where the ONS index codes civil servants as associate professionals or higher");
  });

  it('keeps its confidence at an administrative grade', () => {
    const c = classifyInContext(seed, 'Finance Officer', { ...finance, grade: 'EO', salary: 24_000 }, pounds);
    expect(c.usSoc2018).toBe('43-3031');
    expect(c.confidence).toBeGreaterThanOrEqual(seed.data.classification.reviewThreshold);
  });

  it('leaves a secretary at a senior grade as read: a secretary takes the principal\'s grade', () => {
    const c = classifyInContext(seed, 'Executive Assistant', { ...finance, grade: 'SEO', salary: 33_000 }, pounds);
    expect(c.usSoc2018).toBe('43-6011');
    expect(c.confidence).toBeGreaterThanOrEqual(seed.data.classification.reviewThreshold);
  });

  it('goes to review on a grade that names field or manual work, and says why', () => {
    const row = { organisation: 'Environment Agency', division: 'Anglian - Central', group: 'Operational delivery', salary: 18_959 };
    const c = classifyInContext(seed, 'Operations Delivery Officer', { ...row, grade: 'Field' }, pounds);
    expect(c.usSoc2018).toBe('43-9061');
    expect(c.confidence).toBeLessThan(seed.data.classification.reviewThreshold);
    expect(c.reason).toContain("the grade 'Field' is a pay scale for field or manual work, not an office's");
    expect(classifyInContext(seed, 'Operations Delivery Officer', { ...row, grade: 'AS3' }, pounds).reason).not.toContain('field or manual work');
  });

  it("reads an agency's own band by its place on the list's ladder, and says so", () => {
    const ladder: ListContext = { ...pounds, gradeLadder: { as1: 'clerical', as2: 'clerical', as3: 'administrative', as4: 'associate', as5: 'associate', as6: 'team', as7: 'team' } };
    const c = classifyInContext(seed, 'Finance Officer', { organisation: 'Environment Agency', group: 'Finance', grade: 'AS5', salary: 35_394 }, ladder);
    expect(c.confidence).toBeLessThan(seed.data.classification.reviewThreshold);
    expect(c.reason).toContain("the grade 'AS5', by its place on the list's grade ladder, is at HEO/SEO level or above");
  });
});

describe("a payroll's administrative title paid as another job: the pay decides the level", () => {
  const row = { division: 'General Services (301)' };

  it('reads an operations officer paid as a specialist as a business operations specialist, in review, and says why', () => {
    const c = classifyInContext(seed, 'Operations Officer I', { ...row, salary: 61_000 }, dollars);
    expect([c.usSoc2018, c.ukSoc2020]).toEqual(['13-1199', '3560']);
    expect(c.confidence).toBeLessThan(seed.data.classification.reviewThreshold);
    expect(c.reason).toContain("in context: pay 61,000: the pay is over a third above the 75th percentile of Office Clerks, General, the title's reading, at the list's pay level");
    expect(c.contextUsed).toEqual(['pay']);
    expect(c.alternatives![0].usSoc2018).toBe('43-9061');
  });

  it("keeps the clerk's reading, and its confidence, at a clerk's pay", () => {
    const c = classifyInContext(seed, 'Operations Officer I', { ...row, salary: 42_000 }, dollars);
    expect(c.usSoc2018).toBe('43-9061');
    expect(c.confidence).toBeGreaterThanOrEqual(seed.data.classification.reviewThreshold);
  });

  it('keeps the clerk\'s reading in review when the pay rules out every other reading too', () => {
    const c = classifyInContext(seed, 'Liaison Officer II', { ...row, salary: 122_400 }, dollars);
    expect(c.usSoc2018).toBe('43-9061');
    expect(c.confidence).toBeLessThan(seed.data.classification.reviewThreshold);
    expect(c.reason).toContain('the pay is over a third above the 75th percentile of Office Clerks, General');
  });

  it("measures a list in pounds against the UK unit group's pay, and names it", () => {
    const c = classifyInContext(seed, 'Operations Officer', { division: 'Finance', salary: 45_000 }, pounds);
    expect([c.usSoc2018, c.ukSoc2020]).toEqual(['13-1199', '3560']);
    expect(c.reason).toContain('the pay is over a third above the 75th percentile of Other administrative occupations n.e.c.');
  });

  it('leaves the level to the grade where the list has one', () => {
    const c = classifyInContext(seed, 'Operations Officer I', { ...row, grade: 'EO', salary: 61_000 }, dollars);
    expect(c.usSoc2018).toBe('43-9061');
  });
});

describe('a policy reading on an administrative grade, read by the ONS index\'s civil-servant entries', () => {
  const ladder: ListContext = { ...pounds, gradeLadder: { pb1: 'clerical', pb2: 'clerical', pb3: 'administrative', pb4: 'associate', pb5: 'associate', pb6: 'team', pb7: 'team' } };
  const row = { organisation: 'Department for Transport', division: 'Roads', group: 'Policy' };

  it('reads a policy support officer on an EO band as national government administrative, and says why', () => {
    const c = classifyInContext(seed, 'Policy Support Officer', { ...row, grade: 'PB3', salary: 25_415 }, ladder);
    expect([c.usSoc2018, c.ukSoc2020]).toEqual(['43-9061', '4111']);
    expect(c.reason).toContain("the grade 'PB3', by its place on the list's grade ladder, is AA, AO or EO: the ONS index codes such civil servants 4111, and 2439 at Grade 6 or 7");
    expect(c.contextUsed).toEqual(['grade']);
    expect(c.confidence).toBeGreaterThanOrEqual(seed.data.classification.reviewThreshold);
    expect(c.alternatives![0].ukSoc2020).toBe('2439');
  });

  it('keeps the index\'s own pair for such a grade out of review when the coder reads it so', () => {
    const c = classifyInContext(seed, 'Executive Officer', { ...row, group: 'Operational delivery', grade: 'EO', salary: 25_000 }, pounds);
    expect([c.usSoc2018, c.ukSoc2020]).toEqual(['43-9061', '4111']);
    expect(c.confidence).toBeGreaterThanOrEqual(seed.data.classification.reviewThreshold);
  });

  it('keeps a policy adviser at HEO/SEO a policy adviser', () => {
    const c = classifyInContext(seed, 'Policy Adviser', { ...row, grade: 'PB5', salary: 37_878 }, ladder);
    expect(c.ukSoc2020).toBe('2439');
  });

  it('leaves a grade it cannot read to the coder', () => {
    expect(classifyInContext(seed, 'Policy Support Officer', { ...row, grade: 'Band X', salary: 25_415 }, pounds).ukSoc2020).toBe('2439');
  });
});

describe('an education, library or museum occupation reached by words that name none of them', () => {
  it('goes to review when neither the title nor its unit names teaching, a school, a library or a museum, and says why', () => {
    const c = classifyInContext(seed, 'Principal Sponsor', { organisation: 'Department for Transport', division: 'Rail & Road Projects', grade: 'PB7', group: 'Science and Engineering', salary: 60_952 }, pounds);
    expect(c.usSoc2018).toBe('11-9032');
    expect(c.confidence).toBeLessThan(seed.data.classification.reviewThreshold);
    expect(c.reason).toContain('no word of the title or its unit names teaching, a school, a library or a museum');
  });

  it('doubts a reading the context moved a title to as well: a programme assistant paid as a museum technician', () => {
    const c = classifyInContext(seed, 'Program Assistant I', { division: 'DPW-Solid Waste (101)', salary: 35_000 }, dollars);
    expect(c.usSoc2018).toBe('25-4013');
    expect(c.confidence).toBeLessThan(seed.data.classification.reviewThreshold);
  });

  it('keeps the reading where the unit names the field: a library\'s programme assistant', () => {
    const c = classifyInContext(seed, 'Program Assistant I', { division: 'Enoch Pratt Free Library (056)', salary: 35_000 }, dollars);
    expect(c.reason).not.toContain('names teaching');
    expect(c.confidence).toBeGreaterThanOrEqual(seed.data.classification.reviewThreshold);
  });

  it('keeps the reading where the title names the field', () => {
    const c = classifyInContext(seed, 'Library Associate II', { division: 'Enoch Pratt Free Library (056)', salary: 35_000 }, dollars);
    expect(c.usSoc2018).toBe('25-4031');
    expect(c.confidence).toBeGreaterThanOrEqual(seed.data.classification.reviewThreshold);
  });
});
