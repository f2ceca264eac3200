import { describe, expect, it } from 'vitest';
import { resolveManagerEmails } from './managers.ts';

const person = (employeeId: string, email: string | null, managerEmail: string | null) => ({ employeeId, email, managerEmail });

describe('resolveManagerEmails', () => {
  it('links a manager email to the employee ID of the person holding it, ignoring case and spaces', () => {
    const links = resolveManagerEmails([person('E1', 'boss@example.com', null), person('E2', 'e2@example.com', ' Boss@Example.com ')]);
    expect(links.managerEmployeeIds).toEqual([null, 'E1']);
    expect(links.unmatchedManagers).toBe(0);
  });

  it('leaves reporting lines through an email held by two people unlinked', () => {
    const links = resolveManagerEmails([
      person('E1', 'team@example.com', null),
      person('E2', 'team@example.com', null),
      person('E3', 'e3@example.com', 'team@example.com'),
    ]);
    expect(links.managerEmployeeIds).toEqual([null, null, null]);
    expect(links.sharedEmails).toBe(1);
  });

  it('gives each unknown manager email one stand-in, shared by everyone naming it', () => {
    const links = resolveManagerEmails([
      person('E1', 'a@example.com', 'gone@example.com'),
      person('E2', 'b@example.com', 'other@example.com'),
      person('E3', 'c@example.com', 'GONE@example.com'),
    ]);
    expect(links.managerEmployeeIds).toEqual(['unmatched-manager-1', 'unmatched-manager-2', 'unmatched-manager-1']);
    expect(links.unmatchedManagers).toBe(2);
  });

  it('skips stand-in numbers already used as employee IDs', () => {
    const links = resolveManagerEmails([
      person('unmatched-manager-1', 'a@example.com', 'gone@example.com'),
      person('unmatched-manager-3', 'b@example.com', 'left@example.com'),
      person('E3', 'c@example.com', 'away@example.com'),
    ]);
    expect(links.managerEmployeeIds).toEqual(['unmatched-manager-2', 'unmatched-manager-4', 'unmatched-manager-5']);
  });

  it('treats a full-width @ as the same address after NFKC', () => {
    const links = resolveManagerEmails([person('E1', 'boss@example.com', null), person('E2', null, 'boss＠example.com')]);
    expect(links.managerEmployeeIds).toEqual([null, 'E1']);
  });

  it('leaves people without a manager email unlinked', () => {
    expect(resolveManagerEmails([person('E1', 'a@example.com', ''), person('E2', null, null)]).managerEmployeeIds).toEqual([null, null]);
  });
});
