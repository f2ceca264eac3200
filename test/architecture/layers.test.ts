import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The layers import downwards only: schema/ (shared shapes) under workers/ (pure compute) under server/ and
// client/; seeds/ (built-in content) use the shapes, never the server's data access. Tests may reach across
// (a worker test can read a client fixture), so only the code the product runs is held to it.

const root = normalize(join(dirname(fileURLToPath(import.meta.url)), '..', '..'));

const FORBIDDEN: Record<string, string[]> = {
  schema: ['workers', 'server', 'client'],
  workers: ['server', 'client'],
  server: ['client'],
  seeds: ['server/repositories'],
};

// Static, re-exported and dynamic imports, and worker URLs: every way a module names another.
const SPECIFIER = /(?:\bfrom|\bimport|\bexport\s+\*)\s*\(?\s*['"](\.{1,2}\/[^'"\n]+)['"]|new\s+URL\(\s*['"](\.{1,2}\/[^'"\n]+)['"]/g;

const isTest = (path: string) => /\.test\.ts$/.test(path) || /(^|\/)test\//.test(path);

function sourceFiles(folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
    .map((entry) => join(folder, entry).replaceAll('\\', '/'))
    .filter((path) => path.endsWith('.ts') && !isTest(path));
}

/** Each relative import of the layer's code, as "importer -> imported" paths from the repository root. */
function crossings(layer: string): string[] {
  const found: string[] = [];
  for (const file of sourceFiles(layer)) {
    for (const match of readFileSync(join(root, file), 'utf8').matchAll(SPECIFIER)) {
      const target = relative(root, join(root, dirname(file), match[1] ?? match[2])).replaceAll('\\', '/');
      if (FORBIDDEN[layer].some((below) => target === below || target.startsWith(`${below}/`))) found.push(`${file} -> ${target}`);
    }
  }
  return found;
}

describe('imports point down the layers', () => {
  for (const [layer, above] of Object.entries(FORBIDDEN)) {
    it(`${layer}/ imports nothing from ${above.join(', ')}`, () => {
      expect(crossings(layer)).toEqual([]);
    });
  }

  it('sees an import that points up', () => {
    // The checker reads the files as they are; this guards the pattern itself against missing an import form.
    const sample = `import { a } from '../server/x.ts';\nexport * from '../client/y.ts';\nconst w = new URL('../client/z.ts', import.meta.url);`;
    expect([...sample.matchAll(SPECIFIER)].map((m) => m[1] ?? m[2])).toEqual(['../server/x.ts', '../client/y.ts', '../client/z.ts']);
  });
});

describe('the client has no import circles', () => {
  it('finds no module of client/ that imports itself through others', () => {
    const graph = new Map<string, string[]>();
    for (const file of sourceFiles('client')) {
      const targets = [...readFileSync(join(root, file), 'utf8').matchAll(SPECIFIER)]
        .map((m) => relative(root, join(root, dirname(file), m[1] ?? m[2])).replaceAll('\\', '/'))
        .filter((target) => target.startsWith('client/'));
      graph.set(file, targets);
    }
    const circles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const visit = (file: string, path: string[]) => {
      if (state.get(file) === 'done') return;
      if (state.get(file) === 'open') {
        circles.push([...path.slice(path.indexOf(file)), file].join(' -> '));
        return;
      }
      state.set(file, 'open');
      for (const next of graph.get(file) ?? []) visit(next, [...path, file]);
      state.set(file, 'done');
    };
    for (const file of graph.keys()) visit(file, []);
    expect(circles).toEqual([]);
  });
});
