import type { CoderKnowledge } from '../../schema/reference/coder.ts';
import { compileCodeModel, type CompiledCodeModel, type ScoredCode } from './coderModel.ts';
import { featuresOf, readTitle, type TitleReading } from './titleFeatures.ts';

/**
 * The scored coder (issue: "title coding that holds on real staff lists"). For one title it:
 * 1. reads the title (titleFeatures.ts): role head, seniority, function words;
 * 2. ranks US and UK codes separately with the naive Bayes models (coderModel.ts); a senior head
 *    ("director", "head of") is ranked among management codes only;
 * 3. for a senior head, a named function ("finance", "communications") lifts that function's management
 *    codes; a portfolio that names no function lifts the senior-official codes;
 * 4. chooses the (US, UK) pair jointly: the two ranked lists plus a bonus for pairs the ISCO-08
 *    crosswalks put in one occupation (unit group) or one field (sub-major group), so a confident UK
 *    reading of a UK-style title ("Environment Officer") steers an uncertain US one and back;
 * 5. turns the pair's joint share into a calibrated confidence (the calibration table is measured on
 *    titles the models were not trained on), and keeps the next three pairs as alternatives.
 */

export interface CodedPair {
  usSoc2018: string;
  ukSoc2020: string;
  /** Calibrated chance that the US code is right (0–1). */
  confidence: number;
  /** Uncalibrated joint share of the pair, kept for calibration. */
  share: number;
  reason: string;
}

export interface CoderResult {
  best: CodedPair;
  alternatives: CodedPair[];
  reading: TitleReading;
}

export interface CompiledCoder {
  code(title: string): CoderResult | null;
}

const CANDIDATES = 12;
const UNSEEN_SHARE = 1e-4;

const isUsManagement = (code: string) => code.startsWith('11-');
const isUkManagement = (code: string) => code.startsWith('11') || code.startsWith('12');

/** Piecewise-linear map from raw share to calibrated confidence through the stored points. */
export function calibrate(points: readonly (readonly [number, number])[], raw: number): number {
  if (points.length === 0) return raw;
  if (raw <= points[0][0]) return points[0][1];
  for (let i = 1; i < points.length; i++) {
    const [x1, y1] = points[i];
    if (raw <= x1) {
      const [x0, y0] = points[i - 1];
      return x1 === x0 ? y1 : y0 + ((y1 - y0) * (raw - x0)) / (x1 - x0);
    }
  }
  return points[points.length - 1][1];
}

export function compileCoder(
  knowledge: CoderKnowledge,
  names: { us: (code: string) => string | undefined; uk: (code: string) => string | undefined },
): CompiledCoder {
  const { settings } = knowledge;
  const roleNouns = new Set(knowledge.roleNouns);
  const seniorHeads = new Set(knowledge.seniorHeads);
  const us: CompiledCodeModel = compileCodeModel(knowledge.us, settings);
  const uk: CompiledCodeModel = compileCodeModel(knowledge.uk, settings);
  const functions = knowledge.functions.map((f) => ({ ...f, words: new Set(f.words) }));
  const usIsco = new Map(Object.entries(knowledge.isco.us));
  const ukIsco = new Map(Object.entries(knowledge.isco.uk));

  /** The bonus for a pair: one ISCO-08 unit group, else one sub-major group; neutral when either is unlinked. */
  function link(u: string, k: string): { bonus: number; note: string | null } {
    const a = usIsco.get(u);
    const b = ukIsco.get(k);
    if (!a?.length || !b?.length) return { bonus: settings.subMajorBonus / 2, note: null };
    if (a.some((x) => b.includes(x))) return { bonus: settings.unitBonus, note: 'same ISCO-08 unit group' };
    const groups = new Set(a.map((x) => x.slice(0, 2)));
    if (b.some((x) => groups.has(x.slice(0, 2)))) return { bonus: settings.subMajorBonus, note: 'same ISCO-08 field' };
    return { bonus: 0, note: null };
  }

  return {
    code(title) {
      const reading = readTitle(title, roleNouns);
      const head = reading.head ? (knowledge.headAliases[reading.head] ?? reading.head) : null;
      const features = featuresOf({ ...reading, head }, settings);
      if (features.length === 0) return null;
      const senior = head !== null && seniorHeads.has(head);
      let usRanked = us.rank(features, CANDIDATES, senior ? isUsManagement : undefined);
      let ukRanked = uk.rank(features, CANDIDATES, senior ? isUkManagement : undefined);
      if (senior && (usRanked.length === 0 || ukRanked.length === 0)) {
        usRanked = usRanked.length ? usRanked : us.rank(features, CANDIDATES);
        ukRanked = ukRanked.length ? ukRanked : uk.rank(features, CANDIDATES);
      }
      if (usRanked.length === 0 || ukRanked.length === 0) return null;

      // Senior posts: a named function lifts its management codes; otherwise the senior-official codes.
      const lift = new Map<string, { bonus: number; why: string }>();
      if (senior) {
        const fn = functions.find((f) => reading.functionWords.some((w) => f.words.has(w)));
        if (fn) {
          lift.set(`us:${fn.us}`, { bonus: settings.functionBonus, why: `'${head}' of ${fn.name}` });
          lift.set(`uk:${fn.uk}`, { bonus: settings.functionBonus, why: `'${head}' of ${fn.name}` });
        } else {
          const why = `'${head}' with no named function`;
          lift.set(`us:${knowledge.seniorDefault.us}`, { bonus: settings.defaultBonus, why });
          lift.set(`uk:${knowledge.seniorDefault.uk}`, { bonus: settings.defaultBonus, why });
        }
      }
      const withLifted = (ranked: ScoredCode[], side: 'us' | 'uk') => {
        const out = ranked.map((r) => ({ ...r, log: Math.log(r.share) + (lift.get(`${side}:${r.code}`)?.bonus ?? 0) }));
        for (const [key, { bonus }] of lift) {
          const code = key.slice(3);
          if (key.startsWith(side) && !out.some((r) => r.code === code)) {
            out.push({ code, share: UNSEEN_SHARE, score: -Infinity, evidence: [], log: Math.log(UNSEEN_SHARE) + bonus });
          }
        }
        return out;
      };
      const usList = withLifted(usRanked, 'us');
      const ukList = withLifted(ukRanked, 'uk');

      const pairs: { u: (typeof usList)[number]; k: (typeof ukList)[number]; joint: number; linkNote: string | null }[] = [];
      for (const u of usList) {
        for (const k of ukList) {
          const l = link(u.code, k.code);
          pairs.push({ u, k, joint: u.log + k.log + l.bonus, linkNote: l.note });
        }
      }
      pairs.sort((a, b) => b.joint - a.joint);
      const top = pairs[0].joint;
      let z = 0;
      for (const p of pairs) z += Math.exp(p.joint - top);
      // The US code's share: the joint shares of every pair carrying it.
      const usShare = new Map<string, number>();
      for (const p of pairs) usShare.set(p.u.code, (usShare.get(p.u.code) ?? 0) + Math.exp(p.joint - top) / z);

      const describe = (p: (typeof pairs)[number]): CodedPair => {
        const share = usShare.get(p.u.code) ?? 0;
        const evidence = [...new Set([...p.u.evidence, ...p.k.evidence])].slice(0, 3).map((e) => `'${e.slice(2)}'`);
        const lifted = lift.get(`us:${p.u.code}`) ?? lift.get(`uk:${p.k.code}`);
        const basis = lifted ? lifted.why : head ? `head '${head}'${evidence.length ? ` + ${evidence.filter((e) => e !== `'${head}'`).join(', ')}` : ''}` : `words ${evidence.join(', ')}`;
        const usName = names.us(p.u.code) ?? p.u.code;
        const ukName = names.uk(p.k.code) ?? p.k.code;
        return {
          usSoc2018: p.u.code,
          ukSoc2020: p.k.code,
          share,
          confidence: Math.round(calibrate(knowledge.calibration, share) * 1000) / 1000,
          reason: `${basis.replace(/ \+ $/, '')} → ${usName} / ${ukName}${p.linkNote ? ` (${p.linkNote})` : ''}`,
        };
      };
      const chosen: CodedPair[] = [];
      const seen = new Set<string>();
      for (const p of pairs) {
        const key = `${p.u.code}|${p.k.code}`;
        // Alternatives differ from the best in the US code or in the UK code, never repeat a pair.
        if (seen.has(key)) continue;
        if (chosen.length > 0 && chosen.some((c) => c.usSoc2018 === p.u.code) && chosen.some((c) => c.ukSoc2020 === p.k.code)) continue;
        seen.add(key);
        chosen.push(describe(p));
        if (chosen.length === 4) break;
      }
      return { best: chosen[0], alternatives: chosen.slice(1), reading };
    },
  };
}
