import { z } from 'zod';

// What the override routes answer. The scope's kinds are workers/classify/variants.ts's SCOPE_KINDS, said again
// here because schema/ sits under workers/; the server's presenter returns this type from the stored override,
// so the compiler holds the two lists together.

export const overrideScope = z
  .object({ kind: z.enum(['division', 'organisation', 'grade', 'group']), values: z.array(z.string()) })
  .meta({ id: 'OverrideScope', description: 'The rows an override applies to: those whose context of one kind holds one of the values.' });
export type OverrideScope = z.infer<typeof overrideScope>;

export const override = z
  .object({
    normalisedTitle: z.string(),
    title: z.string(),
    usSoc2018: z.string(),
    ukSoc2020: z.string(),
    category: z.string(),
    subcategory: z.string(),
    /** null for the title everywhere. */
    scope: overrideScope.nullable(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Override' });
export type Override = z.infer<typeof override>;

export const overridesReply = z.object({ overrides: z.array(override) });
export type OverridesReply = z.infer<typeof overridesReply>;
/** PUT: the override as stored, and how many of the engagement's datasets were rescored. */
export const setOverrideReply = z.object({ override, datasets: z.number().int().min(0) });
export type SetOverrideReply = z.infer<typeof setOverrideReply>;
/** DELETE: how many datasets were re-resolved. */
export const removeOverrideReply = z.object({ datasets: z.number().int().min(0) });
export type RemoveOverrideReply = z.infer<typeof removeOverrideReply>;
