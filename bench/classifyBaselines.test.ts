import { describe, expect, it } from 'vitest';
import { wordEvidence, wordVote } from './classifyBaselines.ts';

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

describe('word evidence', () => {
  it('counts a title whose every known word was seen with its code in both shares', () => {
    expect(wordEvidence(train, [{ title: 'Payroll Clerk Senior', codes: ['43-3051'] }])).toEqual({ anyWord: 1, allWords: 1 });
  });

  it('counts a title only some of whose words were seen with its code in anyWord alone', () => {
    // "officer" was seen with 33-3051, "payroll" never was.
    expect(wordEvidence(train, [{ title: 'Payroll Officer', codes: ['33-3051'] }])).toEqual({ anyWord: 1, allWords: 0 });
  });

  it('counts neither when no known word was seen with the code', () => {
    expect(wordEvidence(train, [{ title: 'Filing Clerk', codes: ['33-3051'] }])).toEqual({ anyWord: 0, allWords: 0 });
  });

  it('counts neither for a title with no known word', () => {
    expect(wordEvidence(train, [{ title: 'Nut Steamer', codes: ['51-3099'] }])).toEqual({ anyWord: 0, allWords: 0 });
  });
});
