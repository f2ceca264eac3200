import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { decryptIdentityRecord, emailBlindIndex, identityKeysFromDataKey, IdentityDecryptError } from './identityCipher.ts';
import { sealOffThread } from './sealingPool.ts';

const keys = identityKeysFromDataKey(randomBytes(32));
const dataset = '9d2f4c1e-7b3a-4e6f-8a1d-2c5b7e9f0a13';
const people = Array.from({ length: 9 }, (_, i) => ({
  employeeId: `E${i}`,
  name: i === 3 ? null : `Person ${i}`,
  email: i === 5 ? null : `Person.${i}@Example.com`,
}));

const rowsOf = (parts: string[]) => parts.flatMap((part) => JSON.parse(part) as [string, string, string | null][]);

describe('sealing on worker threads', () => {
  it('returns each person sealed for their own row, in order, with nulls kept', async () => {
    const sealed = rowsOf(await sealOffThread(keys, dataset, people));
    expect(sealed.map(([employeeId]) => employeeId)).toEqual(people.map((p) => p.employeeId));
    sealed.forEach(([employeeId, identityEnc, emailHash], i) => {
      const { name, email } = people[i]!;
      expect(decryptIdentityRecord(keys, dataset, employeeId, identityEnc)).toEqual({ name, email });
      expect(emailHash).toBe(email === null ? null : emailBlindIndex(keys, email));
    });
    expect(() => decryptIdentityRecord(keys, dataset, 'E1', sealed[0]![1])).toThrow(IdentityDecryptError);
  });

  it('draws a fresh IV for every person', async () => {
    const [first, second] = await Promise.all([sealOffThread(keys, dataset, people), sealOffThread(keys, dataset, people)]);
    const ivs = rowsOf([...first!, ...second!]).map(([, identityEnc]) => identityEnc.slice(0, 19));
    expect(new Set(ivs).size).toBe(ivs.length);
  });

  it('fails a call the thread cannot seal with an error quoting nothing it was sent, and seals the next', async () => {
    // A number where the key belongs: Node's refusal quotes what it was given, 'Received type number (424242)'.
    const notKeys = { encryption: 424242, index: 424242 } as unknown as typeof keys;
    const failure = await sealOffThread(notKeys, dataset, [{ employeeId: 'E1', name: 'Person', email: null }]).catch((error: Error) => error);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).not.toContain('424242');
    expect(rowsOf(await sealOffThread(keys, dataset, people))).toHaveLength(people.length);
  });

  it('does not hold the process open: a script that has sealed ends by itself', async () => {
    const script = `
      const { identityKeysFromDataKey } = await import(${JSON.stringify(import.meta.resolve('./identityCipher.ts'))});
      const { sealOffThread } = await import(${JSON.stringify(import.meta.resolve('./sealingPool.ts'))});
      const sealed = await sealOffThread(identityKeysFromDataKey(Buffer.alloc(32)), 'dataset', [{ employeeId: 'E1', name: 'Person', email: null }]);
      console.log(JSON.parse(sealed[0]).length);`;
    // A thread holding the process would run into the timeout, which kills the script and fails the call.
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '--eval', script], { timeout: 20_000 });
    expect(stdout.trim()).toBe('1');
  });

  it('does not hold the process open with threads warmed and never used', async () => {
    const script = `
      const { warmSealingThreads } = await import(${JSON.stringify(import.meta.resolve('./sealingPool.ts'))});
      warmSealingThreads();
      console.log('warmed');`;
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '--eval', script], { timeout: 20_000 });
    expect(stdout.trim()).toBe('warmed');
  });

  it('seals on threads warmed before the first call, and then lets the process end', async () => {
    const script = `
      const { identityKeysFromDataKey } = await import(${JSON.stringify(import.meta.resolve('./identityCipher.ts'))});
      const { sealOffThread, warmSealingThreads } = await import(${JSON.stringify(import.meta.resolve('./sealingPool.ts'))});
      warmSealingThreads();
      const sealed = await sealOffThread(identityKeysFromDataKey(Buffer.alloc(32)), 'dataset', [{ employeeId: 'E1', name: 'Person', email: null }]);
      console.log(JSON.parse(sealed[0]).length);`;
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '--eval', script], { timeout: 20_000 });
    expect(stdout.trim()).toBe('1');
  });
});
