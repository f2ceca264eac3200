import { featureKind, featureSpecificity, featureWords, titleFeatures } from './features.ts';
import { buildPairing, type IscoBridge, type Pairing } from './pairing.ts';

/**
 * Rule induction: a decision list of word features learned from coded training titles.
 *
 * Every feature of every training title collects the weight of the US codes (O*NET, BLS) and UK codes
 * (ONS) of the titles that contain it. A feature's label is a (US, UK) pair: the codes that carry most of
 * its weight on each side, restricted to pairs the titles support (see pairing.ts); a side with no titles
 * takes the partner of the other side. Its score is the lower bound of the Wilson interval (z = 1) of the
 * share of its weight that agrees with its label, so a feature seen 30 times at 90% outranks one seen once
 * at 100%. The list is ordered by score, then support, then specificity, then key: a title takes the label
 * of its best-scoring feature. `fired` reports which features decide some title in cross-validation, the
 * ones worth keeping for titles not seen in training.
 */

export interface TrainingTitle {
  /** Feature keys of the title's words (cleaned, normalised), computed once. */
  features: string[];
  us: string[];
  uk: string[];
  /** Key used for cross-validation folds. */
  key: string;
}

export interface RankedFeature {
  key: string;
  us: string;
  uk: string;
  score: number;
  support: number;
}

export interface DecisionList {
  ranked: RankedFeature[];
  rankOf: Map<string, number>;
  pairing: Pairing;
}

interface Stats {
  us: Map<string, number>;
  uk: Map<string, number>;
  nUs: number;
  nUk: number;
}

export interface InduceOptions {
  /** Wilson interval z. */
  z: number;
  /** Title-evidence weight a (US, UK) pair needs to become a role beyond each code's best partner. */
  minPairEvidence: number;
}

export const DEFAULT_INDUCE_OPTIONS: InduceOptions = { z: 1, minPairEvidence: 5 };

export function wilsonLowerBound(correct: number, total: number, z: number): number {
  if (total <= 0) return 0;
  const p = correct / total;
  const z2 = z * z;
  return (p + z2 / (2 * total) - z * Math.sqrt((p * (1 - p)) / total + z2 / (4 * total * total))) / (1 + z2 / total);
}

function collectStats(titles: readonly TrainingTitle[]): Map<string, Stats> {
  const stats = new Map<string, Stats>();
  for (const t of titles) {
    const wUs = t.us.length ? 1 / t.us.length : 0;
    const wUk = t.uk.length ? 1 / t.uk.length : 0;
    for (const f of t.features) {
      let s = stats.get(f);
      if (!s) {
        s = { us: new Map(), uk: new Map(), nUs: 0, nUk: 0 };
        stats.set(f, s);
      }
      for (const c of t.us) s.us.set(c, (s.us.get(c) ?? 0) + wUs);
      for (const c of t.uk) s.uk.set(c, (s.uk.get(c) ?? 0) + wUk);
      if (t.us.length) s.nUs += 1;
      if (t.uk.length) s.nUk += 1;
    }
  }
  return stats;
}

function top(counts: Map<string, number>): [string, number] | null {
  let best: [string, number] | null = null;
  for (const [code, w] of counts) {
    if (!best || w > best[1] + 1e-12 || (Math.abs(w - best[1]) <= 1e-12 && code < best[0])) best = [code, w];
  }
  return best;
}

/** Weight of (US, UK) pairs on which a feature's US titles and UK titles each mostly agree. */
function pairEvidence(stats: Map<string, Stats>): Map<string, number> {
  const evidence = new Map<string, number>();
  for (const s of stats.values()) {
    if (!s.nUs || !s.nUk) continue;
    const u = top(s.us)!;
    const k = top(s.uk)!;
    if (u[1] / s.nUs < 0.5 || k[1] / s.nUk < 0.5) continue;
    const key = `${u[0]}|${k[0]}`;
    evidence.set(key, (evidence.get(key) ?? 0) + Math.min(u[1], k[1]));
  }
  return evidence;
}

/** The heaviest codes of one side; a feature's best pair is always made of these. */
function heaviest(counts: Map<string, number>, n: number): string[] {
  return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, n).map(([code]) => code);
}

const LABEL_CANDIDATES = 8;

/** The (US, UK) label with the most agreeing weight among allowed pairs. */
function label(s: Stats, pairing: Pairing): { us: string; uk: string; weight: number } | null {
  const usCodes = heaviest(s.us, LABEL_CANDIDATES);
  const ukCodes = heaviest(s.uk, LABEL_CANDIDATES);
  const candidates: [string, string][] = [];
  for (const us of usCodes) {
    const partner = pairing.ukFor(us);
    if (partner) candidates.push([us, partner]);
    for (const uk of ukCodes) if (pairing.allowed(us, uk)) candidates.push([us, uk]);
  }
  for (const uk of ukCodes) {
    const partner = pairing.usFor(uk);
    if (partner) candidates.push([partner, uk]);
  }
  let best: { us: string; uk: string; weight: number } | null = null;
  for (const [us, uk] of candidates) {
    const weight = (s.us.get(us) ?? 0) + (s.uk.get(uk) ?? 0);
    if (!best || weight > best.weight + 1e-12 || (Math.abs(weight - best.weight) <= 1e-12 && `${us}|${uk}` < `${best.us}|${best.uk}`)) {
      best = { us, uk, weight };
    }
  }
  return best;
}

export function induceDecisionList(titles: readonly TrainingTitle[], bridge: IscoBridge, options: InduceOptions = DEFAULT_INDUCE_OPTIONS): DecisionList {
  const stats = collectStats(titles);
  const pairing = buildPairing(pairEvidence(stats), bridge, options.minPairEvidence);
  const ranked: RankedFeature[] = [];
  for (const [key, s] of stats) {
    const l = label(s, pairing);
    if (!l) continue;
    const support = s.nUs + s.nUk;
    ranked.push({ key, us: l.us, uk: l.uk, score: wilsonLowerBound(l.weight, support, options.z), support });
  }
  ranked.sort(
    (a, b) =>
      b.score - a.score ||
      b.support - a.support ||
      featureSpecificity(b.key) - featureSpecificity(a.key) ||
      (a.key < b.key ? -1 : a.key > b.key ? 1 : 0),
  );
  const live = withoutShadowed(ranked);
  return { ranked: live, rankOf: new Map(live.map((f, i) => [f.key, i])), pairing };
}

/**
 * Features implied by `key`: any title that has `key` also has each of these. A phrase implies its words,
 * its shorter phrases and its word pairs; a head implies the same phrase and its own last word as a head.
 */
function impliedBy(key: string): string[] {
  const kind = featureKind(key);
  const words = featureWords(key);
  const out: string[] = [];
  if (kind === 'g') return [`p:${words[0]}`, `p:${words[1]}`];
  for (let i = 0; i < words.length; i++) {
    for (let j = i + 1; j <= words.length; j++) {
      if (j - i < words.length || kind === 'h') out.push(`p:${words.slice(i, j).join(' ')}`);
    }
    for (let j = i + 1; j < words.length; j++) out.push(`g:${words[i]} ${words[j]}`);
  }
  if (kind === 'h' && words.length === 2) out.push(`h:${words[1]}`);
  return out;
}

/**
 * Drops features that can never decide a title: those for which some feature they imply ranks earlier
 * (a title with "payroll clerk" always has "payroll", so once "payroll" is tried, "payroll clerk" below it
 * is never reached). The decisions of the list are unchanged.
 */
export function withoutShadowed(ranked: readonly RankedFeature[]): RankedFeature[] {
  const seen = new Set<string>();
  const live: RankedFeature[] = [];
  for (const f of ranked) {
    seen.add(f.key);
    if (impliedBy(f.key).some((k) => k !== f.key && seen.has(k))) continue;
    live.push(f);
  }
  return live;
}

/** The feature that decides a title: the matching feature earliest in the list. */
export function decide(list: DecisionList, features: readonly string[]): RankedFeature | null {
  let best = Infinity;
  for (const f of features) {
    const r = list.rankOf.get(f);
    if (r !== undefined && r < best) best = r;
  }
  return best === Infinity ? null : list.ranked[best];
}

/** Deterministic fold of a title for cross-validation, independent of the benchmark's holdout hash. */
function fold(key: string, folds: number): number {
  let h = 0x9e3779b9;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x85ebca6b) >>> 0;
  return (h ^ (h >>> 13)) % folds;
}

/**
 * Features that decide at least one title when that title is left out of training (k-fold
 * cross-validation): the part of the list that carries over to unseen titles.
 */
export function firedInCrossValidation(
  titles: readonly TrainingTitle[],
  bridge: IscoBridge,
  options: InduceOptions,
  folds = 5,
): Set<string> {
  const fired = new Set<string>();
  for (let k = 0; k < folds; k++) {
    const list = induceDecisionList(
      titles.filter((t) => fold(t.key, folds) !== k),
      bridge,
      options,
    );
    for (const t of titles) {
      if (fold(t.key, folds) !== k) continue;
      const hit = decide(list, t.features);
      if (hit) fired.add(hit.key);
    }
  }
  return fired;
}

export function trainingTitle(words: string[], us: string[], uk: string[], key: string): TrainingTitle {
  return { features: titleFeatures(words), us, uk, key };
}
