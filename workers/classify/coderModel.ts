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
  /** The code's place in the model's `codes`. */
  index: number;
  /** Share of the softmax over candidate codes (before calibration). */
  share: number;
  score: number;
  /** The features that favoured this code most, for the reason text. */
  evidence(): string[];
}

export interface CompiledCodeModel {
  /** The model's codes; indices and masks given to `rank` and `more` follow this order. */
  codes: readonly string[];
  indexOf(code: string): number | undefined;
  /** The features the model has seen, in order, looked up once for every ranking of a title. */
  known(features: readonly WeightedFeature[]): KnownFeature[];
  /**
   * Candidate codes for the features (this model's `known`), best first, with their shares among every
   * code seen with a feature: the `limit` best, and `more(codes)` scores further codes (by index) on the
   * same footing (shares under the same softmax), so a second reading can bring in codes the first list
   * left out without a re-rank. `allowed`, when given, holds 1 for each code that may be ranked.
   */
  rank(known: readonly KnownFeature[], limit: number, allowed?: Uint8Array): RankedCodes;
  /**
   * The given codes (by index) ranked by their priors alone, as `rank` would rank them for a title none of
   * whose features the model knows: the codes a side is offered when only the other side knows the title's words.
   */
  rankByPrior(codes: Iterable<number>, limit: number, allowed?: Uint8Array): RankedCodes;
  /**
   * How much of a feature's evidence falls in its one most common group of codes (`groupOf` of a code, such
   * as its major group), 0 for a feature seen fewer than `minCount` times: a context word that points to one
   * family ("fire", "library") is worth reading, one spread over every family ("service") is not.
   */
  concentration(key: string, groupOf: (code: string) => string, minCount: number): number;
  /**
   * log P(feature | code) under the model's smoothing, or null for a feature the model never saw; a code the
   * model does not hold reads as a code with no titles.
   */
  logLikelihood(code: string, key: string): number | null;
  /** The most logLikelihood gives any code, held by the model or not, for a feature; null for a feature the model never saw. */
  bestLogLikelihood(key: string): number | null;
  /** The codes whose titles the model saw a feature in (none for a feature it never saw). */
  seenWith(key: string): ReadonlySet<string>;
}

export interface RankedCodes {
  top: ScoredCode[];
  more(codes: Iterable<number>): ScoredCode[];
}

const NOTHING_RANKED: RankedCodes = { top: [], more: () => [] };

interface Posting {
  codes: Int32Array;
  gains: Float64Array;
  logUnseen: number;
}

/** A feature of a title that the model knows, with its postings. */
export interface KnownFeature {
  key: string;
  weight: number;
  posting: Posting;
}

/** A ranked code (a class, so a ranking makes no closure per code). */
class RankedCode implements ScoredCode {
  // Set in the constructor, so every ranked code keeps one shape.
  private features: string[] | undefined = undefined;

  constructor(
    readonly code: string,
    readonly score: number,
    readonly share: number,
    readonly index: number,
    private readonly known: readonly KnownFeature[],
  ) {}

  /** The features that favoured the code most, worked out only when a reason is written. */
  evidence(): string[] {
    const c = this.index;
    // A code is often described in more than one pair of a title: the answer is kept.
    if (this.features) return this.features;
    // The three largest gains, earlier features first among equals.
    const keys: string[] = [];
    const gains: number[] = [];
    for (const f of this.known) {
      const at = f.posting.codes.indexOf(c);
      if (at < 0) continue;
      const g = f.weight * f.posting.gains[at];
      if (keys.length === 3 && !(g > gains[2])) continue;
      let i = keys.length === 3 ? 2 : keys.length;
      while (i > 0 && gains[i - 1] < g) {
        keys[i] = keys[i - 1];
        gains[i] = gains[i - 1];
        i--;
      }
      keys[i] = f.key;
      gains[i] = g;
    }
    return (this.features = keys);
  }
}

/** One call's ranking: its softmax (best score `best`, normaliser `z`) also scores the codes `more` adds. */
class Ranking implements RankedCodes {
  readonly top: ScoredCode[] = [];

  constructor(
    private readonly model: CodeModel,
    private readonly call: number,
    private readonly known: readonly KnownFeature[],
    private readonly allowed: Uint8Array | undefined,
    private readonly unseenSum: number,
    private readonly weightSum: number,
    private readonly best: number,
    private readonly z: number,
  ) {}

  scored(c: number, score: number): ScoredCode {
    this.model.listedIn[c] = this.call;
    return new RankedCode(this.model.codes[c], score, Math.exp((score - this.best) / this.model.temperature) / this.z, c, this.known);
  }

  more(codes: Iterable<number>): ScoredCode[] {
    const { model } = this;
    if (model.call !== this.call) throw new Error('a ranking was extended after a later rank of the same model');
    const out: ScoredCode[] = [];
    for (const c of codes) {
      if (model.listedIn[c] === this.call || (this.allowed && this.allowed[c] === 0)) continue;
      // A code no feature was seen with scores its base alone.
      out.push(this.scored(c, model.scoredIn[c] === this.call ? model.scoreOf[c] : model.base(c, this.unseenSum, this.weightSum)));
    }
    return out;
  }
}

/**
 * The compiled model. A class at module level rather than closures made by each compile, so a freshly
 * compiled reference runs the code the engine has already optimised for an earlier one.
 */
class CodeModel implements CompiledCodeModel {
  readonly codes: readonly string[];
  readonly temperature: number;
  /** The weighted log prior of each code, the part of its score no feature changes. */
  private readonly priorTerm: Float64Array;
  private readonly logDenominator: Float64Array;
  // Scratch space reused by every call (the coder is synchronous). A code's score is valid for the call
  // whose number `scoredIn` holds, and it is listed in that call's ranking when `listedIn` holds it; a
  // ranking's `more` must be used before the next `rank` of this model.
  readonly scoreOf: Float64Array;
  readonly scoredIn: Int32Array;
  readonly listedIn: Int32Array;
  call = 0;
  private readonly gain: Float64Array;
  private readonly touched: Uint8Array;
  private readonly candidates: Int32Array;
  private readonly features: Record<string, number[]>;
  private readonly smoothing: number;
  private readonly grandTotal: number;
  /** Per feature, built on its first use (see postingOf). */
  private readonly postings = new Map<string, Posting>();
  /** Per feature, bestLogLikelihood (a list's contexts repeat a few unit and organisation words). */
  private readonly bestLikelihoods = new Map<string, number>();
  private readonly leastLogDenominator: number;
  private readonly codeIndex: Map<string, number>;

  constructor(stored: StoredCodeModel, settings: ModelSettings) {
    const n = stored.codes.length;
    const classTotals = new Float64Array(n);
    let grandTotal = 0;
    // for…in, not Object.values: the record has tens of thousands of keys, and the totals are integer sums.
    for (const key in stored.features) {
      const flat = stored.features[key];
      for (let i = 0; i < flat.length; i += 2) {
        classTotals[flat[i]] += flat[i + 1];
        grandTotal += flat[i + 1];
      }
    }
    this.codes = stored.codes;
    this.features = stored.features;
    this.smoothing = settings.smoothing;
    this.grandTotal = grandTotal;
    this.temperature = settings.temperature;
    const titleTotal = stored.titles.reduce((a, b) => a + b, 0) || 1;
    this.priorTerm = Float64Array.from(stored.titles, (t) => settings.prior * Math.log((t + 1) / (titleTotal + n)));
    this.codeIndex = new Map(stored.codes.map((code, i) => [code, i]));
    this.logDenominator = Float64Array.from(classTotals, (t) => Math.log(t + settings.smoothing));
    this.leastLogDenominator = Math.min(Math.log(settings.smoothing), ...this.logDenominator);
    this.gain = new Float64Array(n);
    this.touched = new Uint8Array(n);
    this.scoreOf = new Float64Array(n);
    this.scoredIn = new Int32Array(n);
    this.listedIn = new Int32Array(n);
    this.candidates = new Int32Array(n);
  }

  /** A code's score before the gains of the features seen with it: what a code no feature was seen with scores. */
  base(c: number, unseenSum: number, weightSum: number): number {
    return this.priorTerm[c] + unseenSum - weightSum * this.logDenominator[c];
  }

  indexOf(code: string): number | undefined {
    return this.codeIndex.get(code);
  }

  /**
   * A feature's postings: the codes it was seen with and the gain log(count + s) − log(s) over the unseen
   * rate log(s). A title's score for a code is then a base shared by every code plus the gains of the
   * features seen with it, so ranking walks only the postings instead of every (feature, code) pair.
   * Built on a feature's first use: a fresh compile codes its first titles without preparing the tens of
   * thousands of features they never name.
   */
  private postingOf(key: string): Posting | undefined {
    let entry = this.postings.get(key);
    if (entry === undefined && Object.hasOwn(this.features, key)) {
      const flat = this.features[key];
      let total = 0;
      for (let i = 1; i < flat.length; i += 2) total += flat[i];
      const smoothed = this.smoothing * (total / this.grandTotal);
      const logUnseen = Math.log(smoothed);
      const codes = new Int32Array(flat.length / 2);
      const gains = new Float64Array(flat.length / 2);
      for (let i = 0; i < flat.length; i += 2) {
        codes[i / 2] = flat[i];
        gains[i / 2] = Math.log(flat[i + 1] + smoothed) - logUnseen;
      }
      this.postings.set(key, (entry = { codes, gains, logUnseen }));
    }
    return entry;
  }

  logLikelihood(code: string, key: string): number | null {
    const posting = this.postingOf(key);
    if (!posting) return null;
    const c = this.codeIndex.get(code);
    if (c === undefined) return posting.logUnseen - Math.log(this.smoothing);
    const at = posting.codes.indexOf(c);
    return (at < 0 ? posting.logUnseen : posting.gains[at] + posting.logUnseen) - this.logDenominator[c];
  }

  bestLogLikelihood(key: string): number | null {
    const posting = this.postingOf(key);
    if (!posting) return null;
    let best = this.bestLikelihoods.get(key);
    if (best === undefined) {
      // A code the feature was not seen with (or the model does not hold) reads as unseen: at most this. The
      // sums are those logLikelihood makes, so the bound holds in floating point too.
      best = posting.logUnseen - this.leastLogDenominator;
      for (let at = 0; at < posting.codes.length; at++) best = Math.max(best, posting.gains[at] + posting.logUnseen - this.logDenominator[posting.codes[at]]);
      this.bestLikelihoods.set(key, best);
    }
    return best;
  }

  seenWith(key: string): ReadonlySet<string> {
    return new Set(Array.from(this.postingOf(key)?.codes ?? [], (c) => this.codes[c]));
  }

  concentration(key: string, groupOf: (code: string) => string, minCount: number): number {
    if (!Object.hasOwn(this.features, key)) return 0;
    const flat = this.features[key];
    const byGroup = new Map<string, number>();
    let total = 0;
    for (let i = 0; i < flat.length; i += 2) {
      const group = groupOf(this.codes[flat[i]]);
      byGroup.set(group, (byGroup.get(group) ?? 0) + flat[i + 1]);
      total += flat[i + 1];
    }
    return total < minCount ? 0 : Math.max(...byGroup.values()) / total;
  }

  known(features: readonly WeightedFeature[]): KnownFeature[] {
    const out: KnownFeature[] = [];
    for (const f of features) {
      const posting = this.postingOf(f.key);
      if (posting) out.push({ key: f.key, weight: f.weight, posting });
    }
    return out;
  }

  rank(known: readonly KnownFeature[], limit: number, allowed?: Uint8Array): RankedCodes {
    const { gain, touched, candidates, scoreOf, scoredIn } = this;
    let count = 0;
    let weightSum = 0;
    let unseenSum = 0;
    for (const f of known) {
      const { codes, gains } = f.posting;
      weightSum += f.weight;
      unseenSum += f.weight * f.posting.logUnseen;
      for (let i = 0; i < codes.length; i++) {
        const c = codes[i];
        if (touched[c] === 0) {
          touched[c] = 1;
          gain[c] = 0;
          candidates[count++] = c;
        }
        gain[c] += f.weight * gains[i];
      }
    }
    // Score = prior + Σ weight · log P(feature | code), with Dirichlet smoothing towards the feature's
    // background rate, so a code never seen with a feature pays for it in proportion to the weight.
    // The candidates allowed are kept, in order, at the front of the same array.
    const thisCall = ++this.call;
    let kept = 0;
    for (let i = 0; i < count; i++) {
      const c = candidates[i];
      touched[c] = 0;
      if (!allowed || allowed[c] === 1) {
        scoreOf[c] = this.base(c, unseenSum, weightSum) + gain[c];
        scoredIn[c] = thisCall;
        candidates[kept++] = c;
      }
    }
    if (kept === 0) return NOTHING_RANKED;
    // The `limit` best by selection (ties to the lower code index), not a sort of every candidate.
    const bestCode: number[] = [];
    const bestScore: number[] = [];
    let top = -Infinity;
    for (let i = 0; i < kept; i++) {
      const c = candidates[i];
      const score = scoreOf[c];
      if (score > top) top = score;
      const full = bestCode.length === limit;
      if (full && !(score > bestScore[limit - 1] || (score === bestScore[limit - 1] && c < bestCode[limit - 1]))) continue;
      let at = full ? limit - 1 : bestCode.length;
      while (at > 0 && (bestScore[at - 1] < score || (bestScore[at - 1] === score && bestCode[at - 1] > c))) {
        bestCode[at] = bestCode[at - 1];
        bestScore[at] = bestScore[at - 1];
        at--;
      }
      bestCode[at] = c;
      bestScore[at] = score;
    }
    let z = 0;
    for (let i = 0; i < kept; i++) z += Math.exp((scoreOf[candidates[i]] - top) / this.temperature);
    const ranking = new Ranking(this, thisCall, known, allowed, unseenSum, weightSum, top, z);
    for (let i = 0; i < bestCode.length; i++) ranking.top.push(ranking.scored(bestCode[i], bestScore[i]));
    return ranking;
  }

  rankByPrior(codes: Iterable<number>, limit: number, allowed?: Uint8Array): RankedCodes {
    const { scoreOf, scoredIn } = this;
    const thisCall = ++this.call;
    const kept: number[] = [];
    for (const c of codes) {
      if (scoredIn[c] === thisCall || (allowed && allowed[c] === 0)) continue;
      scoreOf[c] = this.base(c, 0, 0);
      scoredIn[c] = thisCall;
      kept.push(c);
    }
    if (kept.length === 0) return NOTHING_RANKED;
    kept.sort((a, b) => scoreOf[b] - scoreOf[a] || a - b);
    const top = scoreOf[kept[0]];
    let z = 0;
    for (const c of kept) z += Math.exp((scoreOf[c] - top) / this.temperature);
    const ranking = new Ranking(this, thisCall, [], allowed, 0, 0, top, z);
    for (const c of kept.slice(0, limit)) ranking.top.push(ranking.scored(c, scoreOf[c]));
    return ranking;
  }
}

export function compileCodeModel(stored: StoredCodeModel, settings: ModelSettings): CompiledCodeModel {
  return new CodeModel(stored, settings);
}

/**
 * Learns a stored model from coded titles (one title may carry several codes, each counted). A title's
 * `weight` (a whole number, 1 when absent) counts it as that many titles.
 */
export function trainCodeModel(
  titles: readonly { title: string; codes: readonly string[]; weight?: number }[],
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
    const weight = t.weight ?? 1;
    for (const code of t.codes) {
      let c = codeIndex.get(code);
      if (c === undefined) {
        c = codes.length;
        codeIndex.set(code, c);
        codes.push(code);
        titleCounts.push(0);
      }
      titleCounts[c] += weight;
      for (const key of keys) {
        let byCode = counts.get(key);
        if (!byCode) counts.set(key, (byCode = new Map()));
        byCode.set(c, (byCode.get(c) ?? 0) + weight);
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

