import { describe, expect, it } from 'vitest';
import type { ReferenceData } from '../../schema/reference/index.ts';
import { compileReference } from './compile.ts';
import { seed, smallReference } from './test/seed.ts';

/** Lower case, punctuation to spaces: enough of scoring.md §1 to make test titles look normalised. */
const roughNormalise = (t: string) => t.toLowerCase().replace(/[^\p{L}\p{N}+#&]+/gu, ' ').trim();

/** Several thousand realistic titles: every catalogue title, alone and with common modifiers. */
function catalogueTitles(doc: ReferenceData): string[] {
  const base = [...Object.values(doc.occupations.us), ...Object.values(doc.occupations.uk)].map((o) => roughNormalise(o.title));
  const modified = base.flatMap((t) => [`senior ${t}`, `${t} manager`, `assistant ${t.split(' ').slice(-1)[0]}`]);
  return [...new Set([...base, ...modified])];
}

/** First-match-wins by testing every rule's RegExp in order: the reference answer the index must give. */
function linearMatcher(doc: ReferenceData) {
  const regexes = doc.taxonomy.rules.map((r) => new RegExp(r.pattern, 'i'));
  return (title: string, division?: string | null) =>
    doc.taxonomy.rules.findIndex((r, i) => (r.division === undefined || r.division === division) && regexes[i].test(title));
}

describe('compileReference', () => {
  const compiled = compileReference(seed, 1);

  it('gives the same first rule as a linear scan over the seed rules for a thousand titles', () => {
    // Every fourth catalogue title: the linear scan tests up to every rule per title, so more is slow.
    const titles = catalogueTitles(seed).filter((_, i) => i % 4 === 0);
    expect(titles.length).toBeGreaterThan(1000);
    const linear = linearMatcher(seed);
    const differences = titles
      .map((t) => ({ title: t, indexed: compiled.firstRule(t)?.index ?? -1, linear: linear(t) }))
      .filter((d) => d.indexed !== d.linear);
    expect(differences).toEqual([]);
  });

  it('keeps first-match-wins order', () => {
    const doc = smallReference(0);
    const role = doc.taxonomy.roles[0];
    const other = doc.taxonomy.roles[1];
    doc.taxonomy.rules = [
      { pattern: '\\bpayroll clerk\\b', category: role.category, subcategory: role.subcategory },
      { pattern: '\\bclerk\\b', category: other.category, subcategory: other.subcategory },
    ];
    const c = compileReference(doc);
    expect(c.firstRule('senior payroll clerk')).toMatchObject({ index: 0, role });
    expect(c.firstRule('filing clerk')).toMatchObject({ index: 1, role: other });
  });

  it('applies a division-restricted rule only to rows of exactly that division', () => {
    const doc = smallReference(0);
    const [retail, general] = doc.taxonomy.roles;
    doc.taxonomy.rules = [
      { pattern: '\\bassociate\\b', category: retail.category, subcategory: retail.subcategory, division: 'Retail Stores' },
      { pattern: '\\bassociate\\b', category: general.category, subcategory: general.subcategory },
    ];
    const c = compileReference(doc);
    expect(c.firstRule('store associate', 'Retail Stores')?.index).toBe(0);
    expect(c.firstRule('store associate', 'retail stores')?.index).toBe(1);
    expect(c.firstRule('store associate', null)?.index).toBe(1);
    expect(c.firstRule('store associate')?.index).toBe(1);
    // Only a rule restricted to the division can make its answer differ from the answer without one.
    expect(c.divisionRuleMatches('store associate', 'Retail Stores')).toBe(true);
    expect(c.divisionRuleMatches('store manager', 'Retail Stores')).toBe(false);
    expect(c.divisionRuleMatches('store associate', 'retail stores')).toBe(false);
  });

  it('returns null when no rule matches', () => {
    expect(compiled.firstRule('zzqx')).toBeNull();
  });

  it('exposes the Other / Uncategorised role and finds roles by name', () => {
    expect(compiled.otherRole).toMatchObject({ category: 'Other', subcategory: 'Uncategorised' });
    const role = seed.taxonomy.roles[0];
    expect(compiled.role(role.category, role.subcategory)).toBe(role);
    expect(compiled.role('No', 'Such')).toBeUndefined();
  });

  it('finds the first role anchored on a US code', () => {
    const role = seed.taxonomy.roles.find((r) => r.anchor)!;
    expect(compiled.roleByAnchor(role.anchor!.usSoc2018)?.anchor?.usSoc2018).toBe(role.anchor!.usSoc2018);
  });

  it('matches a pack overlay in order and gives an unknown pack no overlay', () => {
    const doc = smallReference();
    const code = Object.keys(doc.occupations.us)[0];
    const uk = doc.occupations.ukDefaultCode;
    doc.packs[0].overlay = [
      { pattern: '\\bstaff nurse\\b', usSoc2018: code, ukSoc2020: uk },
      { pattern: '\\bnurse\\b', usSoc2018: code, ukSoc2020: uk },
    ];
    const c = compileReference(doc);
    expect(c.packOverlay(doc.packs[0].id).first('ward staff nurse')?.index).toBe(0);
    expect(c.packOverlay(doc.packs[0].id).first('nurse')?.index).toBe(1);
    expect(c.packOverlay(doc.packs[0].id).first('porter')).toBeNull();
    expect(c.packOverlay('no-such-pack').first('nurse')).toBeNull();
  });

  it('reads a major group from the catalogue, else from a well-formed code prefix', () => {
    const code = Object.keys(seed.occupations.us)[0];
    expect(compiled.usMajorOf(code)).toBe(seed.occupations.us[code].major);
    expect(compiled.usMajorOf('15-9999')).toBe('15');
    expect(compiled.usMajorOf('99-0000')).toBeNull();
    expect(compiled.usMajorOf(null)).toBeNull();
  });

  it('prices a UK code at its median, else its proxy median, else the fallback median', () => {
    const [priced, pay] = Object.entries(seed.occupations.uk)[0];
    expect(compiled.ukPay(priced)).toBe(pay.median);
    const proxied = Object.entries(seed.occupations.ukProxyMedians)[0];
    if (proxied) expect(compiled.ukPay(proxied[0])).toBe(proxied[1]);
    expect(compiled.ukPay('0000')).toBe(seed.occupations.fallbackMedian);
    expect(compiled.ukPay(null)).toBe(seed.occupations.fallbackMedian);
  });
});

describe('compileReference regionFor', () => {
  const doc = smallReference();
  doc.locations = {
    baselineRegion: 'uk',
    regions: [
      { key: 'uk', label: 'United Kingdom', defaultFactor: 1, countryAliases: ['United Kingdom', 'UK'], keywords: [], nativeSalary: true },
      { key: 'india', label: 'India', defaultFactor: 0.3, countryAliases: ['India'], keywords: ['bengaluru', 'pune'], nativeSalary: false },
      { key: 'london', label: 'London', defaultFactor: 1.25, countryAliases: ['London'], keywords: ['london'], nativeSalary: true },
    ],
  };
  const c = compileReference(doc);

  it('matches a country alias exactly, ignoring case and surrounding spaces', () => {
    expect(c.regionFor('  INDIA ').key).toBe('india');
  });

  it('falls back to a keyword found inside the location', () => {
    expect(c.regionFor('Office 4, Bengaluru campus').key).toBe('india');
  });

  it('prefers an exact alias over a keyword of an earlier region', () => {
    expect(c.regionFor('London').key).toBe('london');
  });

  it('gives the baseline region when nothing matches or the location is empty', () => {
    expect(c.regionFor('Atlantis').key).toBe('uk');
    expect(c.regionFor('').key).toBe('uk');
    expect(c.regionFor(null).key).toBe('uk');
  });
});
