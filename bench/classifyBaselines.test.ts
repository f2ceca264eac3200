import { describe, expect, it } from 'vitest';
import { sharedCodeCeiling, wordVote } from './classifyBaselines.ts';

const coded = (title: string, ...codes: string[]) => ({ title, normalised: title.toLowerCase(), codes });

const train = [
  coded('Payroll Clerk', '43-3051'),
  coded('Payroll Officer', '43-3051'),
  coded('Filing Clerk', '43-4071'),
  coded('File Clerk', '43-4071'),
  coded('Police Officer', '33-3051'),
];

describe('word vote', () => {
  it('picks the code the title’s rarer words point to', () => {
    expect(wordVote(train)('Payroll Assistant')).toBe('43-3051');
  });

  it('gives no code to a title with no known word', () => {
    expect(wordVote(train)('Nut Steamer')).toBeNull();
  });
});

describe('shared-code ceiling', () => {
  it('counts a title whose every known word was seen with its code', () => {
    expect(sharedCodeCeiling(train, [{ title: 'Payroll Clerk Senior', codes: ['43-3051'] }])).toBe(1);
  });

  it('does not count a title whose words were never seen together with its code', () => {
    // "payroll" never appears with 33-3051, so no word-level rule points at the right code.
    expect(sharedCodeCeiling(train, [{ title: 'Payroll Police', codes: ['33-3051'] }])).toBe(0);
  });

  it('does not count a title with no known word', () => {
    expect(sharedCodeCeiling(train, [{ title: 'Nut Steamer', codes: ['51-3099'] }])).toBe(0);
  });
});
