import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { classifyByRules } from '../workers/classify/classify.ts';
import { compileReference, type CompiledReference } from '../workers/reference/compile.ts';
import { validateReferenceData } from '../workers/reference/validate.ts';
import { parseCsv } from '../workers/import/csv.ts';
import { decodeText } from '../workers/import/encoding.ts';
import { normaliseHeading } from '../workers/import/mapping.ts';

/**
 * npm run classify-titles -- <file.csv> [--reference <reference.json>]
 *
 * Codes job titles in bulk with the rule classifier, without the server. The input is a CSV with a
 * `title` or `job title` column (any letter case) and optionally a `division` column, which
 * division-restricted rules read. It is read as the browser import reads a CSV: encoding (UTF-8, UTF-16
 * or Windows-1252) and delimiter (comma, semicolon, tab or bar) detected, and the same size limits.
 * The output, on stdout, is a CSV with one row per input row:
 * title,usSoc2018,ukSoc2020,category,subcategory,confidence,source
 * The reference is seeds/reference-v1.json unless --reference names another document.
 */

export const OUTPUT_COLUMNS = ['title', 'usSoc2018', 'ukSoc2020', 'category', 'subcategory', 'confidence', 'source'] as const;

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

/** Classifies every row of a CSV text and returns the output CSV text. */
export function classifyCsv(input: string, compiled: CompiledReference): string {
  const [header = [], ...rows] = parseCsv(input).rows;
  const titleColumn = header.findIndex((cell) => TITLE_HEADINGS.has(normaliseHeading(cell)));
  if (titleColumn < 0) throw new CsvInputError('the CSV has no "title" or "job title" column');
  const divisionColumn = header.findIndex((cell) => normaliseHeading(cell) === 'division');

  const lines = [OUTPUT_COLUMNS.join(',')];
  const seen = new Map<string, string>();
  for (const row of rows) {
    if (row.length === 0) continue;
    const title = row[titleColumn] ?? '';
    const division = divisionColumn >= 0 ? row[divisionColumn] || null : null;
    const key = `${division ?? ''}\u0000${title}`;
    let line = seen.get(key);
    if (line === undefined) {
      const c = classifyByRules(compiled, title, division);
      line = [title, c.usSoc2018 ?? '', c.ukSoc2020 ?? '', c.category, c.subcategory, String(c.confidence), c.source].map(csvField).join(',');
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

function main(argv: string[]): number {
  const referenceAt = argv.indexOf('--reference');
  const referenceFile = referenceAt >= 0 ? argv[referenceAt + 1] : undefined;
  const inputs = argv.filter((a, i) => !a.startsWith('--') && (referenceAt < 0 || i !== referenceAt + 1));
  if (inputs.length !== 1 || (referenceAt >= 0 && !referenceFile)) {
    process.stderr.write('usage: npm run classify-titles -- <file.csv> [--reference <reference.json>]\n');
    return 2;
  }
  const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  try {
    const compiled = loadReference(resolve(referenceFile ?? resolve(repoRoot, 'seeds/reference-v1.json')));
    process.stdout.write(classifyCsv(decodeText(readFileSync(resolve(inputs[0]))).text, compiled));
    return 0;
  } catch (err) {
    process.stderr.write(`classify-titles: ${(err as Error).message}\n`);
    return 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  process.exitCode = main(process.argv.slice(2));
}
