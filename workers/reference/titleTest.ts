/**
 * The reference editor's "test a title": how a draft (or any version) codes one title without the
 * database, and what decides it — a pack's overlay rule, a curated taxonomy rule (by index, so the
 * editor can point at it) or the scored coder's evidence.
 */
import type { ReferenceData } from '../../schema/reference/index.ts';
import { decideWithoutAi, type Classification } from '../classify/classify.ts';
import { compileReference, type CompiledReference } from './compile.ts';

export type TitleDecider =
  | { kind: 'pack'; packId: string; overlayIndex: number; pattern: string }
  | { kind: 'rule'; ruleIndex: number; pattern: string; division: string | null }
  | { kind: 'coder' }
  | { kind: 'none' };

export interface TitleTestResult {
  classification: Classification;
  decidedBy: TitleDecider;
  /** The text rules and overlays are matched against. */
  matchedText: string;
}

export function testTitle(compiled: CompiledReference, title: string, options: { packId?: string | null; division?: string | null } = {}): TitleTestResult {
  const division = options.division?.trim() || null;
  const packId = options.packId || null;
  const { classification, decider, matchedText } = decideWithoutAi(compiled, title, { packId, division });
  const decidedBy: TitleDecider =
    decider.kind === 'pack'
      ? { kind: 'pack', packId: packId!, overlayIndex: decider.hit.index, pattern: decider.hit.rule.pattern }
      : decider.kind === 'rule'
        ? { kind: 'rule', ruleIndex: decider.hit.index, pattern: decider.hit.rule.pattern, division: decider.hit.rule.division ?? null }
        : { kind: decider.kind };
  return { classification, decidedBy, matchedText };
}

/** Compiles once per document and tests titles against it: what the editor's worker holds. */
export class TitleTester {
  private compiled: CompiledReference | null = null;

  load(data: ReferenceData): void {
    this.compiled = compileReference(data);
  }

  test(title: string, options: { packId?: string | null; division?: string | null } = {}): TitleTestResult {
    if (!this.compiled) throw new Error('Load a reference document before testing titles.');
    return testTitle(this.compiled, title, options);
  }
}

