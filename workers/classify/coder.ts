import type { CoderKnowledge } from '../../schema/reference/coder.ts';
import { compileCodeModel, type CompiledCodeModel, type ScoredCode } from './coderModel.ts';
import { featuresOf, readTitle, stem, type TitleReading } from './titleFeatures.ts';

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
  /** The head makes the post a management post ("director", "head of"). */
  senior: boolean;
}

export interface CompiledCoder {
  code(title: string): CoderResult | null;
}

const CANDIDATES = 12;
/** Codes the other country's best readings point to through ISCO-08 are scored too. */
const BRIDGED_FROM = 3;
/** A lifted code is treated as at least this likely before its bonus, so a named function decides. */
const LIFT_FLOOR = 0.05;

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
  // Titles are read stemmed ("communications" → "communication"), so the function words are too.
  const functions = knowledge.functions.map((f) => ({ ...f, words: new Set(f.words.map(stem)) }));
  const usIsco = new Map(Object.entries(knowledge.isco.us));
  const ukIsco = new Map(Object.entries(knowledge.isco.uk));
  const byIsco = (links: Map<string, string[]>) => {
    const out = new Map<string, string[]>();
    for (const [code, iscos] of links) for (const isco of iscos) (out.get(isco) ?? out.set(isco, []).get(isco)!).push(code);
    return out;
  };
  const usByIsco = byIsco(usIsco);
  const ukByIsco = byIsco(ukIsco);
  /** Codes of the other system sharing an ISCO-08 unit group with any of `codes`. */
  const bridged = (codes: string[], from: Map<string, string[]>, to: Map<string, string[]>) =>
    new Set(codes.flatMap((c) => (from.get(c) ?? []).flatMap((isco) => to.get(isco) ?? [])));
  const known = (key: string) => us.knows(key) || uk.knows(key);
  const leadingHeads = new Set([...seniorHeads, ...Object.keys(knowledge.headAliases).filter((k) => seniorHeads.has(knowledge.headAliases[k]))]);
  const topWords = new Set(knowledge.seniorTop.words);

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
      const reading = readTitle(title, roleNouns, leadingHeads);
      const head = reading.head ? (knowledge.headAliases[reading.head] ?? reading.head) : null;
      const features = featuresOf({ ...reading, head }, settings);
      if (features.length === 0) return null;
      const senior = head !== null && seniorHeads.has(head);
      const usAllowed = senior ? isUsManagement : undefined;
      const ukAllowed = senior ? isUkManagement : undefined;
      let usRanked = us.rank(features, CANDIDATES, usAllowed);
      let ukRanked = uk.rank(features, CANDIDATES, ukAllowed);
      if (senior && (usRanked.length === 0 || ukRanked.length === 0)) {
        usRanked = usRanked.length ? usRanked : us.rank(features, CANDIDATES);
        ukRanked = ukRanked.length ? ukRanked : uk.rank(features, CANDIDATES);
      }
      // Each side also scores the codes the other side's best readings map to, so a confident UK reading
      // of a UK-style title ("Support Officer") can bring in the US code its own list missed, and back.
      const usBridged = usRanked.length === 0 ? new Set<string>() : bridged(ukRanked.slice(0, BRIDGED_FROM).map((r) => r.code), ukIsco, usByIsco);
      const ukBridged = ukRanked.length === 0 ? new Set<string>() : bridged(usRanked.slice(0, BRIDGED_FROM).map((r) => r.code), usIsco, ukByIsco);
      if ([...usBridged].some((c) => !usRanked.some((r) => r.code === c))) usRanked = us.rank(features, CANDIDATES, usAllowed, usBridged);
      if ([...ukBridged].some((c) => !ukRanked.some((r) => r.code === c))) ukRanked = uk.rank(features, CANDIDATES, ukAllowed, ukBridged);

      // An index title decides; senior posts: a named function lifts its management codes, otherwise the
      // senior-official codes.
      const lift = new Map<string, { bonus: number; why: string }>();
      const indexed = knowledge.exact[reading.words.join(' ')];
      if (indexed) {
        const why = `index title '${reading.words.join(' ')}'`;
        if (indexed[0]) lift.set(`us:${indexed[0]}`, { bonus: settings.functionBonus, why });
        if (indexed[1]) lift.set(`uk:${indexed[1]}`, { bonus: settings.functionBonus, why });
      } else if (!senior && head && knowledge.headDefaults[head] && !features.some((f) => f.key !== `h:${head}` && f.key !== `w:${head}` && !f.key.startsWith('s:') && known(f.key))) {
        const [usCode, ukCode] = knowledge.headDefaults[head];
        const why = `generic head '${head}' of an unknown function`;
        lift.set(`us:${usCode}`, { bonus: settings.functionBonus, why });
        lift.set(`uk:${ukCode}`, { bonus: settings.functionBonus, why });
      } else if (senior) {
        const fn = functions.find((f) => reading.functionWords.some((w) => f.words.has(w)));
        if (fn) {
          lift.set(`us:${fn.us}`, { bonus: settings.functionBonus, why: `'${head}' of ${fn.name}` });
          lift.set(`uk:${fn.uk}`, { bonus: settings.functionBonus, why: `'${head}' of ${fn.name}` });
        } else {
          const top = reading.seniority.some((w) => topWords.has(w));
          const codes = top ? knowledge.seniorTop : knowledge.seniorDefault;
          const why = top ? `'${[...reading.seniority.filter((w) => topWords.has(w)), head].join(' ')}' (the top of a body)` : `'${head}' with no named function`;
          lift.set(`us:${codes.us}`, { bonus: settings.defaultBonus, why });
          lift.set(`uk:${codes.uk}`, { bonus: settings.defaultBonus, why });
        }
      }
      const withLifted = (ranked: ScoredCode[], side: 'us' | 'uk') => {
        const lifted = (share: number, code: string) => {
          const bonus = lift.get(`${side}:${code}`)?.bonus;
          return bonus === undefined ? Math.log(share) : Math.log(Math.max(share, LIFT_FLOOR)) + bonus;
        };
        const out = ranked.map((r) => ({ ...r, log: lifted(r.share, r.code) }));
        for (const key of lift.keys()) {
          const code = key.slice(3);
          if (key.startsWith(side) && !out.some((r) => r.code === code)) out.push({ code, share: 0, score: -Infinity, evidence: [], log: lifted(0, code) });
        }
        return out;
      };
      const usList = withLifted(usRanked, 'us');
      const ukList = withLifted(ukRanked, 'uk');
      if (usList.length === 0 || ukList.length === 0) return null;

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
      return { best: chosen[0], alternatives: chosen.slice(1), reading, senior };
    },
  };
}
