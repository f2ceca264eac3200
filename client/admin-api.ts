// Typed calls for the administrators' area, as the server's admin and users routes answer them.
import { api } from './api.ts';

export interface PlatformStats {
  engagements: number;
  datasets: number;
  peopleAnalysed: number;
  cacheEntries: number;
  verifiedEntries: number;
}

export async function fetchPlatformStats(): Promise<PlatformStats> {
  return (await api.get<{ stats: PlatformStats }>('/admin/stats')).stats;
}

export type PlatformRole = 'admin' | 'user';

export interface AdminUser {
  id: string;
  email: string;
  name: string;
  role: PlatformRole;
  active: boolean;
}

/** Administrators get deactivated users as well. */
export async function listAllUsers(): Promise<AdminUser[]> {
  return (await api.get<{ users: AdminUser[] }>('/users')).users;
}

export async function createUser(input: { email: string; name: string; role: PlatformRole }): Promise<AdminUser> {
  return (await api.post<{ user: AdminUser }>('/users', input)).user;
}

/** 409 conflict when the change would leave no active administrator. */
export async function updateUser(id: string, patch: { name?: string; role?: PlatformRole; active?: boolean }): Promise<AdminUser> {
  return (await api.patch<{ user: AdminUser }>(`/users/${encodeURIComponent(id)}`, patch)).user;
}

export interface AuditEvent {
  id: number;
  at: string;
  actor: string | null;
  actorName: string | null;
  action: string;
  engagementId: string | null;
  engagementName: string | null;
  datasetId: string | null;
  details: Record<string, unknown>;
}

export interface AuditPage {
  events: AuditEvent[];
  total: number;
  offset: number;
  limit: number;
}

export interface AuditFilter {
  action?: string;
  engagementId?: string;
  /** YYYY-MM-DD, inclusive. */
  from?: string;
  to?: string;
}

function query(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

export function platformAudit(filter: AuditFilter, offset: number, limit: number): Promise<AuditPage> {
  return api.get<AuditPage>(`/admin/audit${query({ ...filter, offset, limit })}`);
}

export function engagementAudit(engagementId: string, offset: number, limit = 100): Promise<AuditPage> {
  return api.get<AuditPage>(`/engagements/${encodeURIComponent(engagementId)}/audit${query({ offset, limit })}`);
}
