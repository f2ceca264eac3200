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
