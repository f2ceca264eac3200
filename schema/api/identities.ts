import { z } from 'zod';

// What the identities routes answer. The browser shows these on the page and never keeps them (IndexedDB).

export const revealedIdentity = z
  .object({ employeeId: z.string(), name: z.string().nullable(), email: z.string().nullable() })
  .meta({ id: 'RevealedIdentity' });
export type RevealedIdentity = z.infer<typeof revealedIdentity>;

export const revealReply = z.object({
  people: z.array(revealedIdentity),
  /** Stored names or emails that did not decrypt (damaged, or moved from another row). */
  unreadable: z.number().int().min(0),
});
export type RevealReply = z.infer<typeof revealReply>;

export const matchReply = z.object({
  /** Indexes into the emails sent, with the employee IDs holding each; the emails are never echoed. */
  matches: z.array(z.object({ index: z.number().int().min(0), employeeIds: z.array(z.string()) })),
  matched: z.number().int().min(0),
  people: z.number().int().min(0),
  total: z.number().int().min(0),
});
export type MatchReply = z.infer<typeof matchReply>;
