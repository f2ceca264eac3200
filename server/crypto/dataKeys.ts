import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Each engagement has its own data key, stored only wrapped under the platform master secret
 * (IDENTITY_KEK). The wrap is AES-256-GCM with the engagement id as associated data, so a wrapped
 * key copied onto another engagement does not unwrap.
 */
const WRAP_VERSION = 'v1';

export class MasterKeyError extends Error {}

const HEX_KEY = /^[0-9a-fA-F]{64}$/;
// Node's base64 decoder skips characters it does not know, so the form is checked before decoding.
const BASE64_KEY = /^[A-Za-z0-9+/]{43}=?$|^[A-Za-z0-9_-]{43}=?$/;

/**
 * IDENTITY_KEK is 32 bytes, given as base64 (44 characters) or hex (64 characters). The message never
 * repeats the value: it is a secret even when malformed.
 */
export function parseMasterKey(value: string): Buffer {
  const trimmed = value.trim();
  const key = HEX_KEY.test(trimmed) ? Buffer.from(trimmed, 'hex') : BASE64_KEY.test(trimmed) ? Buffer.from(trimmed, 'base64') : null;
  if (key === null || key.length !== 32) throw new MasterKeyError('IDENTITY_KEK must be 32 bytes, as base64 (44 characters) or hex (64 characters).');
  return key;
}

const associatedData = (engagementId: string) => Buffer.from(`engagement-data-key:${engagementId}`);

export function wrapDataKey(masterKey: Buffer, engagementId: string, dataKey: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', masterKey, iv);
  cipher.setAAD(associatedData(engagementId));
  const wrapped = Buffer.concat([cipher.update(dataKey), cipher.final()]);
  return [WRAP_VERSION, iv, wrapped, cipher.getAuthTag()].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
}

export function unwrapDataKey(masterKey: Buffer, engagementId: string, wrapped: string): Buffer {
  const [version, iv, body, tag] = wrapped.split('.');
  if (version !== WRAP_VERSION || !iv || !body || !tag) throw new MasterKeyError('Unrecognised wrapped data key.');
  const decipher = createDecipheriv('aes-256-gcm', masterKey, Buffer.from(iv, 'base64url'));
  decipher.setAAD(associatedData(engagementId));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]);
}

/** A fresh random data key for a new engagement, returned wrapped. */
export function newWrappedDataKey(masterKey: Buffer, engagementId: string): string {
  return wrapDataKey(masterKey, engagementId, randomBytes(32));
}
