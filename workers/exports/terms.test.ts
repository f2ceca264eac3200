import { describe, expect, it } from 'vitest';
import { termSwapper } from './terms.ts';

describe('terms swaps in report wording', () => {
  it('replaces a whole word whatever its case, keeping a capital first letter', () => {
    const words = termSwapper([{ from: 'employees', to: 'colleagues' }]);
    expect(words('Employees and employees, not EMPLOYEES-only.')).toBe('Colleagues and colleagues, not Colleagues-only.');
  });

  it('leaves a word that only contains the term alone', () => {
    expect(termSwapper([{ from: 'staff', to: 'team' }])('Overstaffed staffing of the staff.')).toBe('Overstaffed staffing of the team.');
  });

  it('prefers the longer phrase and never swaps a replacement again', () => {
    const words = termSwapper([
      { from: 'cost', to: 'spend' },
      { from: 'annual cost', to: 'yearly outlay' },
      { from: 'spend', to: 'budget' },
    ]);
    expect(words('The annual cost and the cost.')).toBe('The yearly outlay and the spend.');
  });

  it('changes nothing without swaps', () => {
    expect(termSwapper([])('People')).toBe('People');
  });
});
