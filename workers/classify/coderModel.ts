import { featuresOf, readTitle, type FeatureWeights, type WeightedFeature } from './titleFeatures.ts';

/**
 * The scored coder's model for one code system (US SOC 2018 or UK SOC 2020): a naive Bayes model over the
 * features of titles (titleFeatures.ts), learned from coded public title lists. Every feature of a title
 * votes for every code together, weighted by how typical the feature is of that code, so the head and the
 * function are weighed jointly: "director" and "technology" together point to computer and information
 * systems managers, where either word alone points elsewhere. A bare function word cannot outvote the head,
 * because a code the head is never seen with pays the head's full (weighted) penalty.
 */

/** The stored form (reference data, classification.coder.us / .uk). */
export interface StoredCodeModel {
  codes: string[];
  /** Training titles per code (the prior). */
  titles: number[];
  /** Feature key → flat [codeIndex, count, codeIndex, count, …]. */
  features: Record<string, number[]>;
}

export interface ModelSettings extends FeatureWeights {
  /** Dirichlet smoothing towards the background rate of a feature. */
  smoothing: number;
  /** Weight of the log prior. */
  prior: number;
  /** Softmax temperature turning scores into shares. */
  temperature: number;
}

export interface ScoredCode {
  code: string;
  /** Share of the softmax over candidate codes (before calibration). */
  share: number;
  score: number;
  /** The features that favoured this code most, for the reason text. */
  evidence: string[];
}

export interface CompiledCodeModel {
  /** Whether the model has seen this feature. */
  knows(key: string): boolean;
  /**
   * Candidate codes for the features, best first, with their shares: the `limit` best, plus any of
   * `include` (scored alike even when no feature was seen with them).
   */
  rank(features: readonly WeightedFeature[], limit: number, allowed?: (code: string) => boolean, include?: Iterable<string>): ScoredCode[];
}

export function compileCodeModel(stored: StoredCodeModel, settings: ModelSettings): CompiledCodeModel {
  const n = stored.codes.length;
  const counts = new Map<string, { seen: Map<number, number>; total: number }>();
  const classTotals = new Float64Array(n);
  let grandTotal = 0;
  for (const [key, flat] of Object.entries(stored.features)) {
    const seen = new Map<number, number>();
    let total = 0;
    for (let i = 0; i < flat.length; i += 2) {
      seen.set(flat[i], flat[i + 1]);
      total += flat[i + 1];
      classTotals[flat[i]] += flat[i + 1];
    }
    grandTotal += total;
    counts.set(key, { seen, total });
  }
  const mu = settings.smoothing;
  // log(count + smoothed) once per (feature, code) seen, and log(smoothed) for every code not seen: the
  // hot loop below then only adds, in the same order, the same values it used to compute.
  const featureLogs = new Map<string, { logSeen: Map<number, number>; logUnseen: number }>();
  for (const [key, { seen, total }] of counts) {
    const smoothed = mu * (total / grandTotal);
    featureLogs.set(key, { logSeen: new Map([...seen].map(([c, count]) => [c, Math.log(count + smoothed)])), logUnseen: Math.log(0 + smoothed) });
  }
  const titleTotal = stored.titles.reduce((a, b) => a + b, 0) || 1;
  const logPrior = stored.titles.map((t) => Math.log((t + 1) / (titleTotal + n)));
  const indexOf = new Map(stored.codes.map((code, i) => [code, i]));
  const logDenominator = Array.from(classTotals, (t) => Math.log(t + mu));

  return {
    knows: (key) => featureLogs.has(key),
    rank(features, limit, allowed, include = []) {
      const known = features.flatMap((f) => {
        const entry = featureLogs.get(f.key);
        return entry ? [{ key: f.key, weight: f.weight, ...entry }] : [];
      });
      const candidates: number[] = [];
      const picked = new Set<number>();
      for (const f of known) {
        for (const c of f.logSeen.keys()) {
          if (picked.has(c)) continue;
          picked.add(c);
          if (!allowed || allowed(stored.codes[c])) candidates.push(c);
        }
      }
      if (candidates.length === 0) return [];
      const extra = new Set<number>();
      for (const code of include) {
        const c = indexOf.get(code);
        if (c !== undefined && (!allowed || allowed(code))) {
          extra.add(c);
          if (!picked.has(c)) candidates.push(c);
        }
      }
      // Score = prior + Σ weight · log P(feature | code), with Dirichlet smoothing towards the feature's
      // background rate, so a code never seen with a feature pays for it in proportion to the weight.
      const scored = candidates.map((c) => {
        let score = settings.prior * logPrior[c];
        for (const f of known) score += f.weight * ((f.logSeen.get(c) ?? f.logUnseen) - logDenominator[c]);
        return { c, score };
      });
      scored.sort((a, b) => b.score - a.score || a.c - b.c);
      const top = scored[0].score;
      let z = 0;
      for (const s of scored) z += Math.exp((s.score - top) / settings.temperature);
      // The evidence (features that favoured the code most) only for the codes returned.
      const evidence = (c: number) =>
        known
          .flatMap((f) => {
            const logSeen = f.logSeen.get(c);
            return logSeen === undefined ? [] : [{ key: f.key, gain: f.weight * (logSeen - f.logUnseen) }];
          })
          .sort((a, b) => b.gain - a.gain)
          .slice(0, 3)
          .map((g) => g.key);
      return scored.filter((s, i) => i < limit || extra.has(s.c)).map((s) => ({
        code: stored.codes[s.c],
        score: s.score,
        share: Math.exp((s.score - top) / settings.temperature) / z,
        evidence: evidence(s.c),
      }));
    },
  };
}

/** Learns a stored model from coded titles (one title may carry several codes, each counted). */
export function trainCodeModel(
  titles: readonly { title: string; codes: readonly string[] }[],
  roleNouns: ReadonlySet<string>,
  weights: FeatureWeights,
  minFeatureCount = 1,
): StoredCodeModel {
  const codeIndex = new Map<string, number>();
  const codes: string[] = [];
  const titleCounts: number[] = [];
  const counts = new Map<string, Map<number, number>>();
  for (const t of titles) {
    const keys = new Set(featuresOf(readTitle(t.title, roleNouns), weights).map((f) => f.key));
    if (keys.size === 0) continue;
    for (const code of t.codes) {
      let c = codeIndex.get(code);
      if (c === undefined) {
        c = codes.length;
        codeIndex.set(code, c);
        codes.push(code);
        titleCounts.push(0);
      }
      titleCounts[c] += 1;
      for (const key of keys) {
        let byCode = counts.get(key);
        if (!byCode) counts.set(key, (byCode = new Map()));
        byCode.set(c, (byCode.get(c) ?? 0) + 1);
      }
    }
  }
  const features: Record<string, number[]> = {};
  for (const key of [...counts.keys()].sort()) {
    const byCode = counts.get(key)!;
    const total = [...byCode.values()].reduce((a, b) => a + b, 0);
    if (total < minFeatureCount && !key.startsWith('w:') && !key.startsWith('h:')) continue;
    features[key] = [...byCode].sort((a, b) => b[1] - a[1] || a[0] - b[0]).flat();
  }
  return { codes, titles: titleCounts, features };
}

