import { describe, expect, it } from 'vitest';
import { classOf, classStanding, contextKey, contextWords, hasContext, listClassTops, listGradeLadder, listUnitSpread, namesManualWork, payBand, paySideOf, readGrade } from './context.ts';

describe('reading a grade or rank', () => {
  it('reads Senior Civil Service pay bands as senior', () => {
    for (const grade of ['SCS1', 'SCS 2', 'scs pay band 3', 'Senior Civil Service']) expect(readGrade(grade)?.level, grade).toBe('senior');
  });

  it('reads Grade 6 and 7 as team heads, SEO and HEO as associates, EO as administrative, AO and AA as clerical', () => {
    expect(readGrade('Grade 7')?.level).toBe('team');
    expect(readGrade('G6')?.level).toBe('team');
    expect(readGrade('SEO')?.level).toBe('associate');
    expect(readGrade('Higher Executive Officer')?.level).toBe('associate');
    expect(readGrade('EO')?.level).toBe('administrative');
    expect(readGrade('AO')?.level).toBe('clerical');
    expect(readGrade('AA')?.level).toBe('clerical');
  });

  it('reads NATO officer ranks as armed forces officers, senior from OF-6', () => {
    expect(readGrade('OF-6')).toMatchObject({ level: 'senior', forces: 'officer' });
    expect(readGrade('OF3')).toMatchObject({ level: 'team', forces: 'officer' });
    expect(readGrade('Brigadier')).toMatchObject({ level: 'senior', forces: 'officer' });
  });

  it('reads NATO other ranks and named NCO ranks as other ranks', () => {
    expect(readGrade('OR-7')).toMatchObject({ forces: 'other-rank' });
    expect(readGrade('Corporal')).toMatchObject({ forces: 'other-rank' });
  });

  it("leaves an agency's own pay bands to the pay when the list gives no ladder", () => {
    expect(readGrade('AS3')).toBeNull();
    expect(readGrade('PB4')).toBeNull();
    expect(readGrade('')).toBeNull();
  });
});

describe('a grade that names field or manual work', () => {
  it('is read however the list writes it, and only as a whole grade', () => {
    expect(['Field', 'FIELD_Grade', 'Industrial 3', 'craft  staff', 'Operatives'].map(namesManualWork)).toEqual([true, true, true, true, true]);
    expect(['Fieldwork Officer', 'AS4', '', null, undefined].map(namesManualWork)).toEqual([false, false, false, false, false]);
  });
});

describe("a list's own grade ladder", () => {
  const band = (n: number, salary: number) => ({ grade: `PB${n}`, salary });
  const department = [{ grade: 'SCS1', salary: 90_000 }, band(1, 18_000), band(2, 21_000), band(3, 25_000), band(4, 31_000), { grade: 'PB4FS', salary: 31_600 }, band(5, 38_000), band(6, 49_000), band(7, 61_000)];

  it('reads seven numbered bands below the Senior Civil Service as the seven grades below it, lowest first', () => {
    const ladder = listGradeLadder(department);
    expect(ladder).toEqual({ pb1: 'clerical', pb2: 'clerical', pb3: 'administrative', pb4: 'associate', pb5: 'associate', pb6: 'team', pb7: 'team' });
    const list = { currency: 'GBP', payScale: 1, gradeLadder: ladder };
    expect(readGrade('PB3', list)).toMatchObject({ level: 'administrative', fromLadder: true });
    expect(readGrade('PB4FS', list)?.level).toBe('associate');
  });

  it('finds no ladder in a list without Senior Civil Service grades', () => {
    expect(listGradeLadder(department.slice(1))).toEqual({});
  });

  it('finds no ladder whose pay falls as the number rises, or of fewer than five rungs', () => {
    expect(listGradeLadder(department.map((r, i) => (i === 0 ? r : { ...r, salary: 100_000 - r.salary })))).toEqual({});
    expect(listGradeLadder(department.slice(0, 5))).toEqual({});
  });
});

describe('the field words of a unit, organisation or group', () => {
  it('drops bracketed and department codes, unit words and places-like filler', () => {
    expect(contextWords('Fire Department (130)')).toEqual(['fire']);
    expect(contextWords('Police Department (390)')).toEqual(['police']);
  });

  it('reads the abbreviations public staff lists use for units', () => {
    expect(contextWords('DPW-Water & Waste Water (701)')).toEqual(['works', 'water', 'waste']);
    expect(contextWords('HLTH-Health Department (017)')).toEqual(['health']);
  });

  it('keeps the words that name a profession in a professional group, and drops them in a unit', () => {
    expect(contextWords('Policy', true)).toEqual(['policy']);
    expect(contextWords('Policy')).toEqual([]);
    expect(contextWords('Operational delivery', true)).toEqual([]);
  });
});

describe("a row's context key", () => {
  const list = { currency: 'GBP', payScale: 0.8 };

  it('keeps rows of one unit, grade and group whose pay falls in one band together', () => {
    expect(contextKey({ division: 'Rail', grade: 'PB4', salary: 30_000 }, list)).toBe(contextKey({ division: ' Rail ', grade: 'PB4', salary: 31_000 }, list));
  });

  it('tells apart rows whose pay falls in another band', () => {
    expect(payBand(30_000, list)).not.toBe(payBand(45_000, list));
    expect(contextKey({ salary: 30_000 }, list)).not.toBe(contextKey({ salary: 45_000 }, list));
  });

  it('reads no pay band when the currency names no pay table', () => {
    expect(payBand(30_000, { currency: null, payScale: 1 })).toBe(0);
    expect(paySideOf('EUR')).toBeNull();
    expect(hasContext({ salary: 30_000 }, { currency: null, payScale: 1 })).toBe(false);
  });
});

describe('US class numbers', () => {
  const titles = ['Operations Officer I', 'Operations Officer III', 'Operations Officer V', 'Office Support Specialist II', 'Office Support Specialist III', 'Police Officer'];
  const list = { currency: 'USD', payScale: 1, classTops: listClassTops(titles) };

  it('reads the class a roman numeral gives a title, wherever it stands', () => {
    expect(classOf('Operations Officer IV')).toEqual({ series: 'operations officer', n: 4 });
    expect(classOf('Community Health Nurse II 10Mth')).toEqual({ series: 'community health nurse', n: 2 });
    expect(classOf('Police Officer')).toBeNull();
  });

  it('knows the top class of a series the list numbers in three classes or more', () => {
    expect(list.classTops).toEqual({ 'operations officer': 5 });
  });

  it('stands a title at the top or the entry of its series, or nowhere for a short series', () => {
    expect(classStanding('Operations Officer V', list)).toBe('top');
    expect(classStanding('Operations Officer I', list)).toBe('entry');
    expect(classStanding('Operations Officer III', list)).toBeNull();
    expect(classStanding('Office Support Specialist III', list)).toBeNull();
  });
});

describe("a title's spread over the list's units", () => {
  it('counts the units of different field words that hold each title, leaving titles held in one', () => {
    const rows = [
      { title: 'Laborer', division: 'DPW-Solid Waste (354)' },
      { title: 'Laborer', division: 'DPW-Solid Waste (wkly) (105)' },
      { title: 'Laborer', division: 'R&P-Parks (008)' },
      { title: 'Laborer', division: 'TRANS-Highways (320)' },
      { title: 'Police Officer', division: 'Police Department (221)' },
      { title: 'Police Officer', division: 'Police Department (302)' },
      { title: 'Clerk', division: null },
    ];
    expect(listUnitSpread(rows)).toEqual({ Laborer: 3 });
  });
});
