/**
 * npm run bench:mapping — the import's suggested mapping over staff lists in different heading conventions
 * (bench/mappingLayouts.ts: the real UK organograms and realistic payroll and HR layouts with the right mapping
 * written down). Prints one JSON line per layout (right or not, the fields that differ, the layout recognised)
 * and a last line with how many need no manual change.
 */
import { suggestFromData } from '../workers/import/inference.ts';
import { MAPPED_FIELDS, readingOf, type MappedField } from '../workers/import/mapping.ts';
import { toTable } from '../workers/import/table.ts';
import { mappingCases } from './mappingLayouts.ts';

export interface CaseOutcome {
  name: string;
  right: boolean;
  /** Field → [suggested heading, right heading] where they differ. */
  differences: Record<string, [string | null, string | null]>;
  layout: string | null;
}

export function measureMapping(): CaseOutcome[] {
  return mappingCases().map((c) => {
    const table = toTable(c.rows, 0);
    const suggestion = suggestFromData(table);
    const differences: CaseOutcome['differences'] = {};
    for (const field of MAPPED_FIELDS) {
      if (field === 'email') continue; // a person's own email is never uploaded
      const column = suggestion.mapping.fields[field as MappedField];
      const suggested = column === undefined ? null : table.headers[column]!;
      const right = c.expected[field] ?? null;
      if (suggested !== right) differences[field] = [suggested, right];
    }
    if (c.fte && suggestion.mapping.fields.fte !== undefined && readingOf(suggestion.mapping).fte !== c.fte) {
      differences['fte reading'] = [readingOf(suggestion.mapping).fte, c.fte];
    }
    return { name: c.name, right: Object.keys(differences).length === 0, differences, layout: suggestion.layout?.name ?? null };
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const outcomes = measureMapping();
  for (const o of outcomes) console.log(JSON.stringify(o));
  const right = outcomes.filter((o) => o.right).length;
  console.log(JSON.stringify({ layouts: outcomes.length, noManualChange: right, target: `${outcomes.length - 1} of ${outcomes.length}` }));
}
