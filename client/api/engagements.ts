// Typed calls for engagements, their members and datasets, as the server's engagement routes answer them.
import { api } from './http.ts';
import {
  engagementPageReply,
  engagementReply,
  engagementsReply,
  memberReply,
  membersReply,
  myEngagementReply,
  type Engagement,
  type EngagementPage,
  type EngagementSettings,
  type Member,
  type MyEngagement,
} from '../../schema/api/engagements.ts';
import type { EngagementRole } from '../../schema/roles.ts';
import { datasetsReply, type Dataset } from '../../schema/api/datasets.ts';
import { usersReply, type User } from '../../schema/api/users.ts';

export type { Engagement, EngagementStatus, Member, MyEngagement } from '../../schema/api/engagements.ts';
export type { User } from '../../schema/api/users.ts';

export interface NewEngagement {
  name: string;
  clientId?: string | null;
  pack: string;
  region: string | null;
}

/** PATCH /engagements/:id: only the fields sent change. */
export type EngagementChanges = Partial<EngagementSettings>;

const path = (id: string, rest = '') => `/engagements/${encodeURIComponent(id)}${rest}`;

export async function listEngagements(): Promise<MyEngagement[]> {
  return (await api.get('/engagements', engagementsReply)).engagements;
}

export async function createEngagement(input: NewEngagement): Promise<MyEngagement> {
  return (await api.post('/engagements', input, myEngagementReply)).engagement;
}

export function getEngagement(id: string): Promise<EngagementPage> {
  return api.get(path(id), engagementPageReply);
}

export async function updateEngagement(id: string, changes: EngagementChanges): Promise<Engagement> {
  return (await api.patch(path(id), changes, engagementReply)).engagement;
}

export async function closeEngagement(id: string): Promise<Engagement> {
  return (await api.post(path(id, '/close'), {}, engagementReply)).engagement;
}

export async function reopenEngagement(id: string): Promise<Engagement> {
  return (await api.post(path(id, '/reopen'), {}, engagementReply)).engagement;
}

/** `confirm` must equal the engagement's name exactly. */
export async function purgeEngagement(id: string, confirm: string): Promise<Engagement> {
  return (await api.post(path(id, '/purge'), { confirm }, engagementReply)).engagement;
}

/** Administrators only; the engagement's audit entries stay. */
export function deleteEngagement(id: string): Promise<void> {
  return api.delete<void>(path(id));
}

export async function listMembers(id: string): Promise<Member[]> {
  return (await api.get(path(id, '/members'), membersReply)).members;
}

/** Adds or updates a member; 403 when someone tries to switch on their own PII access. */
export async function putMember(id: string, member: { email: string; role: EngagementRole; piiAccess: boolean }): Promise<Member> {
  return (await api.put(path(id, '/members'), member, memberReply)).member;
}

export function removeMember(id: string, userId: string): Promise<void> {
  return api.delete<void>(path(id, `/members/${encodeURIComponent(userId)}`));
}

export async function listDatasets(id: string): Promise<Dataset[]> {
  return (await api.get(path(id, '/datasets'), datasetsReply)).datasets;
}

export async function listUsers(): Promise<User[]> {
  return (await api.get('/users', usersReply)).users;
}
