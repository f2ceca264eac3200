import { describe, expect, it } from 'vitest';
import { compiledSeed } from './test/seed.ts';

const compiled = compiledSeed();
const roles = compiled.data.taxonomy.roles;
/** A role whose US anchor some earlier role also holds, with another UK code: the pair must pick the later one. */
const later = roles.find((role, i) => role.anchor && roles.slice(0, i).some((r) => r.anchor?.usSoc2018 === role.anchor!.usSoc2018 && r.ukSoc2020 !== role.ukSoc2020))!;
const us = later.anchor!.usSoc2018;

describe('the role for codes a reviewer chose', () => {
  it('takes the role holding both codes, even when an earlier role is anchored on the same US code', () => {
    expect(compiled.roleForCodes(us, later.ukSoc2020!)).toBe(later);
  });

  it('takes the first role anchored on the US code when no role holds the pair', () => {
    const unpaired = Object.keys(compiled.data.occupations.uk).find((uk) => !roles.some((r) => r.anchor?.usSoc2018 === us && r.ukSoc2020 === uk))!;
    expect(compiled.roleForCodes(us, unpaired)).toBe(compiled.roleByAnchor(us));
  });

  it('falls back to Other / Uncategorised for a US code no role is anchored on', () => {
    const unanchored = Object.keys(compiled.data.occupations.us).find((code) => !compiled.roleByAnchor(code))!;
    expect(compiled.roleForCodes(unanchored, '4159')).toBe(compiled.otherRole);
  });
});
