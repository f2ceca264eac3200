/**
 * Value checks behind the personal-data rules: IDs are never emails or names (spec, minimisation rule 3)
 * and client groupings never single people out (Upload rules 2). Shared by the browser's mapping guards.
 * Each reads a value as the normaliser does (text.ts), as the server will store it.
 */
import { holdsEmail, normaliseText } from '../../schema/text.ts';

/** Client groupings a dataset may carry (spec: Limits, extra groupings), counted over the whole dataset. */
export const MAX_GROUPINGS = 5;
export const MAX_GROUPING_VALUE_LENGTH = 120;
/** A grouping with more distinct values than this, that are also more than a quarter of the rows, identifies people. */
export const MAX_GROUPING_VARIETY = 100;

/** "Jane Smith", "SMITH, Jane", "Mary-Jo O'Neil", "J. Smith": two to four words of letters, no digits. */
const PERSON_NAME = /^\p{L}[\p{L}'’.-]*(?:,?\s+\p{L}[\p{L}'’.-]*){1,3}$/u;

export function looksLikePersonName(value: string): boolean {
  const text = normaliseText(value);
  if (!PERSON_NAME.test(text)) return false;
  // A word of two letters or more, so bare initials such as "A B" do not count.
  return text.split(/[\s,]+/).some((word) => word.replace(/[^\p{L}]/gu, '').length >= 2);
}

/** More than half of the non-blank values look like people's names. */
export function mostlyPersonNames(values: Iterable<string>): boolean {
  let filled = 0;
  let names = 0;
  for (const value of values) {
    if (normaliseText(value) === '') continue;
    filled += 1;
    if (looksLikePersonName(value)) names += 1;
  }
  return filled > 0 && names * 2 > filled;
}

/** At least this many different name-like values before a column of context reads as people's names. */
export const MIN_DISTINCT_NAMES = 5;

/**
 * Where a column of context values (units, organisations, grades, professional groups) reads as a column of
 * people's names, the index of its first name-like value; else -1. Most filled values look like names and
 * they hardly repeat: at least five different ones, and more than one for every two name-like values. A unit
 * or profession such as "Internal Audit" has a name's shape too, but many people share it.
 */
export function firstPersonNameInContext(values: readonly (string | null | undefined)[]): number {
  let filled = 0;
  let first = -1;
  let named = 0;
  const distinct = new Set<string>();
  values.forEach((value, i) => {
    if (!value || normaliseText(value) === '') return;
    filled += 1;
    if (!looksLikePersonName(value)) return;
    named += 1;
    distinct.add(normaliseText(value).toLowerCase());
    if (first === -1) first = i;
  });
  const people = named * 2 > filled && distinct.size >= MIN_DISTINCT_NAMES && distinct.size * 2 > named;
  return people ? first : -1;
}

export type GroupingValueProblem = 'holds-at' | 'too-long';

export function groupingValueProblem(value: string): GroupingValueProblem | null {
  if (holdsEmail(value)) return 'holds-at';
  if (normaliseText(value).length > MAX_GROUPING_VALUE_LENGTH) return 'too-long';
  return null;
}

/** Too much variety: more than 100 distinct values that are also more than a quarter of `rowCount`. */
export function groupingIdentifiesPeople(distinctValues: number, rowCount: number): boolean {
  return distinctValues > MAX_GROUPING_VARIETY && distinctValues > rowCount / 4;
}
