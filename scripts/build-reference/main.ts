import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { validateReferenceData } from '../../workers/reference/validate.ts';
import { buildReferenceDocument } from './document.ts';

/**
 * npm run build:reference [-- --data <dir>] [--out <file>]
 * Builds seeds/reference-v1.json from shared/data (default ../shared/data from the repository root),
 * validates it, and refuses to write when validation finds an error. Same input, same bytes.
 */

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

function argument(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

const dataDir = resolve(argument('--data') ?? resolve(repoRoot, '../shared/data'));
const outFile = resolve(argument('--out') ?? resolve(repoRoot, 'seeds/reference-v1.json'));

const started = Date.now();
const { document, stats } = buildReferenceDocument(dataDir);
const validation = validateReferenceData(document);
const errors = validation.issues.filter((i) => i.severity === 'error');
const warnings = validation.issues.filter((i) => i.severity === 'warning');
for (const issue of [...errors, ...warnings].slice(0, 40)) console.error(`${issue.severity} ${issue.path}: ${issue.message}`);
if (!validation.ok) {
  console.error(`refusing to write ${outFile}: ${errors.length} validation errors`);
  process.exit(1);
}
const json = `${JSON.stringify(document)}\n`;
mkdirSync(dirname(outFile), { recursive: true });
writeFileSync(outFile, json);
console.log(
  JSON.stringify({
    out: outFile,
    bytes: Buffer.byteLength(json),
    ...stats,
    warnings: warnings.length,
    seconds: (Date.now() - started) / 1000,
  }),
);
