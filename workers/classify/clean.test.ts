import { describe, expect, it } from 'vitest';
import { cleanTitle } from './clean.ts';
import { normaliseTitle } from './normalise.ts';

const cleaned = (title: string) => normaliseTitle(cleanTitle(title));

describe('cleanTitle: staff-list noise is removed', () => {
  it.each([
    ['Band 6 Staff Nurse', 'staff nurse'],
    ['AfC Band 8a Service Manager', 'service manager'],
    ['Grade 7 Policy Lead', 'policy lead'],
    ['Payroll Administrator (Maternity Cover)', 'payroll administrator'],
    ['HR Business Partner (FTC 12 months)', 'human resources business partner'],
    ['12 month FTC Analyst', 'analyst'],
    ['Interim Finance Director', 'finance director'],
    ['Temp Receptionist', 'receptionist'],
    ['Receptionist (Temp to Perm)', 'receptionist'],
    ['0.6 FTE Receptionist', 'receptionist'],
    ['Cleaner 37.5 hrs', 'cleaner'],
    ['Care Assistant x2', 'care assistant'],
    ['Data Analyst #2', 'data analyst'],
    ['Accounts Assistant £25,000 - £28,000', 'accounts assistant'],
    ['Software Engineer II', 'software engineer'],
    ['Customer Service Advisor - Nights', 'customer service advisor'],
  ])('%s → %s', (title, expected) => {
    expect(cleaned(title)).toBe(expected);
  });
});

describe('cleanTitle: locations', () => {
  it('drops a location after a dash', () => {
    expect(cleaned('Finance Manager - London')).toBe('finance manager');
  });

  it('drops a bracketed working pattern and city', () => {
    expect(cleaned('Project Manager (Hybrid, Leeds)')).toBe('project manager');
  });

  it('drops a region that stands alone in a segment', () => {
    expect(cleaned('Area Manager - South East')).toBe('area manager');
  });

  it('drops a trailing place name without a separator', () => {
    expect(cleaned('Country Manager UK')).toBe('country manager');
  });

  it('drops "<place> based" and "in <place>"', () => {
    expect(cleaned('London based Accountant')).toBe('accountant');
    expect(cleaned('Accountant in Leeds')).toBe('accountant');
  });

  it('keeps a place name that is part of the job', () => {
    expect(cleaned('London Underground Driver')).toBe('london underground driver');
  });
});

describe('cleanTitle: meaningful tokens are kept', () => {
  it('treats "Level 3" as a grade: a Level 3 Technician is a technician', () => {
    expect(cleaned('Level 3 Technician')).toBe('technician');
  });

  it('treats a lettered band or grade as a grade, and keeps a band that is the job', () => {
    expect(cleaned('Technician - Band B')).toBe('technician');
    expect(cleaned('Clerk Grade B2')).toBe('clerk');
    expect(cleaned('Brass Band Musician')).toBe('brass band musician');
  });

  it('keeps ordinals such as 2nd line and tokens such as 3D', () => {
    expect(cleaned('2nd Line Support Analyst')).toBe('2nd line support analyst');
    expect(cleaned('3D Artist')).toBe('3d artist');
  });

  it('keeps Bank in Bank Clerk but drops it as a bracketed contract term', () => {
    expect(cleaned('Bank Clerk')).toBe('bank clerk');
    expect(cleaned('Nurse (Bank)')).toBe('nurse');
  });

  it('keeps Permanent in Permanent Secretary', () => {
    expect(cleaned('Permanent Secretary')).toBe('permanent secretary');
  });

  it('reads SEO as a civil-service grade at the end but as a job word at the start', () => {
    expect(cleaned('Policy Adviser SEO')).toBe('policy adviser');
    expect(cleaned('Policy Adviser (HEO)')).toBe('policy adviser');
    expect(cleaned('SEO Manager')).toBe('seo manager');
  });

  it('keeps a bracketed qualifier and puts it before the head noun', () => {
    expect(cleaned('Analyst (Credit Risk)')).toBe('credit risk analyst');
    expect(cleaned('Teacher (Primary)')).toBe('primary teacher');
    expect(cleaned('Senior Engineer (Mechanical) - Bristol')).toBe('senior mechanical engineer');
  });

  it('drops a bracketed acronym or repeat of the title', () => {
    expect(cleaned('Registered General Nurse (RGN)')).toBe('registered general nurse');
    expect(cleaned('Production Control Coordinating Clerk (PC Coordinating Clerk)')).toBe('production control coordinating clerk');
  });
});

describe('cleanTitle: reordering and spelling', () => {
  it('puts a department after a bare head noun in front of it', () => {
    expect(cleaned('Manager, Finance')).toBe('finance manager');
    expect(cleaned('Coordinator, Events')).toBe('events coordinator');
  });

  it('reads "Head - X" as head of X', () => {
    expect(cleaned('Head - Finance')).toBe('head of finance');
  });

  it('joins co-ordinator and expands rep', () => {
    expect(cleaned('Co-ordinator')).toBe('coordinator');
    expect(cleaned('Sales Rep')).toBe('sales representative');
  });

  it('reads "Fire Fighter" as the one word firefighter, and the US emergency number 911 as emergency', () => {
    expect(cleaned('EMT Fire Fighter')).toBe('emt firefighter');
    expect(cleaned('911 Operator')).toBe('emergency operator');
    expect(cleaned('Porsche 911 Technician')).toBe('porsche technician');
  });

  it('folds accents so rules written in ASCII match', () => {
    expect(cleaned('Café Manager')).toBe('cafe manager');
  });

  it('reads full-width text (NFKC) as its plain form, so full-width brackets, dashes and abbreviations work as in ASCII', () => {
    expect(cleaned('Registered General Nurse（RGN）')).toBe('registered general nurse');
    expect(cleaned('ＰＡＹＲＯＬＬ ＣＬＥＲＫ － London')).toBe('payroll clerk');
    expect(cleaned('Sales Ｒｅｐ')).toBe('sales representative');
  });

  it('returns the folded original when everything is noise', () => {
    expect(cleaned('Temp')).toBe('temp');
    expect(cleaned('Band 5')).toBe('band 5');
  });

  it('drops a US payroll pay basis at the end of a title', () => {
    expect(cleanTitle('Laborer Hourly')).toBe('laborer');
    expect(cleanTitle('Motor Vehicle Driver I Hourly')).toBe('motor vehicle driver');
  });
});
