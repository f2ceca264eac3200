/** Reference data in the worker layer: validation, pattern safety, compilation and the version cache. */
export { validateReferenceData, type ReferenceValidation, type ReferenceIssue } from './validate.ts';
export { checkPatternSafety, MAX_PATTERN_LENGTH, MAX_OPEN_ENDED_WILDCARDS } from '../../schema/reference/patternSafety.ts';
export {
  compileReference,
  ReferenceCompileError,
  type PayTable,
  type CompiledReference,
  type CompiledOverlay,
  type OverlayHit,
  type RuleHit,
} from './compile.ts';
export { BASELINE_CURRENCY, homeRegions, pricedCurrencies, regionCurrency } from './currencies.ts';
export {
  getCompiledReference,
  getCompiledReferenceAsync,
  compileStoredReference,
  CompiledReferenceCache,
  DamagedReferenceError,
  COMPILED_REFERENCE_CACHE_SIZE,
} from './cache.ts';
