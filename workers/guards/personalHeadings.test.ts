import { describe, expect, it } from 'vitest';
import { headingLooksPersonal, headingWords } from './personalHeadings.ts';

describe('headingWords', () => {
  it('splits camelCase, snake_case, hyphens and dots into lower-case singular words', () => {
    expect(headingWords('lineManagers')).toEqual(['line', 'manager']);
    expect(headingWords('first_name')).toEqual(['first', 'name']);
    expect(headingWords('Date-of.Birth')).toEqual(['date', 'of', 'birth']);
    expect(headingWords('EMAIL ADDRESSES')).toEqual(['email', 'address']);
    expect(headingWords('HRManager')).toEqual(['hr', 'manager']);
  });

  it('applies NFKC so full-width letters read as ordinary ones', () => {
    expect(headingWords('Ｅｍａｉｌ')).toEqual(['email']);
  });

  it('splits a run-together heading only when every part is a known word', () => {
    expect(headingWords('dateofbirth')).toEqual(['date', 'of', 'birth']);
    expect(headingWords('employeeid')).toEqual(['employee', 'id']);
    expect(headingWords('managerial')).toEqual(['managerial']);
  });
});

describe('headingLooksPersonal', () => {
  it.each(['Name', 'Full Name', 'firstName', 'Surname', 'Forename', 'Employee Name', 'Ｎａｍｅ'])(
    'refuses the name heading %s', (h) => expect(headingLooksPersonal(h)).toBe(true));

  it('refuses a client name, which may be a person', () => {
    expect(headingLooksPersonal('Client name')).toBe(true);
  });

  it('refuses family name, which is a surname', () => {
    expect(headingLooksPersonal('Family name')).toBe(true);
  });

  it.each(['Team name', 'Firm name', 'Cost Centre Name', 'Business unit name', 'Legal entity name', 'Job family name'])(
    'lets the group name heading %s pass', (h) => expect(headingLooksPersonal(h)).toBe(false));

  it.each(['Email', 'E-mail', 'emailAddress', 'Work Phone', 'Mobile', 'Home Address', 'Post Code', 'Postcode', 'Zip code'])(
    'refuses the contact heading %s', (h) => expect(headingLooksPersonal(h)).toBe(true));

  it.each(['Date of Birth', 'DOB', 'NI Number', 'National Insurance No', 'NINO', 'Passport number'])(
    'refuses the identity document heading %s', (h) => expect(headingLooksPersonal(h)).toBe(true));

  it.each(['Username', 'User Name', 'Login', 'Payroll', 'Payroll ID'])(
    'refuses the account heading %s', (h) => expect(headingLooksPersonal(h)).toBe(true));

  it.each(['Employee ID', 'EmployeeNo', 'emp_no', 'Staff Number', 'Person ID', 'worker-id', 'Colleague ID', 'ID'])(
    'refuses the person identifier heading %s', (h) => expect(headingLooksPersonal(h)).toBe(true));

  it.each(['Manager', 'Line managers', 'linemanager', 'Reports To', 'reportsTo', 'Supervisor', 'Advisers', 'Mentor',
    'Team Lead', 'teamLeads', 'Leaders', 'Budget owner', 'Colleagues', 'Project lead'])(
    'refuses the person-in-the-organisation heading %s', (h) => expect(headingLooksPersonal(h)).toBe(true));

  it.each(['Department', 'Division', 'Cost centre', 'Grade', 'Location', 'Job family', 'Contract type', 'Staff type',
    'Employee type', 'Managerial level', 'Leadership team', 'Contact centre', 'Personnel area', 'Position ID'])(
    'lets the ordinary grouping %s pass', (h) => expect(headingLooksPersonal(h)).toBe(false));

  it('lets an empty heading pass (blank headings are handled by the mapping, not this rule)', () => {
    expect(headingLooksPersonal('  ')).toBe(false);
  });
});
