// Runs axe-core (loaded from its browser build, which defines window.axe) over an element and its shadow
// roots, keeping to the WCAG 2.1 A and AA rules. Returns one line per violation, so a test can expect [].
import type { AxeResults, ElementContext, RunOptions } from 'axe-core';

interface Axe {
  run(context: ElementContext, options: RunOptions): Promise<AxeResults>;
}

export async function axeViolations(context: Element): Promise<string[]> {
  await import('/node_modules/axe-core/axe.min.js' as string);
  const axe = (window as unknown as { axe: Axe }).axe;
  const results = await axe.run(context, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    resultTypes: ['violations'],
  });
  return results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => JSON.stringify(n.target)).join('; ')})`);
}
