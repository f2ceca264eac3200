/**
 * Manager emails resolved to employee IDs in the browser (spec, minimisation rules 2 and 4): the emails are
 * used here and dropped; only IDs are uploaded.
 */

export interface PersonEmails {
  employeeId: string;
  /** The person's own email, or null. */
  email: string | null;
  /** Their manager's email, or null. */
  managerEmail: string | null;
}

export interface ManagerLinks {
  /** Per person, in the same order: the manager's employee ID, a stand-in, or null. */
  managerEmployeeIds: (string | null)[];
  /** Stand-ins created: one per manager email found nowhere in the list. */
  unmatchedManagers: number;
  /** Emails held by two or more people; reporting lines through them are left unlinked. */
  sharedEmails: number;
}

export const STAND_IN_PREFIX = 'unmatched-manager-';

export function normaliseEmail(email: string): string {
  return email.normalize('NFKC').trim().toLowerCase();
}

export function resolveManagerEmails(people: readonly PersonEmails[]): ManagerLinks {
  const holders = new Map<string, string[]>();
  for (const person of people) {
    const email = person.email === null ? '' : normaliseEmail(person.email);
    if (email === '') continue;
    const ids = holders.get(email);
    if (ids) ids.push(person.employeeId);
    else holders.set(email, [person.employeeId]);
  }
  let sharedEmails = 0;
  for (const ids of holders.values()) if (ids.length > 1) sharedEmails += 1;

  const existingIds = new Set(people.map((p) => p.employeeId));
  const standIns = new Map<string, string>();
  let counter = 1;
  const nextStandIn = () => {
    // The counter skips any employee ID that already has the stand-in form.
    while (existingIds.has(`${STAND_IN_PREFIX}${counter}`)) counter += 1;
    return `${STAND_IN_PREFIX}${counter++}`;
  };

  const managerEmployeeIds = people.map((person) => {
    const managerEmail = person.managerEmail === null ? '' : normaliseEmail(person.managerEmail);
    if (managerEmail === '') return null;
    const ids = holders.get(managerEmail);
    if (ids) return ids.length === 1 ? ids[0]! : null;
    let standIn = standIns.get(managerEmail);
    if (!standIn) standIns.set(managerEmail, (standIn = nextStandIn()));
    return standIn;
  });
  return { managerEmployeeIds, unmatchedManagers: standIns.size, sharedEmails };
}
