import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { MasterKeyError, newWrappedDataKey, parseMasterKey, unwrapDataKey, wrapDataKey } from './dataKeys.ts';

const master = randomBytes(32);
const engagement = '3f0e8a52-4c1b-4d7e-9a55-0b7f0f3a2c11';

describe('engagement data keys', () => {
  it('unwraps what it wrapped for the same engagement', () => {
    const key = randomBytes(32);
    expect(unwrapDataKey(master, engagement, wrapDataKey(master, engagement, key)).equals(key)).toBe(true);
  });

  it('refuses a wrapped key moved to another engagement', () => {
    const wrapped = newWrappedDataKey(master, engagement);
    expect(() => unwrapDataKey(master, 'b2a1c3d4-0000-4000-8000-000000000000', wrapped)).toThrow();
  });

  it('refuses to unwrap under another master secret', () => {
    const wrapped = newWrappedDataKey(master, engagement);
    expect(() => unwrapDataKey(randomBytes(32), engagement, wrapped)).toThrow();
  });

  it('never stores the data key in the clear', () => {
    const key = randomBytes(32);
    expect(wrapDataKey(master, engagement, key)).not.toContain(key.toString('base64url'));
  });

  it('reads a 32-byte master secret as base64 or hex and refuses any other length', () => {
    expect(parseMasterKey(master.toString('base64')).equals(master)).toBe(true);
    expect(parseMasterKey(master.toString('hex')).equals(master)).toBe(true);
    expect(() => parseMasterKey(randomBytes(16).toString('base64'))).toThrow(MasterKeyError);
  });

  it('refuses a master secret that is not base64 or hex, without repeating it', () => {
    const malformed = `${master.toString('base64').slice(0, 40)}!!!!`;
    expect(() => parseMasterKey(malformed)).toThrow(MasterKeyError);
    expect(() => loadConfig({ IDENTITY_KEK: malformed }, 'test')).toThrow(/^Invalid environment: IDENTITY_KEK must be 32 bytes/);
    try {
      loadConfig({ IDENTITY_KEK: malformed }, 'test');
    } catch (err) {
      expect((err as Error).message).not.toContain(malformed.slice(0, 20));
    }
  });
});
