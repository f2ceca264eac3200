// What the signed-in person may do, decided in one place from the session's platform role, their
// membership of the engagement (role and PII flag) and the engagement's status. Each rule mirrors the
// server's check for the same action (server/services/access.ts, datasetAccess.ts and the services that
// call them), so a control is shown only when the server would accept what it sends. The server still
// decides: these rules only spare people work that would end in a 403 or a 409.
import type { EngagementStatus } from '../api/engagements.ts';
import type { EngagementRole } from '../../schema/roles.ts';
import type { SessionUser } from '../api/session.ts';

/** The caller's membership of one engagement, as GET /engagements and GET /engagements/:id give it; null when not staffed. */
export interface MembershipFacts {
  role: EngagementRole;
  piiAccess: boolean;
  status: EngagementStatus;
  /** Whether the engagement holds a data key, so names and emails can be stored at all. */
  identityStorage?: boolean;
}

export interface EngagementPermissions {
  /** Staffed on the engagement: may read it, its datasets, titles and overrides, export and ask. */
  member: boolean;
  /** PATCH /engagements/:id (name, pack, region, sharing flags, retention): lead, active or closed. */
  editSettings: boolean;
  /** PATCH reportNotes: lead, active only. */
  editReportNotes: boolean;
  /** PUT and DELETE members: lead, active or closed. */
  manageMembers: boolean;
  /** Close (active), reopen and purge (closed): lead. */
  close: boolean;
  reopen: boolean;
  purge: boolean;
  /** GET /engagements/:id/audit: lead. */
  readAudit: boolean;
  /** DELETE /engagements/:id: administrators, staffed or not. */
  deleteEngagement: boolean;
  /** Dataset writes (import, rename, settings, reference move, delete, overrides, AI generation, Copilot plans): lead or analyst on an active engagement. */
  writeDatasets: boolean;
  /** Reveal and licence-list match: PII access (administrators are not exempt). */
  useIdentities: boolean;
  /** The store-names-and-emails option on import: a writer with PII access on an engagement holding a data key. */
  storeIdentities: boolean;
}

const isAdmin = (user: Pick<SessionUser, 'role'> | null | undefined) => user?.role === 'admin';

/** Permissions on one engagement; `membership` null means the caller is not staffed on it. */
export function engagementPermissions(user: Pick<SessionUser, 'role'> | null | undefined, membership: MembershipFacts | null): EngagementPermissions {
  const lead = membership?.role === 'lead';
  const writer = membership !== null && (membership.role === 'lead' || membership.role === 'analyst');
  const status = membership?.status;
  const writeDatasets = writer && status === 'active';
  return {
    member: membership !== null,
    editSettings: lead && (status === 'active' || status === 'closed'),
    editReportNotes: lead && status === 'active',
    manageMembers: lead && (status === 'active' || status === 'closed'),
    close: lead && status === 'active',
    reopen: lead && status === 'closed',
    purge: lead && status === 'closed',
    readAudit: lead,
    deleteEngagement: isAdmin(user),
    writeDatasets,
    useIdentities: membership?.piiAccess === true && status !== 'purged',
    storeIdentities: writeDatasets && membership?.piiAccess === true && membership.identityStorage === true,
  };
}

/** Reading an offline copy: nothing can be changed or asked of the server, so only reading (and exports) remain. */
export function offlinePermissions(can: EngagementPermissions): EngagementPermissions {
  return {
    member: can.member,
    editSettings: false,
    editReportNotes: false,
    manageMembers: false,
    close: false,
    reopen: false,
    purge: false,
    readAudit: false,
    deleteEngagement: false,
    writeDatasets: false,
    useIdentities: false,
    storeIdentities: false,
  };
}

export interface ClientPermissions {
  /** PATCH /clients/:id (name, sector, notes, archived): the client's creator or an administrator. */
  edit: boolean;
}

/** Anyone signed in may add a client (POST /clients); the brand's own rights come from GET /clients/:id/brand. */
export function clientPermissions(user: Pick<SessionUser, 'id' | 'role'> | null | undefined, client: { createdBy: string }): ClientPermissions {
  return { edit: isAdmin(user) || (user !== null && user !== undefined && client.createdBy === user.id) };
}

/** What an administrator may do on an engagement they are not staffed on: read its audit entries and delete it. */
export function unstaffedAdministration(user: Pick<SessionUser, 'role'> | null | undefined): { readAudit: boolean; deleteEngagement: boolean } {
  return { readAudit: isAdmin(user), deleteEngagement: isAdmin(user) };
}
