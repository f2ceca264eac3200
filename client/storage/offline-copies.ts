// Results a person has viewed stay readable offline. The GET answers behind the engagement list, engagement
// pages and dataset pages (overview, sections, titles, and what the client report reads) are kept in IndexedDB
// per signed-in user. Online, each is revalidated with its ETag (a 304 keeps the copy); offline, the copy
// answers and the page is told it is reading an "Offline copy from <time>". Copies go at sign-out, when the
// engagement is purged, and when the server no longer lets the person read it (403 or 404).
//
// Members' names and emails are removed before an engagement is kept: nothing of the staff list's people,
// and no colleague's contact details, is written to this device.
import { routeGetsThrough, type GetThrough } from '../api/http.ts';
import { UUID_PATTERN } from '../../schema/ids.ts';
import { fetchAllRows, recordExportsFor } from '../api/exports.ts';
import { appDatabase, type AppDatabase, type OfflineCopy } from './db.ts';
import type { Session } from '../api/session.ts';


/** What is kept: the reading side of the pages named above, nothing that changes anything. */
const KEPT: { pattern: RegExp; scope: 'engagement' | 'dataset' | 'platform' }[] = [
  { pattern: /^\/engagements$/, scope: 'platform' },
  { pattern: new RegExp(`^/engagements/(${UUID_PATTERN})$`), scope: 'engagement' },
  { pattern: new RegExp(`^/engagements/(${UUID_PATTERN})/datasets$`), scope: 'engagement' },
  { pattern: new RegExp(`^/datasets/(${UUID_PATTERN})$`), scope: 'dataset' },
  { pattern: new RegExp(`^/datasets/(${UUID_PATTERN})/titles$`), scope: 'dataset' },
  // Rows (employee IDs, titles, pay; never names or emails) are kept once read for an export, so it can be made again offline.
  { pattern: new RegExp(`^/datasets/(${UUID_PATTERN})/rows\\?offset=\\d+&limit=\\d+$`), scope: 'dataset' },
  { pattern: new RegExp(`^/datasets/(${UUID_PATTERN})/ai/(?:exec-summary|lifecycle)$`), scope: 'dataset' },
  { pattern: new RegExp(`^/benchmarks\\?datasetId=(${UUID_PATTERN})$`), scope: 'dataset' },
  { pattern: /^\/clients$/, scope: 'platform' },
  { pattern: new RegExp(`^/clients/(${UUID_PATTERN})/brand$`), scope: 'platform' },
];

/** Sent with every page that came from a copy, so the shell can say how old it is. */
export const OFFLINE_COPY_EVENT = 'offline-copy';

export interface OfflineCopyUsed {
  path: string;
  savedAt: string;
}

let owner: string | null = null;
/** Paths whose latest answer came from a copy for want of a connection. */
const answeredFromCopy = new Set<string>();

/** Whether the latest answer for `path` (as passed to the API client) was an offline copy: pages then offer no changes. */
export function answeredOffline(path: string): boolean {
  return answeredFromCopy.has(path);
}
let database: () => AppDatabase = appDatabase;

function kept(path: string): { scope: 'engagement' | 'dataset' | 'platform'; id: string | null } | null {
  for (const { pattern, scope } of KEPT) {
    const match = pattern.exec(path);
    if (match) return { scope, id: match[1]?.toLowerCase() ?? null };
  }
  return null;
}

/** The engagement an answer belongs to: its own id, or for a dataset's answers the dataset's engagement. */
async function engagementOf(userId: string, scope: 'engagement' | 'dataset' | 'platform', id: string | null, body: unknown): Promise<string | null> {
  if (scope === 'engagement') return id;
  if (scope !== 'dataset' || !id) return null;
  const own = (body as { dataset?: { engagementId?: unknown } } | null)?.dataset?.engagementId;
  if (typeof own === 'string') return own;
  const copy = await database().offlineCopies.get([userId, `/datasets/${id}`]);
  return copy?.engagementId ?? null;
}

/** An engagement's answer without its members (their names and emails stay on the server). */
function withoutPeople(path: string, body: unknown): unknown {
  if (kept(path)?.scope === 'engagement' && !path.endsWith('/datasets') && body && typeof body === 'object' && 'members' in body) {
    return { ...(body as object), members: [] };
  }
  return body;
}

function fromCopy(copy: OfflineCopy, offline: boolean): Response {
  if (offline) answeredFromCopy.add(copy.path);
  else answeredFromCopy.delete(copy.path);
  if (offline) window.dispatchEvent(new CustomEvent<OfflineCopyUsed>(OFFLINE_COPY_EVENT, { detail: { path: copy.path, savedAt: copy.savedAt } }));
  return new Response(copy.body, { status: 200, headers: { 'Content-Type': 'application/json' } });
}

/** The engagements still readable: copies of any other (access lost) or of a purged one are dropped. */
async function keepListedEngagements(userId: string, body: unknown): Promise<void> {
  const listed = (body as { engagements?: { id: string; status: string }[] } | null)?.engagements;
  if (!Array.isArray(listed)) return;
  const readable = new Set(listed.filter((e) => e.status !== 'purged').map((e) => e.id));
  const copies = await database().offlineCopies.where('userId').equals(userId).toArray();
  const gone = new Set(copies.map((c) => c.engagementId).filter((id): id is string => id !== null && !readable.has(id)));
  for (const id of gone) await forgetEngagement(userId, id);
}

const throughCopies: GetThrough = async (path, send) => {
  const userId = owner;
  const what = kept(path);
  if (!userId || !what) return send();
  const db = database();
  const copy = await db.offlineCopies.get([userId, path]).catch(() => undefined);
  let response: Response;
  try {
    response = await send(copy?.etag ? { 'If-None-Match': copy.etag } : {});
  } catch (error) {
    if (copy) return fromCopy(copy, true);
    throw error;
  }
  // A gateway that cannot reach the server is no connection either (503 is left alone: the service answers it).
  if (copy && (response.status === 502 || response.status === 504)) return fromCopy(copy, true);
  if (response.status === 304 && copy) {
    await db.offlineCopies.update([userId, path], { savedAt: new Date().toISOString() });
    return fromCopy(copy, false);
  }
  answeredFromCopy.delete(path);
  if (response.status === 403 || response.status === 404) {
    // No longer readable: the copy goes, and with an engagement all that was kept of it.
    if (what.scope === 'engagement' && what.id) await forgetEngagement(userId, what.id);
    else if (copy) await forgetCopy(userId, copy);
    return response;
  }
  if (!response.ok) return response;
  const text = await response.text();
  if (userId !== owner) return new Response(text, { status: response.status, headers: response.headers });
  try {
    const body = JSON.parse(text) as unknown;
    const engagement = (body as { engagement?: { id?: string; status?: string } } | null)?.engagement;
    if (what.scope === 'engagement' && engagement?.status === 'purged') await forgetEngagement(userId, what.id!);
    else {
      const stored = withoutPeople(path, body);
      await db.offlineCopies.put({
        userId,
        path,
        engagementId: await engagementOf(userId, what.scope, what.id, body),
        etag: response.headers.get('ETag'),
        body: stored === body ? text : JSON.stringify(stored),
        savedAt: new Date().toISOString(),
      });
    }
    if (path === '/engagements') await keepListedEngagements(userId, body);
  } catch {
    // Not JSON or storage refused (private mode, quota): the page still gets the answer, just no copy.
  }
  return new Response(text, { status: response.status, headers: response.headers });
};

async function forgetCopy(userId: string, copy: OfflineCopy): Promise<void> {
  await database().offlineCopies.delete([userId, copy.path]);
}

/** Drops everything kept of one engagement (purged, or no longer readable). */
export async function forgetEngagement(userId: string, engagementId: string): Promise<void> {
  await database().offlineCopies.where('[userId+engagementId]').equals([userId, engagementId]).delete();
}

/** Datasets whose rows this page visit has read for the offline copy (each once a visit). */
const rowsRead = new Set<string>();
/** Reads of rows still waiting to start: the owner changing or signing out cancels them. */
const rowsTimers = new Set<ReturnType<typeof setTimeout>>();

/** Seconds after a dataset page opens that its rows are read for the copy, leaving the page's own reads first. */
const ROWS_AFTER_MS = 3000;

/**
 * Reads a ready dataset's rows through the copies, so the workbook and the people export work offline too, not
 * only after an export made online. The rows hold no names or emails; on a later visit each page is revalidated
 * by its ETag (a 304 when the dataset has not changed). A failure is left for the next visit.
 */
export function keepRowsOffline(datasetId: string, expectedRows: number): void {
  if (!owner || rowsRead.has(datasetId) || expectedRows <= 0) return;
  rowsRead.add(datasetId);
  const timer = setTimeout(() => {
    rowsTimers.delete(timer);
    fetchAllRows(datasetId, expectedRows).catch(() => rowsRead.delete(datasetId));
  }, ROWS_AFTER_MS);
  rowsTimers.add(timer);
}

/** The owner changed or signed out: rows read or about to be read were theirs. */
function forgetRowsRead(): void {
  for (const timer of rowsTimers) clearTimeout(timer);
  rowsTimers.clear();
  rowsRead.clear();
}

/** Starts keeping copies for this user (null stops). Copies of anyone else who used this browser are dropped. */
export async function keepOfflineCopiesFor(userId: string | null): Promise<void> {
  if (userId !== owner) {
    forgetRowsRead();
    answeredFromCopy.clear();
  }
  owner = userId;
  // Exports made offline wait on this device for the same person.
  recordExportsFor(userId);
  routeGetsThrough(userId ? throughCopies : null);
  if (userId) await database().offlineCopies.where('userId').notEqual(userId).delete().catch(() => undefined);
}

/** Sign-out: nothing of this user stays on the device. */
export async function forgetOfflineCopies(userId: string): Promise<void> {
  owner = null;
  recordExportsFor(null);
  forgetRowsRead();
  answeredFromCopy.clear();
  routeGetsThrough(null);
  await database().offlineCopies.where('userId').equals(userId).delete();
}

/** The session the server last confirmed, without the email, so the app opens offline for the same person. */
export async function rememberSession(session: Session): Promise<void> {
  const kept: Session = { ...session, user: { ...session.user, email: '' } };
  await database().offlineSession.put({ key: 'current', session: kept, savedAt: new Date().toISOString() }).catch(() => undefined);
}

export async function rememberedSession(): Promise<Session | null> {
  const stored = await database().offlineSession.get('current').catch(() => undefined);
  return (stored?.session as Session | undefined) ?? null;
}

export async function forgetSession(): Promise<void> {
  await database().offlineSession.clear().catch(() => undefined);
}

/** Tests use a database of their own. */
export function useOfflineDatabase(open: () => AppDatabase): void {
  database = open;
}
