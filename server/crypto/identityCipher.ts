import { createCipheriv, createDecipheriv, createHmac, createSecretKey, hkdfSync, randomBytes, type KeyObject } from 'node:crypto';
import { normaliseEmail } from '../../workers/import/managers.ts';
import { unwrapDataKey } from './dataKeys.ts';

/**
 * Names and emails under an engagement's data key (spec: Identity protection rules 1 and 2).
 *
 * The data key is never used directly: HKDF derives one key for AES-256-GCM and one for the blind
 * index, so a hash can never be turned into a decryption key or the other way round.
 *
 * A person's name and email are sealed together as one record (format i2): one AES-GCM operation a
 * person instead of one a field, since setting up each cipher, not encrypting a few bytes, is what
 * sealing costs. Its associated data names the dataset, the employee and the record, so a record moved
 * to another row, or read as a single field, fails the GCM tag check instead of decrypting to someone
 * else's name. Rows stored before the record held one ciphertext per field (format i1), bound to their
 * dataset, employee and field in the same way; they are still read.
 */
export type IdentityField = 'name' | 'email';

const FIELD_VERSION = 'i1';
const RECORD_VERSION = 'i2';

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

// Associated data is the JSON text of ['identity', datasetId, employeeId, part]. A record is bound as the
// part 'record', which no field is called: neither opens as the other. The text up to the employee ID is the
// same for a whole dataset, so sealing writes it once (associatedHead).
const associatedHead = (datasetId: string) => `["identity",${JSON.stringify(datasetId)},`;
const associatedText = (head: string, employeeId: string, part: IdentityField | 'record') => `${head}${JSON.stringify(employeeId)},${JSON.stringify(part)}]`;
const associatedData = (datasetId: string, employeeId: string, part: IdentityField | 'record') =>
  Buffer.from(associatedText(associatedHead(datasetId), employeeId, part), 'utf8');

const IV_BYTES = 12;
const TAG_BYTES = 16;

/** One person's name and email as uploaded. */
export interface IdentityPlain {
  employeeId: string;
  name: string | null;
  email: string | null;
}

/**
 * Seals records of one dataset, each `i2.` and the base64url of IV, ciphertext and tag. What a record costs
 * beyond its cipher is building its associated data and packing IV, ciphertext and tag: the associated data's
 * fixed part is written once, and each record is packed in one reused buffer instead of a concatenation a person.
 */
class RecordSealer {
  private readonly associatedHead: string;
  private packed = Buffer.allocUnsafe(1024);

  constructor(
    private readonly keys: IdentityKeys,
    datasetId: string,
  ) {
    this.associatedHead = associatedHead(datasetId);
  }

  /** base64url of IV, ciphertext and tag; `iv` must be IV_BYTES fresh random bytes. */
  seal(person: IdentityPlain, iv: Buffer): string {
    if (iv.length !== IV_BYTES) throw new Error('An identity IV is 12 bytes.');
    const cipher = createCipheriv('aes-256-gcm', this.keys.encryption, iv);
    cipher.setAAD(Buffer.from(associatedText(this.associatedHead, person.employeeId, 'record'), 'utf8'));
    const body = cipher.update(JSON.stringify([person.name, person.email]), 'utf8');
    // GCM is a stream mode: final() only computes the tag and never returns further ciphertext.
    cipher.final();
    const length = IV_BYTES + body.length + TAG_BYTES;
    if (this.packed.length < length) this.packed = Buffer.allocUnsafe(length * 2);
    iv.copy(this.packed, 0);
    body.copy(this.packed, IV_BYTES);
    cipher.getAuthTag().copy(this.packed, IV_BYTES + body.length);
    return this.packed.toString('base64url', 0, length);
  }
}

/**
 * Sealed people as the database takes them in one statement: JSON text of [employeeId, identityEnc,
 * emailHash] triples. A thread hands one string back instead of thousands, and the request thread binds
 * it as it is instead of building and binding three values a person.
 */
export type SealedRowsJson = string;

/**
 * Encrypts a chunk's people under one set of keys, with every IV of the chunk drawn at once (a draw each
 * costs more than the encryption). Only the employee ID needs JSON escaping: base64url never does.
 */
export function sealIdentities(keys: IdentityKeys, datasetId: string, people: IdentityPlain[]): SealedRowsJson {
  const ivs = randomBytes(IV_BYTES * people.length);
  const sealer = new RecordSealer(keys, datasetId);
  const triples = people.map((person, i) => {
    const record = sealer.seal(person, ivs.subarray(i * IV_BYTES, (i + 1) * IV_BYTES));
    const hash = person.email === null ? 'null' : `"${emailBlindIndex(keys, person.email)}"`;
    return `[${JSON.stringify(person.employeeId)},"${RECORD_VERSION}.${record}",${hash}]`;
  });
  return `[${triples.join(',')}]`;
}

/** A record's name and email; throws IdentityDecryptError (saying nothing of the content) for a wrong key or a record from elsewhere. */
export function decryptIdentityRecord(keys: IdentityKeys, datasetId: string, employeeId: string, stored: string): { name: string | null; email: string | null } {
  const [version, packed, extra] = stored.split('.');
  const bytes = packed === undefined ? null : Buffer.from(packed, 'base64url');
  if (version !== RECORD_VERSION || extra !== undefined || !bytes || bytes.length < IV_BYTES + TAG_BYTES) {
    throw new IdentityDecryptError('Unrecognised identity record.');
  }
  let plain: Buffer;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keys.encryption, bytes.subarray(0, IV_BYTES));
    decipher.setAAD(associatedData(datasetId, employeeId, 'record'));
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    plain = Buffer.concat([decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)), decipher.final()]);
  } catch {
    throw new IdentityDecryptError('An identity record did not authenticate.');
  }
  // Authenticated, so written by sealIdentities under this engagement's key.
  const [name, email] = JSON.parse(plain.toString('utf8')) as [string | null, string | null];
  return { name, email };
}

/** A field stored in format i1; throws IdentityDecryptError (saying nothing of the content) for a wrong key or a ciphertext from elsewhere. */
export function decryptIdentityField(keys: IdentityKeys, datasetId: string, employeeId: string, field: IdentityField, stored: string): string {
  const [version, iv, body, tag] = stored.split('.');
  if (version !== FIELD_VERSION || !iv || body === undefined || !tag) throw new IdentityDecryptError('Unrecognised identity ciphertext.');
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
