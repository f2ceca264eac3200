import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildPairing, loadIscoBridge, type IscoBridge } from './pairing.ts';

const dataDir = fileURLToPath(new URL('../../../../shared/data', import.meta.url));

/** A bridge that knows one incompatible pair and no ISCO partners. */
const bridge: IscoBridge = {
  ukFor: () => undefined,
  usFor: () => undefined,
  compatible: (us, uk) => !(us === '25-1194' && uk === '8211'),
};

describe('buildPairing', () => {
  it('pairs codes that the titles agree on', () => {
    const pairing = buildPairing(new Map([['43-3051|4122', 6]]), bridge, 5);
    expect(pairing.ukFor('43-3051')).toBe('4122');
    expect(pairing.allowed('43-3051', '4122')).toBe(true);
  });

  it('ignores weak title evidence for a pair the ISCO bridge calls incompatible', () => {
    const pairing = buildPairing(new Map([['25-1194|8211', 6]]), bridge, 5);
    expect(pairing.ukFor('25-1194')).toBeUndefined();
    expect(pairing.allowed('25-1194', '8211')).toBe(false);
  });

  it('keeps an incompatible pair that many agreeing titles support', () => {
    const pairing = buildPairing(new Map([['25-1194|8211', 25]]), bridge, 5);
    expect(pairing.allowed('25-1194', '8211')).toBe(true);
  });
});

describe.skipIf(!existsSync(dataDir))('loadIscoBridge compatibility (BLS and ONS crosswalks to ISCO-08)', () => {
  const isco = loadIscoBridge(dataDir, () => true);

  it('calls chief executives in both catalogues compatible', () => {
    expect(isco.compatible('11-1011', '1111')).toBe(true);
  });

  it('calls a music director and a barista incompatible', () => {
    expect(isco.compatible('27-2041', '9266')).toBe(false);
  });

  it('calls an animal caretaker and a care worker incompatible (same major group, other field)', () => {
    expect(isco.compatible('39-2021', '6135')).toBe(false);
  });

  it('does not judge a code the crosswalk does not link', () => {
    expect(isco.compatible('99-9999', '9266')).toBe(true);
  });
});
