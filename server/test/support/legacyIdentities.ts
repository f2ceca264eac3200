import { createCipheriv, randomBytes } from 'node:crypto';
import type { IdentityField, IdentityKeys } from '../../crypto/identityCipher.ts';

/**
 * A name or an email as releases before migration 0013 stored it: one AES-256-GCM ciphertext per field
 * (format i1), its associated data naming dataset, employee and field. The server only reads this format
 * now; tests write it to prove such rows still read (identityCipher.test.ts pins it to that release's output).
 */
export function legacyFieldCiphertext(keys: IdentityKeys, datasetId: string, employeeId: string, field: IdentityField, value: string, iv = randomBytes(12)): string {
  const cipher = createCipheriv('aes-256-gcm', keys.encryption, iv);
  cipher.setAAD(Buffer.from(JSON.stringify(['identity', datasetId, employeeId, field])));
  const body = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
  return ['i1', iv, body, cipher.getAuthTag()].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
}
