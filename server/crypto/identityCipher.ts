import { createCipheriv, createDecipheriv, createHmac, createSecretKey, hkdfSync, randomBytes, type KeyObject } from 'node:crypto';
import { normaliseEmail } from '../../workers/import/managers.ts';
import { unwrapDataKey } from './dataKeys.ts';

/**
 * Names and emails under an engagement's data key (spec: Identity protection rules 1 and 2).
 *
 * The data key is never used directly: HKDF derives one key for AES-256-GCM and one for the blind
 * index, so a hash can never be turned into a decryption key or the other way round. Each ciphertext's
 * associated data names its dataset, employee and field: moved to another row or field it fails the
 * GCM tag check instead of decrypting to someone else's name.
 */
export type IdentityField = 'name' | 'email';

const CIPHER_VERSION = 'i1';

export class IdentityDecryptError extends Error {}

// KeyObjects rather than Buffers: Node then skips converting and checking the raw key on each of the
// thousands of ciphers and HMACs a chunk makes (a fifth of the encryption's cost in the profile).
export interface IdentityKeys {
  encryption: KeyObject;
  index: KeyObject;
}

function derive(dataKey: Buffer, purpose: string): KeyObject {
  return createSecretKey(Buffer.from(hkdfSync('sha256', dataKey, Buffer.alloc(0), `staff-analysis:${purpose}`, 32)));
}

export function identityKeysFromDataKey(dataKey: Buffer): IdentityKeys {
  return { encryption: derive(dataKey, 'identity-encryption'), index: derive(dataKey, 'email-blind-index') };
}

/** Unwraps the engagement's data key and derives both keys; throws when the master secret does not fit. */
export function identityKeys(masterKey: Buffer, engagementId: string, wrappedDataKey: string): IdentityKeys {
  return identityKeysFromDataKey(unwrapDataKey(masterKey, engagementId, wrappedDataKey));
}

const associatedData = (datasetId: string, employeeId: string, field: IdentityField) =>
  Buffer.from(JSON.stringify(['identity', datasetId, employeeId, field]));

const IV_BYTES = 12;

/**
 * `iv` must be IV_BYTES fresh random bytes. It defaults to a new draw; a caller encrypting thousands of
 * fields draws all their IVs in one call, since a draw per field costs more than the encryption itself.
 */
export function encryptIdentityField(
  keys: IdentityKeys,
  datasetId: string,
  employeeId: string,
  field: IdentityField,
  value: string,
  iv: Buffer = randomBytes(IV_BYTES),
): string {
  if (iv.length !== IV_BYTES) throw new Error('An identity IV is 12 bytes.');
  const cipher = createCipheriv('aes-256-gcm', keys.encryption, iv);
  cipher.setAAD(associatedData(datasetId, employeeId, field));
  const body = cipher.update(value, 'utf8');
  // GCM is a stream mode: final() only computes the tag and never returns further ciphertext.
  cipher.final();
  return `${CIPHER_VERSION}.${iv.toString('base64url')}.${body.toString('base64url')}.${cipher.getAuthTag().toString('base64url')}`;
}

/** One person's name and email as uploaded. */
export interface IdentityPlain {
  employeeId: string;
  name: string | null;
  email: string | null;
}

/** The same person as stored: ciphertexts and the email's blind index. */
export interface SealedIdentity {
  employeeId: string;
  nameEnc: string | null;
  emailEnc: string | null;
  emailHash: string | null;
}

/** Encrypts a chunk's names and emails under one set of keys, with every IV of the chunk drawn at once. */
export function sealIdentities(keys: IdentityKeys, datasetId: string, people: IdentityPlain[]): SealedIdentity[] {
  // Two IVs per person, each used once.
  const ivs = randomBytes(IV_BYTES * 2 * people.length);
  const iv = (i: number, field: 0 | 1) => ivs.subarray((2 * i + field) * IV_BYTES, (2 * i + field + 1) * IV_BYTES);
  return people.map(({ employeeId, name, email }, i) => ({
    employeeId,
    nameEnc: name === null ? null : encryptIdentityField(keys, datasetId, employeeId, 'name', name, iv(i, 0)),
    emailEnc: email === null ? null : encryptIdentityField(keys, datasetId, employeeId, 'email', email, iv(i, 1)),
    emailHash: email === null ? null : emailBlindIndex(keys, email),
  }));
}

/** Throws IdentityDecryptError (saying nothing of the content) for a wrong key or a ciphertext from elsewhere. */
export function decryptIdentityField(keys: IdentityKeys, datasetId: string, employeeId: string, field: IdentityField, stored: string): string {
  const [version, iv, body, tag] = stored.split('.');
  if (version !== CIPHER_VERSION || !iv || body === undefined || !tag) throw new IdentityDecryptError('Unrecognised identity ciphertext.');
  try {
    const decipher = createDecipheriv('aes-256-gcm', keys.encryption, Buffer.from(iv, 'base64url'));
    decipher.setAAD(associatedData(datasetId, employeeId, field));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    throw new IdentityDecryptError('An identity ciphertext did not authenticate.');
  }
}

/**
 * The blind index of an email: HMAC-SHA-256 under the engagement's index key over the email as the
 * browser resolves managers (NFKC, trimmed, lower-case), so case and full-width forms match.
 */
export function emailBlindIndex(keys: IdentityKeys, email: string): string {
  return createHmac('sha256', keys.index).update(normaliseEmail(email), 'utf8').digest('base64url');
}
