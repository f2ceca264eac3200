import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newWrappedDataKey } from './dataKeys.ts';
import { IdentityDecryptError, decryptIdentityField, emailBlindIndex, encryptIdentityField, identityKeys, identityKeysFromDataKey } from './identityCipher.ts';

const master = randomBytes(32);
const engagement = '3f0e8a52-4c1b-4d7e-9a55-0b7f0f3a2c11';
const dataset = '9d2f4c1e-7b3a-4e6f-8a1d-2c5b7e9f0a13';
const keys = identityKeys(master, engagement, newWrappedDataKey(master, engagement));

describe('identity encryption', () => {
  it('decrypts a name for the same dataset, employee and field', () => {
    const stored = encryptIdentityField(keys, dataset, 'E1', 'name', 'Ada Lovelace');
    expect(decryptIdentityField(keys, dataset, 'E1', 'name', stored)).toBe('Ada Lovelace');
  });

  it('never stores the value in the clear', () => {
    const stored = encryptIdentityField(keys, dataset, 'E1', 'email', 'ada@example.com');
    expect(stored).not.toContain('ada');
    expect(stored).not.toContain(Buffer.from('ada@example.com').toString('base64url'));
  });

  it('cannot decrypt under a wrong master secret', () => {
    const wrapped = newWrappedDataKey(master, engagement);
    const stored = encryptIdentityField(identityKeys(master, engagement, wrapped), dataset, 'E1', 'name', 'Ada Lovelace');
    expect(() => identityKeys(randomBytes(32), engagement, wrapped)).toThrow();
    expect(() => decryptIdentityField(identityKeysFromDataKey(randomBytes(32)), dataset, 'E1', 'name', stored)).toThrow(IdentityDecryptError);
  });

  it('refuses a ciphertext moved to another employee', () => {
    const stored = encryptIdentityField(keys, dataset, 'E1', 'name', 'Ada Lovelace');
    expect(() => decryptIdentityField(keys, dataset, 'E2', 'name', stored)).toThrow(IdentityDecryptError);
  });

  it('refuses a name ciphertext read as the email field', () => {
    const stored = encryptIdentityField(keys, dataset, 'E1', 'name', 'Ada Lovelace');
    expect(() => decryptIdentityField(keys, dataset, 'E1', 'email', stored)).toThrow(IdentityDecryptError);
  });

  it('refuses a ciphertext moved to another dataset', () => {
    const stored = encryptIdentityField(keys, dataset, 'E1', 'name', 'Ada Lovelace');
    expect(() => decryptIdentityField(keys, 'a1b2c3d4-0000-4000-8000-000000000000', 'E1', 'name', stored)).toThrow(IdentityDecryptError);
  });
});

describe('email blind index', () => {
  it('matches an email regardless of case, surrounding spaces and full-width characters', () => {
    const hash = emailBlindIndex(keys, 'ada.lovelace@example.com');
    expect(emailBlindIndex(keys, '  Ada.Lovelace@EXAMPLE.com ')).toBe(hash);
    expect(emailBlindIndex(keys, 'ａｄａ.ｌｏｖｅｌａｃｅ＠ｅｘａｍｐｌｅ.ｃｏｍ')).toBe(hash);
  });

  it('differs between engagements and from an unkeyed hash', () => {
    const other = identityKeysFromDataKey(randomBytes(32));
    expect(emailBlindIndex(other, 'ada@example.com')).not.toBe(emailBlindIndex(keys, 'ada@example.com'));
    expect(emailBlindIndex(keys, 'ada@example.com')).not.toContain('ada');
  });
});
