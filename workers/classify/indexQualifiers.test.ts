import { describe, expect, it } from 'vitest';
import { indexTitleOf, qualifiedEntry, qualifierWords, unqualifiedChance, type QualifiedEntry } from './indexQualifiers.ts';

/** The ONS index's entries for "technical officer" and "team leader", as the reference keeps them (a sample). */
const technicalOfficer: QualifiedEntry[] = [
  ['2483', 'environmental health'],
  ['2119', 'laboratory'],
  ['3119', ''],
  ['2112', 'government: DEFRA'],
  ['3119', 'government'],
  ['4112', 'local government'],
  ['3133', 'computing/IT'],
];
const teamLeader: QualifiedEntry[] = [
  ['7220', 'customer service'],
  ['2237', 'nursing'],
  ['6136', 'home care; local government: social services'],
  ['3560', 'local government'],
];
const pounds = { currency: 'GBP', payScale: 1 };

describe('reading a row for the index qualifiers', () => {
  it('reads a ministry or agency as central government and a council or city as local government', () => {
    expect(qualifierWords({ organisation: 'Environment Agency' }, pounds).has('government')).toBe(true);
    expect(qualifierWords({ organisation: 'Environment Agency' }, pounds).has('local')).toBe(false);
    const city = qualifierWords({ division: 'Housing' }, { ...pounds, sector: 'City of Baltimore' });
    expect(['local', 'government'].every((w) => city.has(w))).toBe(true);
  });

  it('spells out unit abbreviations and drops department codes', () => {
    const words = qualifierWords({ division: 'HLTH-Health Department (092)' }, pounds);
    expect(words.has('health')).toBe(true);
    expect([...words].some((w) => /\d/.test(w))).toBe(false);
  });
});

describe('choosing the entry a row matches', () => {
  it('takes the entry whose every qualifier word the row has, the fullest match first', () => {
    expect(qualifiedEntry(technicalOfficer, qualifierWords({ division: 'Environmental Health' }, pounds))).toEqual(['2483', 'environmental health']);
    expect(qualifiedEntry(technicalOfficer, qualifierWords({ organisation: 'Borough Council' }, pounds))).toEqual(['4112', 'local government']);
    expect(qualifiedEntry(technicalOfficer, qualifierWords({ organisation: 'Department for Transport' }, pounds))).toEqual(['3119', 'government']);
  });

  it('reads "/" as either word and ":" as both parts', () => {
    expect(qualifiedEntry(technicalOfficer, qualifierWords({ division: 'IT Services' }, pounds))?.[0]).toBe('3133');
    expect(qualifiedEntry(technicalOfficer, qualifierWords({ organisation: 'Department for Transport', division: 'DEFRA liaison' }, pounds))?.[0]).toBe('2112');
    expect(qualifiedEntry(teamLeader, qualifierWords({ division: 'Home Care' }, pounds))).toBeNull();
    expect(qualifiedEntry(teamLeader, qualifierWords({ division: 'Home Care', group: 'Social Services' }, { ...pounds, sector: 'Local government' }))?.[0]).toBe('6136');
  });

  it('matches nothing when the row names no qualifier', () => {
    expect(qualifiedEntry(technicalOfficer, qualifierWords({ division: 'Midlands - West' }, pounds))).toBeNull();
  });
});

describe('the chance the index leaves a title coded only by qualifier', () => {
  it('is the share of its entries in the reading\'s major group', () => {
    expect(unqualifiedChance(teamLeader, '3560')).toBe(0.25);
    expect(unqualifiedChance(teamLeader, '2237')).toBe(0.25);
  });

  it('is not read when the index has an entry without a qualifier', () => {
    expect(unqualifiedChance(technicalOfficer, '3119')).toBeNull();
  });
});

describe('a payroll title as the index lists it', () => {
  it('drops class numbers and pay basis and spells labourer the British way', () => {
    expect(indexTitleOf(['laborer', 'hourly'])).toBe('labourer');
    expect(indexTitleOf(['laborer', 'crew', 'leader', 'ii'])).toBe('labourer crew leader');
    expect(indexTitleOf(['planning', 'officer'])).toBe('planning officer');
  });
});
