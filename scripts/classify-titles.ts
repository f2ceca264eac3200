import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { classifyInContext, listPayScale } from '../workers/classify/classify.ts';
import { listStructure, type ListContext, type RowContext } from '../workers/classify/context.ts';
import { compileReference, type CompiledReference } from '../workers/reference/compile.ts';
import { validateReferenceData } from '../workers/reference/validate.ts';
import { parseCsv } from '../workers/import/csv.ts';
import { decodeText } from '../workers/import/encoding.ts';
import { normaliseHeading } from '../workers/import/mapping.ts';
import { parseSalary } from '../workers/import/values.ts';

/**
 * npm run classify-titles -- <file.csv> [--currency GBP|USD] [--reference <reference.json>]
 *
 * Codes job titles in bulk with the deterministic coder, without the server, each row in its context as a
 * dataset's rows are (issue 24). The input is a CSV with a `title` or `job title` column (any letter case)
 * and, when present, `division`, `organisation`, `grade`, `group` (the professional or occupational group)
 * and `salary` (annual, in the list's currency: GBP unless --currency says USD). The list's pay level is
 * read over the whole file first, so pay tells level, not era or place. It is read as the browser import
 * reads a CSV: encoding (UTF-8, UTF-16 or Windows-1252) and delimiter (comma, semicolon, tab or bar)
 * detected, and the same size limits. The output, on stdout, is a CSV with one row per input row:
 * title,usSoc2018,ukSoc2020,category,subcategory,confidence,reviewRequired,reason,source
 * The reference is seeds/reference-v1.json unless --reference names another document.
 */

export const OUTPUT_COLUMNS = ['title', 'usSoc2018', 'ukSoc2020', 'category', 'subcategory', 'confidence', 'reviewRequired', 'reason', 'source'] as const;

/** The currencies whose pay tables the coder reads salaries against. */
export const CURRENCIES = ['GBP', 'USD'] as const;
export type Currency = (typeof CURRENCIES)[number];

/**
 * One CSV field: quoted when it holds a comma, quote or line break (quotes doubled), and prefixed with an
 * apostrophe when a spreadsheet would read it as a formula.
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export class CsvInputError extends Error {}

const TITLE_HEADINGS = new Set(['title', 'job title']);
/** The context columns read when present, by their normalised heading. */
const CONTEXT_HEADINGS: Record<'division' | 'organisation' | 'grade' | 'group', readonly string[]> = {
  division: ['division'],
  organisation: ['organisation', 'organization'],
  grade: ['grade'],
  group: ['group'],
};

/**
 * Classifies every row of a CSV text in its context and returns the output CSV text. `currency` is that of
 * the salary column (GBP by default); without one, pay is not read.
 */
export function classifyCsv(input: string, compiled: CompiledReference, currency: Currency = 'GBP'): string {
  const [header = [], ...rows] = parseCsv(input).rows;
  const headings = header.map(normaliseHeading);
  const titleColumn = headings.findIndex((h) => TITLE_HEADINGS.has(h));
  if (titleColumn < 0) throw new CsvInputError('the CSV has no "title" or "job title" column');
  const column = (names: readonly string[]) => headings.findIndex((h) => names.includes(h));
  const contextColumns = Object.entries(CONTEXT_HEADINGS).map(([kind, names]) => [kind, column(names)] as const).filter(([, c]) => c >= 0);
  const salaryColumn = column(['salary']);

  const people = rows
    .filter((row) => row.length > 0)
    .map((row) => {
      const context: RowContext = Object.fromEntries(contextColumns.map(([kind, c]) => [kind, row[c] || null]));
      context.salary = salaryColumn >= 0 ? parseSalary(row[salaryColumn] ?? '') : null;
      return { title: row[titleColumn] ?? '', context };
    });
  const structure = listStructure(people.map((p) => ({ title: p.title, ...p.context })));
  const list: ListContext =
    salaryColumn >= 0
      ? { currency, payScale: listPayScale(compiled, people.map((p) => ({ title: p.title, salary: p.context.salary ?? null })), currency), ...structure }
      : { currency: null, payScale: 1, ...structure };

  const threshold = compiled.data.classification.reviewThreshold;
  const lines = [OUTPUT_COLUMNS.join(',')];
  const seen = new Map<string, string>();
  for (const { title, context } of people) {
    const key = JSON.stringify([title, context]);
    let line = seen.get(key);
    if (line === undefined) {
      const c = classifyInContext(compiled, title, context, list);
      line = [title, c.usSoc2018 ?? '', c.ukSoc2020 ?? '', c.category, c.subcategory, String(c.confidence), String(c.confidence < threshold), c.reason ?? '', c.source]
        .map(csvField)
        .join(',');
      seen.set(key, line);
    }
    lines.push(line);
  }
  return `${lines.join('\n')}\n`;
}

/** Reads, validates and compiles a reference document; throws with the first errors when it is not valid. */
export function loadReference(file: string): CompiledReference {
  const validation = validateReferenceData(JSON.parse(readFileSync(file, 'utf8')));
  if (!validation.ok || !validation.data) {
    const errors = validation.issues.filter((i) => i.severity === 'error').slice(0, 3);
    throw new Error(`${file} is not a valid reference: ${errors.map((i) => `${i.path}: ${i.message}`).join('; ')}`);
  }
  return compileReference(validation.data);
}

const USAGE = 'usage: npm run classify-titles -- <file.csv> [--currency GBP|USD] [--reference <reference.json>]\n';

function main(argv: string[]): number {
  const option = (name: string) => {
    const at = argv.indexOf(name);
    return { at, value: at >= 0 ? argv[at + 1] : undefined };
  };
  const reference = option('--reference');
  const currency = option('--currency');
  const optionValues = new Set([reference.at, currency.at].filter((at) => at >= 0).map((at) => at + 1));
  const inputs = argv.filter((a, i) => !a.startsWith('--') && !optionValues.has(i));
  const badCurrency = currency.at >= 0 && !(CURRENCIES as readonly string[]).includes(currency.value ?? '');
  if (inputs.length !== 1 || (reference.at >= 0 && !reference.value) || badCurrency) {
    process.stderr.write(USAGE);
    return 2;
  }
  const referenceFile = reference.value;
  const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  try {
    const compiled = loadReference(resolve(referenceFile ?? resolve(repoRoot, 'seeds/reference-v1.json')));
    process.stdout.write(classifyCsv(decodeText(readFileSync(resolve(inputs[0]))).text, compiled, (currency.value as Currency | undefined) ?? 'GBP'));
    return 0;
  } catch (err) {
    process.stderr.write(`classify-titles: ${(err as Error).message}\n`);
    return 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  process.exitCode = main(process.argv.slice(2));
}
