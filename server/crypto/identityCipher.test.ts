import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newWrappedDataKey } from './dataKeys.ts';
import {
  IdentityDecryptError,
  decryptIdentityField,
  decryptIdentityRecord,
  emailBlindIndex,
  identityKeys,
  identityKeysFromDataKey,
  sealIdentities,
  type IdentityKeys,
  type IdentityPlain,
} from './identityCipher.ts';
import { legacyFieldCiphertext } from '../test/support/legacyIdentities.ts';

const master = randomBytes(32);
const engagement = '3f0e8a52-4c1b-4d7e-9a55-0b7f0f3a2c11';
const dataset = '9d2f4c1e-7b3a-4e6f-8a1d-2c5b7e9f0a13';
const otherDataset = 'a1b2c3d4-0000-4000-8000-000000000000';
const keys = identityKeys(master, engagement, newWrappedDataKey(master, engagement));
const ada = { employeeId: 'E1', name: 'Ada Lovelace', email: 'Ada.Lovelace@Example.com' };

/** One person's stored record, sealed as a chunk of one. */
const encryptIdentityRecord = (sealing: IdentityKeys, datasetId: string, person: IdentityPlain): string =>
  (JSON.parse(sealIdentities(sealing, datasetId, [person])) as [string, string, string | null][])[0]![1];

describe('identity records', () => {
  it('decrypts a name and an email for the same dataset and employee', () => {
    const stored = encryptIdentityRecord(keys, dataset, ada);
    expect(decryptIdentityRecord(keys, dataset, 'E1', stored)).toEqual({ name: 'Ada Lovelace', email: 'Ada.Lovelace@Example.com' });
  });

  it('keeps a missing name or email missing', () => {
    expect(decryptIdentityRecord(keys, dataset, 'E3', encryptIdentityRecord(keys, dataset, { employeeId: 'E3', name: 'Mary Somerville', email: null }))).toEqual({
      name: 'Mary Somerville',
      email: null,
    });
    expect(decryptIdentityRecord(keys, dataset, 'E4', encryptIdentityRecord(keys, dataset, { employeeId: 'E4', name: null, email: 'grace@example.com' }))).toEqual({
      name: null,
      email: 'grace@example.com',
    });
  });

  it('never stores the values in the clear', () => {
    const stored = encryptIdentityRecord(keys, dataset, ada);
    for (const text of ['Ada', 'Lovelace', 'Example.com']) {
      expect(stored).not.toContain(text);
      expect(stored).not.toContain(Buffer.from(text).toString('base64url'));
    }
  });

  it('cannot decrypt under a wrong master secret', () => {
    const wrapped = newWrappedDataKey(master, engagement);
    const stored = encryptIdentityRecord(identityKeys(master, engagement, wrapped), dataset, ada);
    expect(() => identityKeys(randomBytes(32), engagement, wrapped)).toThrow();
    expect(() => decryptIdentityRecord(identityKeysFromDataKey(randomBytes(32)), dataset, 'E1', stored)).toThrow(IdentityDecryptError);
  });

  it('refuses a record moved to another employee', () => {
    const stored = encryptIdentityRecord(keys, dataset, ada);
    expect(() => decryptIdentityRecord(keys, dataset, 'E2', stored)).toThrow(IdentityDecryptError);
  });

  it('refuses a record moved to another dataset', () => {
    const stored = encryptIdentityRecord(keys, dataset, ada);
    expect(() => decryptIdentityRecord(keys, otherDataset, 'E1', stored)).toThrow(IdentityDecryptError);
  });

  it('refuses a record read as a single field, even under the field format', () => {
    const stored = encryptIdentityRecord(keys, dataset, ada);
    // Relabelled i1 and cut where a field ciphertext has its parts, it still fails the tag: the record's associated data is not a field's.
    const bytes = Buffer.from(stored.slice(3), 'base64url');
    const asField = ['i1', bytes.subarray(0, 12), bytes.subarray(12, -16), bytes.subarray(-16)].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
    for (const field of ['name', 'email'] as const) {
      expect(() => decryptIdentityField(keys, dataset, 'E1', field, stored)).toThrow(IdentityDecryptError);
      expect(() => decryptIdentityField(keys, dataset, 'E1', field, asField)).toThrow(IdentityDecryptError);
    }
  });

  it('refuses a record altered by one bit', () => {
    const bytes = Buffer.from(encryptIdentityRecord(keys, dataset, ada).slice(3), 'base64url');
    bytes[14]! ^= 1;
    expect(() => decryptIdentityRecord(keys, dataset, 'E1', `i2.${bytes.toString('base64url')}`)).toThrow(IdentityDecryptError);
  });

  it('seals a chunk as JSON triples that open for each employee, whatever characters the IDs and names hold', () => {
    const people = [
      { employeeId: 'E"1\\', name: 'Zoë \u2028 "Quoted"', email: 'Zoe@Example.com' },
      { employeeId: 'É-2', name: 'N'.repeat(2000), email: null },
      { employeeId: 'E3', name: null, email: 'ＧＲＡＣＥ@example.com' },
    ];
    const triples = JSON.parse(sealIdentities(keys, dataset, people)) as [string, string, string | null][];
    expect(triples.map(([employeeId]) => employeeId)).toEqual(people.map((p) => p.employeeId));
    triples.forEach(([employeeId, record, hash], i) => {
      expect(decryptIdentityRecord(keys, dataset, employeeId, record)).toEqual({ name: people[i]!.name, email: people[i]!.email });
      expect(hash).toBe(people[i]!.email === null ? null : emailBlindIndex(keys, people[i]!.email!));
    });
  });

  it('draws a fresh IV for every record', () => {
    const ivs = Array.from({ length: 50 }, () => encryptIdentityRecord(keys, dataset, ada).slice(3, 19));
    expect(new Set(ivs).size).toBe(50);
  });
});

/**
 * Rows stored before the record format hold one ciphertext per field (format i1). These were written by
 * that release's encryptIdentityField under the data key of 32 bytes 0x07, with fixed IVs.
 */
describe('identities stored one ciphertext per field', () => {
  const legacyKeys = identityKeysFromDataKey(Buffer.alloc(32, 7));
  const NAME = 'i1.AQEBAQEBAQEBAQEB.KapDyS63uID-QsdD.1KsyB14-QorpEpYVSL_UZA';
  const EMAIL = 'i1.AgICAgICAgICAgIC.rIdiEFzl2cgRoLUePrErwdzlrcnAJoZp.msJ__PWqVzVYkzAAPKxkaQ';
  const EMAIL_HASH = 'tuCqbpi3an5txi8n86qKK3bSLNspGZILVoFsdcDZn-c';

  it('are what the legacy writer of the tests writes', () => {
    expect(legacyFieldCiphertext(legacyKeys, dataset, 'E1', 'name', 'Ada Lovelace', Buffer.alloc(12, 1))).toBe(NAME);
    expect(legacyFieldCiphertext(legacyKeys, dataset, 'E1', 'email', 'Ada.Lovelace@Example.com', Buffer.alloc(12, 2))).toBe(EMAIL);
  });

  it('still decrypt for their dataset, employee and field', () => {
    expect(decryptIdentityField(legacyKeys, dataset, 'E1', 'name', NAME)).toBe('Ada Lovelace');
    expect(decryptIdentityField(legacyKeys, dataset, 'E1', 'email', EMAIL)).toBe('Ada.Lovelace@Example.com');
  });

  it('keep matching their stored blind index', () => {
    expect(emailBlindIndex(legacyKeys, ' ada.lovelace@EXAMPLE.com')).toBe(EMAIL_HASH);
  });

  it('cannot be decrypted under another key', () => {
    expect(() => decryptIdentityField(keys, dataset, 'E1', 'name', NAME)).toThrow(IdentityDecryptError);
  });

  it('refuse a ciphertext moved to another employee or dataset', () => {
    expect(() => decryptIdentityField(legacyKeys, dataset, 'E2', 'name', NAME)).toThrow(IdentityDecryptError);
    expect(() => decryptIdentityField(legacyKeys, otherDataset, 'E1', 'name', NAME)).toThrow(IdentityDecryptError);
  });

  it('refuse a name ciphertext read as the email field, or either read as a record', () => {
    expect(() => decryptIdentityField(legacyKeys, dataset, 'E1', 'email', NAME)).toThrow(IdentityDecryptError);
    expect(() => decryptIdentityField(legacyKeys, dataset, 'E1', 'name', EMAIL)).toThrow(IdentityDecryptError);
    expect(() => decryptIdentityRecord(legacyKeys, dataset, 'E1', NAME)).toThrow(IdentityDecryptError);
    // Relabelled as a record, the field's IV, body and tag still fail: a field's associated data is not a record's.
    const [, iv, body, tag] = NAME.split('.').map((p) => Buffer.from(p, 'base64url'));
    expect(() => decryptIdentityRecord(legacyKeys, dataset, 'E1', `i2.${Buffer.concat([iv!, body!, tag!]).toString('base64url')}`)).toThrow(IdentityDecryptError);
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
