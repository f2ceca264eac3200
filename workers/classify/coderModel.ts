import { featuresOf, readTitle, suffixFeaturesOf, type FeatureWeights, type WeightedFeature } from './titleFeatures.ts';

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
  evidence(): string[];
}

export interface CompiledCodeModel {
  /** Whether the model has seen this feature. */
  knows(key: string): boolean;
  /**
   * Candidate codes for the features, best first, with their shares among every code seen with a
   * feature: the `limit` best, and `more(codes)` scores further codes on the same footing (shares under
   * the same softmax), so a second reading can bring in codes the first list left out without a re-rank.
   */
  rank(features: readonly WeightedFeature[], limit: number, allowed?: (code: string) => boolean): RankedCodes;
}

export interface RankedCodes {
  top: ScoredCode[];
  more(codes: Iterable<string>): ScoredCode[];
}

const NOTHING_RANKED: RankedCodes = { top: [], more: () => [] };

export function compileCodeModel(stored: StoredCodeModel, settings: ModelSettings): CompiledCodeModel {
  const n = stored.codes.length;
  const classTotals = new Float64Array(n);
  let grandTotal = 0;
  for (const flat of Object.values(stored.features)) {
    for (let i = 0; i < flat.length; i += 2) {
      classTotals[flat[i]] += flat[i + 1];
      grandTotal += flat[i + 1];
    }
  }
  const mu = settings.smoothing;
  // Per feature, its postings: the codes it was seen with and the gain log(count + s) − log(s) over the
  // unseen rate log(s). A title's score for a code is then a base shared by every code plus the gains of
  // the features seen with it, so ranking walks only the postings instead of every (feature, code) pair.
  // Built on a feature's first use: a fresh compile codes its first titles without preparing the tens of
  // thousands of features they never name.
  interface Posting { codes: Int32Array; gains: Float64Array; logUnseen: number }
  const postings = new Map<string, Posting>();
  const postingOf = (key: string): Posting | undefined => {
    let entry = postings.get(key);
    if (entry === undefined && Object.hasOwn(stored.features, key)) {
      const flat = stored.features[key];
      let total = 0;
      for (let i = 1; i < flat.length; i += 2) total += flat[i];
      const smoothed = mu * (total / grandTotal);
      const logUnseen = Math.log(smoothed);
      const codes = new Int32Array(flat.length / 2);
      const gains = new Float64Array(flat.length / 2);
      for (let i = 0; i < flat.length; i += 2) {
        codes[i / 2] = flat[i];
        gains[i / 2] = Math.log(flat[i + 1] + smoothed) - logUnseen;
      }
      postings.set(key, (entry = { codes, gains, logUnseen }));
    }
    return entry;
  };
  const titleTotal = stored.titles.reduce((a, b) => a + b, 0) || 1;
  const logPrior = Float64Array.from(stored.titles, (t) => Math.log((t + 1) / (titleTotal + n)));
  const indexOf = new Map(stored.codes.map((code, i) => [code, i]));
  const logDenominator = Float64Array.from(classTotals, (t) => Math.log(t + mu));
  // Scratch space reused by every call (the coder is synchronous). A code's score is valid for the call
  // whose number `scoredIn` holds; a ranking's `more` must be used before the next `rank` of this model.
  const gain = new Float64Array(n);
  const touched = new Uint8Array(n);
  const scoreOf = new Float64Array(n);
  const scoredIn = new Int32Array(n);
  let call = 0;

  return {
    knows: (key) => Object.hasOwn(stored.features, key),
    rank(features, limit, allowed) {
      const known = features.flatMap((f) => {
        const entry = postingOf(f.key);
        return entry ? [{ key: f.key, weight: f.weight, ...entry }] : [];
      });
      const candidates: number[] = [];
      let weightSum = 0;
      let unseenSum = 0;
      for (const f of known) {
        weightSum += f.weight;
        unseenSum += f.weight * f.logUnseen;
        for (let i = 0; i < f.codes.length; i++) {
          const c = f.codes[i];
          if (touched[c] === 0) {
            touched[c] = 1;
            gain[c] = 0;
            candidates.push(c);
          }
          gain[c] += f.weight * f.gains[i];
        }
      }
      // Score = prior + Σ weight · log P(feature | code), with Dirichlet smoothing towards the feature's
      // background rate, so a code never seen with a feature pays for it in proportion to the weight.
      const base = (c: number) => settings.prior * logPrior[c] + unseenSum - weightSum * logDenominator[c];
      const thisCall = ++call;
      const kept: number[] = [];
      for (const c of candidates) {
        touched[c] = 0;
        if (!allowed || allowed(stored.codes[c])) {
          scoreOf[c] = base(c) + gain[c];
          scoredIn[c] = thisCall;
          kept.push(c);
        }
      }
      if (kept.length === 0) return NOTHING_RANKED;
      // The `limit` best by selection (ties to the lower code index), not a sort of every candidate.
      const best: { c: number; score: number }[] = [];
      let top = -Infinity;
      for (const c of kept) {
        const score = scoreOf[c];
        if (score > top) top = score;
        if (best.length === limit && !(score > best[limit - 1].score || (score === best[limit - 1].score && c < best[limit - 1].c))) continue;
        let at = best.length === limit ? limit - 1 : best.length;
        while (at > 0 && (best[at - 1].score < score || (best[at - 1].score === score && best[at - 1].c > c))) {
          best[at] = best[at - 1];
          at--;
        }
        best[at] = { c, score };
      }
      let z = 0;
      for (const c of kept) z += Math.exp((scoreOf[c] - top) / settings.temperature);
      const scoredCode = (c: number, score: number): ScoredCode => ({
        code: stored.codes[c],
        score,
        share: Math.exp((score - top) / settings.temperature) / z,
        // The features that favoured the code most, worked out only when a reason is written.
        evidence: () =>
          known
            .flatMap((f) => {
              const at = f.codes.indexOf(c);
              return at < 0 ? [] : [{ key: f.key, gain: f.weight * f.gains[at] }];
            })
            .sort((a, b) => b.gain - a.gain)
            .slice(0, 3)
            .map((g) => g.key),
      });
      const listed = new Set(best.map((b) => b.c));
      return {
        top: best.map((b) => scoredCode(b.c, b.score)),
        more(codes) {
          if (call !== thisCall) throw new Error('a ranking was extended after a later rank of the same model');
          const out: ScoredCode[] = [];
          for (const code of codes) {
            const c = indexOf.get(code);
            if (c === undefined || listed.has(c) || (allowed && !allowed(code))) continue;
            listed.add(c);
            // A code no feature was seen with scores its base alone.
            out.push(scoredCode(c, scoredIn[c] === thisCall ? scoreOf[c] : base(c)));
          }
          return out;
        },
      };
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
    const reading = readTitle(t.title, roleNouns);
    const keys = new Set([...featuresOf(reading, weights), ...suffixFeaturesOf(reading, weights.word)].map((f) => f.key));
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

