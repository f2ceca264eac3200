// Typed calls for engagements, their members and datasets, as the server's engagement routes answer them.
import { api } from './api.ts';

export type EngagementStatus = 'active' | 'closed' | 'purged';
import type { EngagementRole } from '../schema/roles.ts';

export interface Engagement {
  id: string;
  clientId: string | null;
  name: string;
  status: EngagementStatus;
  pack: string;
  region: string | null;
  shareClassificationCache: boolean;
  benchmarkParticipation: boolean;
  retentionDays: number;
  /** Whether names and emails can be stored (the engagement holds a data key). */
  identityStorage: boolean;
  createdAt: string;
  closedAt: string | null;
  purgedAt: string | null;
}

/** An engagement as listed for the caller, with the caller's own role and PII flag on it. */
export interface MyEngagement extends Engagement {
  role: EngagementRole;
  piiAccess: boolean;
}

export interface Member {
  userId: string;
  email: string;
  name: string;
  active: boolean;
  role: EngagementRole;
  piiAccess: boolean;
}

export interface NewEngagement {
  name: string;
  clientId?: string | null;
  pack: string;
  region: string | null;
}

export interface EngagementChanges {
  name?: string;
  pack?: string;
  region?: string | null;
}

export interface DatasetListing {
  id: string;
  name: string;
  status: 'uploading' | 'classifying' | 'ready' | 'purged';
  expectedRows: number;
  uploadedRows: number;
  headcount: number | null;
  /** Annual employer cost once finalised, in the dataset's own currency (settings.currency; pounds when absent). */
  totalCogs?: number | null;
  settings?: { currency?: string };
  /** Header name → mapped field, as recorded at creation; offered for reuse on the next import. */
  columnMapping: Record<string, string> | null;
  createdAt: string;
}

export interface ClientListing {
  id: string;
  name: string;
  archived: boolean;
}

export interface UserListing {
  id: string;
  email: string;
  name: string;
  active: boolean;
}

const path = (id: string, rest = '') => `/engagements/${encodeURIComponent(id)}${rest}`;

export async function listEngagements(): Promise<MyEngagement[]> {
  return (await api.get<{ engagements: MyEngagement[] }>('/engagements')).engagements;
}

export async function createEngagement(input: NewEngagement): Promise<MyEngagement> {
  return (await api.post<{ engagement: MyEngagement }>('/engagements', input)).engagement;
}

export function getEngagement(id: string): Promise<{ engagement: MyEngagement; members: Member[] }> {
  return api.get(path(id));
}

export async function updateEngagement(id: string, changes: EngagementChanges): Promise<Engagement> {
  return (await api.patch<{ engagement: Engagement }>(path(id), changes)).engagement;
}

export async function closeEngagement(id: string): Promise<Engagement> {
  return (await api.post<{ engagement: Engagement }>(path(id, '/close'))).engagement;
}

export async function reopenEngagement(id: string): Promise<Engagement> {
  return (await api.post<{ engagement: Engagement }>(path(id, '/reopen'))).engagement;
}

/** `confirm` must equal the engagement's name exactly. */
export async function purgeEngagement(id: string, confirm: string): Promise<Engagement> {
  return (await api.post<{ engagement: Engagement }>(path(id, '/purge'), { confirm })).engagement;
}

/** Administrators only; the engagement's audit entries stay. */
export function deleteEngagement(id: string): Promise<void> {
  return api.delete<void>(path(id));
}

export async function listMembers(id: string): Promise<Member[]> {
  return (await api.get<{ members: Member[] }>(path(id, '/members'))).members;
}

/** Adds or updates a member; 403 when someone tries to switch on their own PII access. */
export async function putMember(id: string, member: { email: string; role: EngagementRole; piiAccess: boolean }): Promise<Member> {
  return (await api.put<{ member: Member }>(path(id, '/members'), member)).member;
}

export function removeMember(id: string, userId: string): Promise<void> {
  return api.delete<void>(path(id, `/members/${encodeURIComponent(userId)}`));
}

export async function listDatasets(id: string): Promise<DatasetListing[]> {
  return (await api.get<{ datasets: DatasetListing[] }>(path(id, '/datasets'))).datasets;
}

export async function listClients(): Promise<ClientListing[]> {
  return (await api.get<{ clients: ClientListing[] }>('/clients')).clients;
}

export async function listUsers(): Promise<UserListing[]> {
  return (await api.get<{ users: UserListing[] }>('/users')).users;
}
