import type { Role } from '../../schema/reference/index.ts';
import type { CompiledReference } from '../reference/compile.ts';

/**
 * The role for a US and UK code a reviewer chose (an override sent without a role): the role that holds
 * both codes, so a title corrected to a role's own pair takes that role; else the first role anchored on
 * the US code, whose exposure the US code sets; else Other / Uncategorised.
 */
export function roleForChosenCodes(compiled: CompiledReference, usSoc2018: string, ukSoc2020: string): Role {
  return (
    compiled.data.taxonomy.roles.find((role) => role.anchor?.usSoc2018 === usSoc2018 && role.ukSoc2020 === ukSoc2020) ??
    compiled.roleByAnchor(usSoc2018) ??
    compiled.otherRole
  );
}
