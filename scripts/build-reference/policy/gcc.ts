import type { ReferenceData, Role } from '../../../schema/reference/index.ts';
import { realRoles, type PolicyContext } from './context.ts';

/**
 * gcc (offshoring to a global capability centre, scoring.md §5).
 * - Migratable: business and financial operations (13) and computer and mathematical (15) as whole major
 *   groups, plus role types whose work is done at a screen: office and administrative support roles (43)
 *   other than those tied to a counter, a post room or a warehouse, and named remote-deliverable roles.
 * - Bands follow the exposure horizons: a migratable role on the "later" horizon (AI will not take much of
 *   its work soon) is an offshore candidate, one on the "now" horizon is automated in place, and one on the
 *   "near" horizon is hybrid. The offshore cost factor is an assumption (docs/reference-assumptions.md).
 */

export const MIGRATABLE_MAJORS = ['13', '15'];

/** Office support work that needs a physical presence: tellers, receptionists, material and mail handling. */
const PRESENCE_BOUND = (code: string) => code.startsWith('43-5') || code === '43-3071' || code === '43-4171' || code === '43-9071';

/** Screen-based occupations outside 13, 15 and 43 that capability centres commonly run. */
const REMOTE_DELIVERABLE = new Set([
  '23-2011', // Paralegals and legal assistants
  '23-2093', // Title examiners, abstractors and searchers
  '27-1024', // Graphic designers
  '27-3042', // Technical writers
  '27-3091', // Interpreters and translators
  '17-3011', // Architectural and civil drafters
  '17-3012', // Electrical and electronics drafters
  '17-3013', // Mechanical drafters
  '19-3022', // Survey researchers
  '29-2072', // Medical records specialists
  '31-9094', // Medical transcriptionists
  '41-9041', // Telemarketers
]);

export function isMigratableRole(role: Role): boolean {
  const code = role.anchor?.usSoc2018;
  if (!code) return false;
  if (MIGRATABLE_MAJORS.includes(code.slice(0, 2))) return false; // covered by the major group
  if (code.startsWith('43-')) return !PRESENCE_BOUND(code);
  return REMOTE_DELIVERABLE.has(code);
}

export function buildGcc(ctx: PolicyContext, exposure: ReferenceData['exposure']): ReferenceData['gcc'] {
  const subcategories = [...new Set(realRoles(ctx.taxonomy).filter(isMigratableRole).map((r) => r.subcategory))];
  return {
    offshoreBelow: exposure.horizonNearFrom,
    onshoreFrom: exposure.horizonNowFrom,
    defaultOffshoreFactor: 0.35,
    migratableSocMajors: MIGRATABLE_MAJORS,
    migratableSubcategories: subcategories.sort(),
  };
}
