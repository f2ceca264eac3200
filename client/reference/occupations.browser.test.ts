import { expect } from '@esm-bundle/chai';
import { catalogueFrom, searchOccupations } from './occupations.ts';

const catalogue = catalogueFrom(1, {
  occupations: {
    us: {
      '43-3051': { title: 'Payroll and Timekeeping Clerks' },
      '43-4161': { title: 'Human Resources Assistants, Except Payroll and Timekeeping' },
      '13-2011': { title: 'Accountants and Auditors' },
      '43-3031': { title: 'Bookkeeping, Accounting, and Auditing Clerks' },
    },
    uk: { '4122': { title: 'Book-keepers, payroll managers and wages clerks' }, '2421': { title: 'Chartered and certified accountants' } },
  },
});
const codes = (query: string, list = catalogue.us) => searchOccupations(list, query).map((o) => o.code);

describe('occupation search', () => {
  it('finds occupations by a code prefix, with or without the hyphen', () => {
    expect(codes('43-30')).to.deep.equal(['43-3031', '43-3051']);
    expect(codes('4330')).to.deep.equal(['43-3031', '43-3051']);
    expect(codes('412', catalogue.uk)).to.deep.equal(['4122']);
  });

  it('finds occupations whose title words start with every word typed, in any case', () => {
    expect(codes('PAYROLL clerks')).to.deep.equal(['43-3051']);
    expect(codes('audit')).to.deep.equal(['13-2011', '43-3031']);
    expect(codes('book', catalogue.uk)).to.deep.equal(['4122']);
  });

  it('puts an exact code first, then titles that begin with the query', () => {
    expect(codes('payroll')).to.deep.equal(['43-3051', '43-4161']);
    expect(codes('13-2011')).to.deep.equal(['13-2011']);
  });

  it('finds nothing for blank text', () => {
    expect(codes('   ')).to.deep.equal([]);
  });

  it('names a code, and answers null for a code the version does not hold', () => {
    expect(catalogue.name('uk', '4122')).to.equal('Book-keepers, payroll managers and wages clerks');
    expect(catalogue.name('us', '99-9999')).to.equal(null);
    expect(catalogue.name('us', null)).to.equal(null);
  });
});
