// Typed calls for the identities routes: reveal names and emails for a stated purpose, and match a
// licence list by blind index. Both need PII access on the engagement and are audited by the server.
// What they return is shown on the page and never written to IndexedDB.
import { holdsEmail, normaliseText, showsAtLeast } from '../../schema/text.ts';
import { api } from './http.ts';
import { matchReply, revealReply, type MatchReply, type RevealedIdentity, type RevealReply } from '../../schema/api/identities.ts';

export type { MatchReply, RevealedIdentity, RevealReply };

/** The purpose is kept in the audit trail: 3 to 500 characters, no email addresses. */
export const PURPOSE_MIN = 3;
export const PURPOSE_MAX = 500;

/** Whether the server will take a purpose: read as it reads it, with 3 visible characters and no email. */
export function purposeAccepted(purpose: string): boolean {
  const text = normaliseText(purpose);
  return showsAtLeast(text, PURPOSE_MIN) && text.length <= PURPOSE_MAX && !holdsEmail(text);
}

const identitiesPath = (datasetId: string, action: 'reveal' | 'match') => `/datasets/${encodeURIComponent(datasetId)}/identities/${action}`;

/** Names and emails of the dataset's people, or only of the employee IDs given. */
export function revealIdentities(datasetId: string, purpose: string, employeeIds?: readonly string[]): Promise<RevealReply> {
  return api.post(identitiesPath(datasetId, 'reveal'), employeeIds ? { purpose, employeeIds } : { purpose }, revealReply);
}

export function matchLicenceList(datasetId: string, purpose: string, emails: readonly string[]): Promise<MatchReply> {
  return api.post(identitiesPath(datasetId, 'match'), { purpose, emails }, matchReply);
}
