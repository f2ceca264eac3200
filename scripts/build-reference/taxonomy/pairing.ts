import { readCsv } from '../policy/csv.ts';

/**
 * A role pairs one US SOC 2018 code with one UK SOC 2020 unit group. No official US–UK crosswalk exists,
 * so pairs are learned from the titles themselves (a feature whose US titles and UK titles agree on one
 * code each is evidence for that pair) and bridged through ISCO-08 where the titles say nothing:
 * US SOC 2018 → ISCO-08 (BLS, via SOC 2010) and ISCO-08 ← UK SOC 2020 (the ONS index's own ISCO codes).
 */

const FILES = {
  usIsco: 'crosswalks/us_soc2018_to_isco08_via_soc2010_DERIVED.csv',
  ukIsco: 'crosswalks/uk_soc2020_to_isco08_from_ons_coding_index.csv',
} as const;

export interface IscoBridge {
  /** Best UK unit group for a US code through shared ISCO-08 units, or undefined. */
  ukFor(us: string): string | undefined;
  /** Best US code for a UK unit group through shared ISCO-08 units, or undefined. */
  usFor(uk: string): string | undefined;
  /**
   * Whether a US code and a UK unit group can describe one job: they share an ISCO-08 sub-major group
   * (two digits: skill level and field, so care workers and animal caretakers differ). True when either
   * code has no ISCO link, so the bridge never vetoes what it cannot judge.
   */
  compatible(us: string, uk: string): boolean;
}

const best = (scores: Map<string, number>): string | undefined =>
  [...scores].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]?.[0];

const UK_ISCO_MIN_SHARE = 0.1;

/** ISCO-08 bridge, restricted to UK codes for which `priced` is true. */
export function loadIscoBridge(dataDir: string, priced: (uk: string) => boolean): IscoBridge {
  const usToIsco = new Map<string, string[]>();
  const iscoToUs = new Map<string, string[]>();
  for (const row of readCsv(dataDir, FILES.usIsco)) {
    (usToIsco.get(row.soc2018) ?? usToIsco.set(row.soc2018, []).get(row.soc2018)!).push(row.isco08);
    (iscoToUs.get(row.isco08) ?? iscoToUs.set(row.isco08, []).get(row.isco08)!).push(row.soc2018);
  }
  const iscoToUk = new Map<string, { uk: string; entries: number }[]>();
  const ukToIsco = new Map<string, { isco: string; share: number }[]>();
  for (const row of readCsv(dataDir, FILES.ukIsco)) {
    const uk = row.soc2020_unit_code;
    (iscoToUk.get(row.isco08_code) ?? iscoToUk.set(row.isco08_code, []).get(row.isco08_code)!).push({ uk, entries: Number(row.index_entries) });
    (ukToIsco.get(uk) ?? ukToIsco.set(uk, []).get(uk)!).push({ isco: row.isco08_code, share: Number(row.share_of_soc2020_entries) });
  }
  const subMajors = (iscos: readonly string[]) => new Set(iscos.map((isco) => isco.slice(0, 2)));
  const usSubMajors = new Map([...usToIsco].map(([us, iscos]) => [us, subMajors(iscos)]));
  // A UK unit group's ISCO links below 10% of its index entries are stray entries, not its kind of work.
  const ukSubMajors = new Map(
    [...ukToIsco].map(([uk, links]) => [uk, subMajors(links.filter((l) => l.share >= UK_ISCO_MIN_SHARE).map((l) => l.isco))]),
  );
  return {
    compatible(us, uk) {
      const a = usSubMajors.get(us);
      const b = ukSubMajors.get(uk);
      return !a?.size || !b?.size || [...a].some((group) => b.has(group));
    },
    ukFor(us) {
      const scores = new Map<string, number>();
      const iscos = usToIsco.get(us) ?? [];
      for (const isco of iscos) {
        const rows = iscoToUk.get(isco) ?? [];
        const total = rows.reduce((s, r) => s + r.entries, 0);
        for (const r of rows) if (priced(r.uk)) scores.set(r.uk, (scores.get(r.uk) ?? 0) + r.entries / total / iscos.length);
      }
      return best(scores);
    },
    usFor(uk) {
      const scores = new Map<string, number>();
      for (const { isco, share } of ukToIsco.get(uk) ?? []) {
        const uses = iscoToUs.get(isco) ?? [];
        for (const us of uses) scores.set(us, (scores.get(us) ?? 0) + share / uses.length);
      }
      return best(scores);
    },
  };
}

/**
 * The nearest priced UK unit group: the code itself when it has ASHE pay, else the priced unit group of the
 * same minor (then sub-major) group that the training titles use most.
 */
export function nearestPricedUk(code: string, priced: (uk: string) => boolean, usage: ReadonlyMap<string, number>): string {
  if (priced(code)) return code;
  for (const prefixLength of [3, 2, 1]) {
    const prefix = code.slice(0, prefixLength);
    const candidates = new Map<string, number>();
    for (const [uk, n] of usage) if (uk.startsWith(prefix) && priced(uk)) candidates.set(uk, n);
    const pick = best(candidates);
    if (pick) return pick;
  }
  throw new Error(`no priced UK unit group near ${code}`);
}

/**
 * Share (0–1) of roles with both codes whose US anchor and UK unit group the bridge calls compatible. A role
 * hands a UK title its anchor's exposure and a US title its UK code's pay, so the two should be one job.
 */
export function coherentShare(
  roles: readonly { anchor?: { usSoc2018?: string | null } | null; ukSoc2020?: string | null }[],
  bridge: IscoBridge,
): number {
  const paired = roles.filter((r) => r.anchor?.usSoc2018 && r.ukSoc2020);
  const coherent = paired.filter((r) => bridge.compatible(r.anchor!.usSoc2018!, r.ukSoc2020!));
  return paired.length ? coherent.length / paired.length : 1;
}

/** Title-evidence weight at which a pair stands even when the ISCO bridge calls it incompatible. */
const STRONG_EVIDENCE = 20;

export interface Pairing {
  /** The UK partner of a US code. */
  ukFor(us: string): string | undefined;
  /** The US partner of a UK code. */
  usFor(uk: string): string | undefined;
  allowed(us: string, uk: string): boolean;
  size: number;
}

/**
 * Pairs supported by title evidence (`evidence` maps "us|uk" to the weight of agreeing features) with at
 * least `minEvidence`, plus each code's single best partner (evidence first, ISCO bridge second). Title
 * evidence for a pair the ISCO bridge calls incompatible is ignored unless it is strong: a feature shared by
 * two unrelated jobs ("service" in a US teaching title and a UK driving one) is a coincidence of words, not
 * a pairing, while many agreeing titles outweigh a crosswalk's quirk.
 */
export function buildPairing(evidence: ReadonlyMap<string, number>, bridge: IscoBridge, minEvidence: number): Pairing {
  const usBest = new Map<string, { uk: string; w: number }>();
  const ukBest = new Map<string, { us: string; w: number }>();
  const allowed = new Set<string>();
  const sorted = [...evidence].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  for (const [key, w] of sorted) {
    const [us, uk] = key.split('|');
    if (w < STRONG_EVIDENCE && !bridge.compatible(us, uk)) continue;
    if (!usBest.has(us)) usBest.set(us, { uk, w });
    if (!ukBest.has(uk)) ukBest.set(uk, { us, w });
    if (w >= minEvidence) allowed.add(key);
  }
  const bridged = new Map<string, string | undefined>();
  const viaBridge = (key: string, find: () => string | undefined) => {
    if (!bridged.has(key)) bridged.set(key, find());
    return bridged.get(key);
  };
  const ukFor = (us: string) => usBest.get(us)?.uk ?? viaBridge(`us:${us}`, () => bridge.ukFor(us));
  const usFor = (uk: string) => ukBest.get(uk)?.us ?? viaBridge(`uk:${uk}`, () => bridge.usFor(uk));
  for (const [us, { uk }] of usBest) allowed.add(`${us}|${uk}`);
  for (const [uk, { us }] of ukBest) allowed.add(`${us}|${uk}`);
  return {
    ukFor,
    usFor,
    allowed(us, uk) {
      return allowed.has(`${us}|${uk}`) || ukFor(us) === uk || usFor(uk) === us;
    },
    get size() {
      return allowed.size;
    },
  };
}
