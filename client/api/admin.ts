import type { PlatformRole } from '../../schema/roles.ts';
// Typed calls for the administrators' area, as the server's admin and users routes answer them.
import { api, apiRequest } from './http.ts';
import { platformStatsReply, userReply, usersReply, type PlatformStats, type User } from '../../schema/api/users.ts';
import { sharedCacheEntryReply, sharedCachePage, type SharedCacheEntry, type SharedCacheListing, type SharedCachePage } from '../../schema/cache.ts';

export type { PlatformStats };

export async function fetchPlatformStats(): Promise<PlatformStats> {
  return (await api.get('/admin/stats', platformStatsReply)).stats;
}


/** Administrators see every user, with role and whether active. */
export type AdminUser = User;

/** Administrators get deactivated users as well. */
export async function listAllUsers(): Promise<AdminUser[]> {
  return (await api.get('/users', usersReply)).users;
}

export async function createUser(input: { email: string; name: string; role: PlatformRole }): Promise<AdminUser> {
  return (await api.post('/users', input, userReply)).user;
}

/** 409 conflict when the change would leave no active administrator. */
export async function updateUser(id: string, patch: { name?: string; role?: PlatformRole; active?: boolean }): Promise<AdminUser> {
  return (await api.patch(`/users/${encodeURIComponent(id)}`, patch, userReply)).user;
}

/** One listed entry of the shared title cache: titles and codes only. */
export type CacheEntry = SharedCacheListing;

export type CachePage = SharedCachePage;

/** Most used first; `q` matches part of the normalised title. */
export function listCache(q: string, offset: number, limit: number): Promise<CachePage> {
  const search = new URLSearchParams({ offset: String(offset), limit: String(limit) });
  if (q) search.set('q', q);
  return api.get(`/admin/cache?${search}`, sharedCachePage);
}

type CacheKey = Pick<CacheEntry, 'normalisedTitle' | 'context'>;

/** The server accepts exactly the key fields, so only those are sent. */
export async function verifyCacheEntry({ normalisedTitle, context }: CacheKey, verified: boolean): Promise<SharedCacheEntry> {
  return (await api.patch('/admin/cache', { normalisedTitle, context, verified }, sharedCacheEntryReply)).entry;
}

export function deleteCacheEntry({ normalisedTitle, context }: CacheKey): Promise<void> {
  return apiRequest<void>('DELETE', '/admin/cache', { normalisedTitle, context });
}
