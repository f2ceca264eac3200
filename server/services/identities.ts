import {
  decryptIdentityField,
  decryptIdentityRecord,
  emailBlindIndex,
  identityKeys,
  IdentityDecryptError,
  type IdentityField,
  type IdentityKeys,
  type IdentityPlain,
  type SealedRowsJson,
} from '../crypto/identityCipher.ts';
import { sealOffThread } from '../crypto/sealingPool.ts';
import { HttpError } from '../http/httpError.ts';
import type { Dataset } from '../repositories/datasetsRepository.ts';
import { emailIndex, insertIdentities, listIdentities, readWrappedDataKey, type StoredIdentity } from '../repositories/identitiesRepository.ts';
import type { Membership } from '../repositories/membersRepository.ts';
import { recordAudit } from './audit.ts';
import type { ServiceContext } from './context.ts';
import { requireDataset, type DatasetAccess, type DatasetAccessWithKey } from './datasetAccess.ts';

/**
 * Names and emails (spec: Identity protection rules). They arrive only with upload chunks of a dataset
 * created withIdentities, are stored only encrypted under the engagement's key, and come back only to
 * members with PII access who state a purpose. Audit entries hold the purpose and counts, never a name
 * or an email; errors never carry key material or a person's data.
 */
export type IdentityInput = IdentityPlain;

export interface RevealedIdentity {
  employeeId: string;
  name: string | null;
  email: string | null;
}

/** The PII-access check ignores the admin flag: administrators are not exempt. */
function requirePiiAccess(membership: Membership): void {
  if (!membership.piiAccess) throw new HttpError(403, 'forbidden', 'Names and emails need PII access on this engagement.');
}

/** The engagement's keys: 503 without a master secret, 409 once the key is destroyed or no longer unwraps. */
async function engagementKeys(ctx: ServiceContext, engagementId: string, masterKey: Buffer | null): Promise<IdentityKeys> {
  return unwrappedKeys(engagementId, await readWrappedDataKey(ctx.tx, engagementId), masterKey);
}

function unwrappedKeys(engagementId: string, wrapped: string | null, masterKey: Buffer | null): IdentityKeys {
  if (!masterKey) throw new HttpError(503, 'pii_unconfigured', 'Storing names and emails is not configured on this server.');
  if (!wrapped) throw new HttpError(409, 'pii_unavailable', "This engagement's names and emails are no longer available: its key has been destroyed.");
  try {
    return identityKeys(masterKey, engagementId, wrapped);
  } catch {
    throw new HttpError(409, 'pii_unavailable', "This engagement's names and emails cannot be read with this server's master secret.");
  }
}

/** An upload with identities needs a dataset created withIdentities and an uploader with PII access. */
export function requireIdentityUpload(access: DatasetAccess): void {
  if (!access.dataset.withIdentities) {
    throw new HttpError(400, 'bad_request', 'This dataset was created without names and emails; upload its rows without identities.');
  }
  requirePiiAccess(access.membership);
}

/** Checks an upload with identities before anything is stored, and returns the keys to encrypt with. */
export function identityKeysForUpload(access: DatasetAccessWithKey, masterKey: Buffer | null): IdentityKeys {
  requireIdentityUpload(access);
  return unwrappedKeys(access.engagement.id, access.wrappedDataKey, masterKey);
}

/** A chunk's identities sealed for storage, with the counts its audit entry holds. */
export interface SealedChunk {
  parts: SealedRowsJson[];
  people: number;
  names: number;
  emails: number;
}

/** Encrypts one chunk's identities on the sealing threads (pure computation, no database). */
export async function sealChunkIdentities(dataset: Dataset, identities: IdentityInput[], keys: IdentityKeys): Promise<SealedChunk> {
  return {
    parts: await sealOffThread(keys, dataset.id, identities),
    people: identities.length,
    names: identities.filter((i) => i.name !== null).length,
    emails: identities.filter((i) => i.email !== null).length,
  };
}

/** Stores a chunk's sealed identities in the caller's transaction; audits identities_uploaded with counts. */
export async function storeIdentities(ctx: ServiceContext, dataset: Dataset, chunk: number, sealed: SealedChunk): Promise<void> {
  await insertIdentities(ctx.tx, ctx.dialect, dataset.id, dataset.engagementId, sealed.parts);
  await recordAudit(ctx.tx, {
    actor: ctx.actor.id,
    action: 'identities_uploaded',
    engagementId: dataset.engagementId,
    datasetId: dataset.id,
    details: { chunk, people: sealed.people, names: sealed.names, emails: sealed.emails },
  });
}

async function identityAccess(ctx: ServiceContext, datasetId: string, masterKey: Buffer | null) {
  const access = await requireDataset(ctx, datasetId);
  requirePiiAccess(access.membership);
  return { dataset: access.dataset, keys: await engagementKeys(ctx, access.engagement.id, masterKey) };
}

/**
 * Names and emails of the dataset's people (or of the employee IDs asked for), audited identities_revealed
 * with the purpose and the number of people. A ciphertext that does not authenticate (moved from another
 * row, field or record, or damaged) is revealed as null and counted, never guessed: a record stands for
 * both the name and the email.
 */
export async function revealIdentities(
  ctx: ServiceContext,
  datasetId: string,
  input: { purpose: string; employeeIds?: string[] },
  masterKey: Buffer | null,
): Promise<{ people: RevealedIdentity[]; unreadable: number }> {
  const { dataset, keys } = await identityAccess(ctx, datasetId, masterKey);
  const wanted = input.employeeIds ? new Set(input.employeeIds) : null;
  let unreadable = 0;
  const guarded = <T>(open: () => T, unopened: T): T => {
    try {
      return open();
    } catch (err) {
      if (!(err instanceof IdentityDecryptError)) throw err;
      unreadable += 1;
      return unopened;
    }
  };
  const openField = (employeeId: string, field: IdentityField, stored: string | null) =>
    stored === null ? null : guarded(() => decryptIdentityField(keys, dataset.id, employeeId, field, stored), null);
  const open = ({ employeeId, identityEnc, nameEnc, emailEnc }: StoredIdentity): RevealedIdentity =>
    identityEnc === null
      ? { employeeId, name: openField(employeeId, 'name', nameEnc), email: openField(employeeId, 'email', emailEnc) }
      : { employeeId, ...guarded(() => decryptIdentityRecord(keys, dataset.id, employeeId, identityEnc), { name: null, email: null }) };
  const people = (await listIdentities(ctx.tx, dataset.id)).filter((identity) => wanted === null || wanted.has(identity.employeeId)).map(open);
  await recordAudit(ctx.tx, {
    actor: ctx.actor.id,
    action: 'identities_revealed',
    engagementId: dataset.engagementId,
    datasetId: dataset.id,
    purpose: input.purpose,
    details: { people: people.length, requested: input.employeeIds?.length ?? null, unreadable },
  });
  return { people, unreadable };
}

/**
 * A licence list matched against the blind index without decrypting anything: each email's keyed hash
 * is compared with the stored ones. Matches are given by the email's index in the request, never by the
 * email; audited identities_matched with the purpose and counts.
 */
export async function matchIdentities(
  ctx: ServiceContext,
  datasetId: string,
  input: { purpose: string; emails: string[] },
  masterKey: Buffer | null,
): Promise<{ matches: { index: number; employeeIds: string[] }[]; matched: number; people: number; total: number }> {
  const { dataset, keys } = await identityAccess(ctx, datasetId, masterKey);
  const index = await emailIndex(ctx.tx, dataset.id);
  const matches: { index: number; employeeIds: string[] }[] = [];
  const people = new Set<string>();
  input.emails.forEach((email, i) => {
    const holders = index.get(emailBlindIndex(keys, email));
    if (!holders) return;
    matches.push({ index: i, employeeIds: holders });
    for (const id of holders) people.add(id);
  });
  await recordAudit(ctx.tx, {
    actor: ctx.actor.id,
    action: 'identities_matched',
    engagementId: dataset.engagementId,
    datasetId: dataset.id,
    purpose: input.purpose,
    details: { emails: input.emails.length, matched: matches.length, people: people.size },
  });
  return { matches, matched: matches.length, people: people.size, total: input.emails.length };
}
