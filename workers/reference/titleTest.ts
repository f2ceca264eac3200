/**
 * The reference editor's "test a title": how a draft (or any version) codes one title without the
 * database, and what decides it — a pack's overlay rule, a curated taxonomy rule (by index, so the
 * editor can point at it) or the scored coder's evidence.
 */
import type { ReferenceData } from '../../schema/reference/index.ts';
import { holdsEmail } from '../../schema/text.ts';
import { classifyInContext, decideWithoutAi, type Classification } from '../classify/classify.ts';
import { contextValue, hasContext, type ContextKind, type ListContext, type RowContext } from '../classify/context.ts';
import { compileReference, type CompiledReference } from './compile.ts';

export type TitleDecider =
  | { kind: 'pack'; packId: string; overlayIndex: number; pattern: string }
  | { kind: 'rule'; ruleIndex: number; pattern: string; division: string | null }
  | { kind: 'coder' }
  /** The row's context chose another reading than the title's own: the parts of it that did. */
  | { kind: 'context'; used: ContextKind[] }
  | { kind: 'none' };

export interface TitleTestResult {
  classification: Classification;
  decidedBy: TitleDecider;
  /** The text rules and overlays are matched against. */
  matchedText: string;
  /** The title's own reading, when the context chose another. */
  alone: Classification | null;
}

/**
 * What a staff list may say about the person beyond the title, as "test a title" takes it: a dataset's row
 * gives the same (spec: coding in context). Pay is annual, in `currency`.
 */
export interface TitleTestContext {
  organisation?: string | null;
  grade?: string | null;
  group?: string | null;
  salary?: number | null;
  currency?: 'GBP' | 'USD' | null;
}

export interface TitleTestOptions extends TitleTestContext {
  packId?: string | null;
  division?: string | null;
}

export class ContextRefused extends Error {}

/**
 * Codes one title as a dataset would: a pack's overlay decides the title everywhere; otherwise, with any context
 * given, the coder reads the title in it (classifyInContext), with pay read against the pay tables at their own
 * level (a dataset measures its list's level first; one title has no list to measure). A context value holding
 * an email address is refused: context is never personal data.
 */
export function testTitle(compiled: CompiledReference, title: string, options: TitleTestOptions = {}): TitleTestResult {
  // Read as a dataset's row is stored (normalised text), so the rules and the coder see the same unit.
  const division = contextValue(options.division) || null;
  const packId = options.packId || null;
  for (const value of [division, options.organisation, options.grade, options.group]) {
    if (value && holdsEmail(value)) throw new ContextRefused('A unit, organisation, grade or group never holds an email address; leave it out.');
  }
  const { classification, decider, matchedText } = decideWithoutAi(compiled, title, { packId, division });
  const own: TitleDecider =
    decider.kind === 'pack'
      ? { kind: 'pack', packId: packId!, overlayIndex: decider.hit.index, pattern: decider.hit.rule.pattern }
      : decider.kind === 'rule'
        ? { kind: 'rule', ruleIndex: decider.hit.index, pattern: decider.hit.rule.pattern, division: decider.hit.rule.division ?? null }
        : { kind: decider.kind };
  const row: RowContext = {
    division,
    organisation: contextValue(options.organisation) || null,
    grade: contextValue(options.grade) || null,
    group: contextValue(options.group) || null,
    salary: options.salary ?? null,
  };
  const list: ListContext = { currency: options.currency ?? null, payScale: 1 };
  if (decider.kind === 'pack' || !hasContext(row, list)) return { classification, decidedBy: own, matchedText, alone: null };
  const inContext = classifyInContext(compiled, title, row, list);
  if (!inContext.contextUsed) return { classification: inContext, decidedBy: own, matchedText, alone: null };
  return { classification: inContext, decidedBy: { kind: 'context', used: inContext.contextUsed }, matchedText, alone: classification };
}

/** Compiles once per document and tests titles against it: what the editor's worker holds. */
export class TitleTester {
  private compiled: CompiledReference | null = null;

  load(data: ReferenceData): void {
    this.compiled = compileReference(data);
  }

  test(title: string, options: TitleTestOptions = {}): TitleTestResult {
    if (!this.compiled) throw new Error('Load a reference document before testing titles.');
    return testTitle(this.compiled, title, options);
  }
}

