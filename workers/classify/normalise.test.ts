import { describe, expect, it } from 'vitest';
import { normaliseTitle } from './normalise.ts';

describe('normaliseTitle (scoring.md §1)', () => {
  it('applies NFKC before lower-casing, so full-width letters become plain ones', () => {
    expect(normaliseTitle('ＰＡＹＲＯＬＬ Clerk')).toBe('payroll clerk');
  });

  it('turns punctuation into spaces and collapses whitespace', () => {
    expect(normaliseTitle('  Payroll/Pensions -- Officer (Part-time)  ')).toBe('payroll pensions officer part time');
  });

  it('keeps &, + and #', () => {
    expect(normaliseTitle('R&D Lead, C++ / C# Developer')).toBe('r&d lead c++ c# developer');
  });

  it('keeps letters with accents and digits', () => {
    expect(normaliseTitle('Café Manager 2')).toBe('café manager 2');
  });

  it('expands the fixed abbreviations as whole words', () => {
    expect(normaliseTitle('Sr. Mgr, Ops')).toBe('senior manager operations');
    expect(normaliseTitle('Snr Admin Asst')).toBe('senior administrator assistant');
    expect(normaliseTitle('Jr Dev / Jnr Eng')).toBe('junior developer junior engineer');
    expect(normaliseTitle('Exec Dir')).toBe('executive director');
    expect(normaliseTitle('Project Coord')).toBe('project coordinator');
  });

  it('expands hr to two words', () => {
    expect(normaliseTitle('HR Advisor')).toBe('human resources advisor');
  });

  it('does not expand it, because it is also a word', () => {
    expect(normaliseTitle('IT Manager')).toBe('it manager');
  });

  it('does not expand an abbreviation inside a longer word', () => {
    expect(normaliseTitle('Mgrs Admins Devops')).toBe('mgrs admins devops');
  });

  it('gives an empty string for a title with no letters or digits', () => {
    expect(normaliseTitle(' -- / ')).toBe('');
  });

  it('keeps words that name built-in object properties as words ("Site Constructor")', () => {
    expect(normaliseTitle('Site Constructor')).toBe('site constructor');
    expect(normaliseTitle('toString Valueof')).toBe('tostring valueof');
  });
});
