// The live reference version, fetched once per session: GET /api/reference names it, Dexie keeps each
// published version's data (immutable once published), and the network is asked only for a version not held.
import { api } from './api.ts';
import { appDatabase, type StoredReferenceVersion } from './db.ts';

export interface PackChoice {
  id: string;
  label: string;
}

export interface RegionChoice {
  key: string;
  label: string;
}

export interface ReferenceChoices {
  version: number;
  packs: PackChoice[];
  regions: RegionChoice[];
}

let session: Promise<ReferenceChoices> | null = null;

/** Pack and region choices from the live reference version; one network round per session. */
export function referenceChoices(): Promise<ReferenceChoices> {
  if (!session) {
    const attempt: Promise<ReferenceChoices> = loadChoices().catch((error: unknown) => {
      if (session === attempt) session = null; // A failure is not remembered, so a retry asks again.
      throw error;
    });
    session = attempt;
  }
  return session;
}

/** Forgets this session's answer (sign-out, tests). */
export function forgetReferenceSession(): void {
  session = null;
}

async function loadChoices(): Promise<ReferenceChoices> {
  const live = await api.get<{ version: number }>('/reference');
  const stored = await referenceVersion(live.version);
  return { version: live.version, ...choicesFrom(stored.data) };
}

const loading = new Map<number, Promise<StoredReferenceVersion>>();

/**
 * A published version's data from Dexie, else from the server (then kept). Storage failures fall back to the
 * network. Callers asking for the same version at once share one request: a version is megabytes.
 */
export function referenceVersion(version: number): Promise<StoredReferenceVersion> {
  let pending = loading.get(version);
  if (!pending) {
    pending = loadVersion(version).finally(() => loading.delete(version));
    loading.set(version, pending);
  }
  return pending;
}

async function loadVersion(version: number): Promise<StoredReferenceVersion> {
  const table = appDatabase().referenceVersions;
  const held = await table.get(version).catch(() => undefined);
  if (held) return held;
  const fetched = await api.get<StoredReferenceVersion>(`/reference/versions/${version}`);
  const record: StoredReferenceVersion = { version: fetched.version, publishedAt: fetched.publishedAt, notes: fetched.notes, data: fetched.data };
  await table.put(record).catch(() => undefined);
  return record;
}

function choicesFrom(data: unknown): { packs: PackChoice[]; regions: RegionChoice[] } {
  const doc = data as { packs?: { id: string; label: string }[]; locations?: { regions?: { key: string; label: string }[] } };
  return {
    packs: (doc.packs ?? []).map(({ id, label }) => ({ id, label })),
    regions: (doc.locations?.regions ?? []).map(({ key, label }) => ({ key, label })),
  };
}
