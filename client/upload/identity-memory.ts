// Names and emails waiting to go with an upload's chunks. They live in this page's memory only: never in
// IndexedDB with the queued rows, so a reload forgets them (the rows still upload; those people's names
// and emails are then not stored) rather than leaving them on the disk.
import type { PersonIdentity } from '../../workers/import/rows.ts';

const held = new Map<string, Map<string, PersonIdentity>>();

/** Keeps a dataset's identities by employee ID (the first one of a repeated ID). */
export function holdIdentities(datasetId: string, identities: readonly PersonIdentity[]): void {
  if (identities.length === 0) return;
  const byId = new Map<string, PersonIdentity>();
  for (const identity of identities) if (!byId.has(identity.employeeId)) byId.set(identity.employeeId, identity);
  held.set(datasetId, byId);
}

/** The identities of one chunk's people, each once; none when nothing is held for the dataset. */
export function identitiesForChunk(datasetId: string, rows: readonly { employeeId: string }[]): PersonIdentity[] {
  const byId = held.get(datasetId);
  if (!byId) return [];
  const seen = new Set<string>();
  const found: PersonIdentity[] = [];
  for (const { employeeId } of rows) {
    const identity = byId.get(employeeId);
    if (identity && !seen.has(employeeId)) found.push(identity);
    seen.add(employeeId);
  }
  return found;
}

export function releaseIdentities(datasetId: string): void {
  held.delete(datasetId);
}
