import { z } from 'zod';
import type { ReportNotes } from '../reportNotes.ts';
import { engagementRole } from '../roles.ts';

// What the engagement, member, client and user routes answer, as both sides read it: the server's presenters
// return these types, the OpenAPI document describes the replies with them, the browser checks replies by them.

export const engagementStatus = z.enum(['active', 'closed', 'purged']);
export type EngagementStatus = z.infer<typeof engagementStatus>;

// The wording is the lead's own; the request schema (server/routes/engagements/schema.ts) checks it on the way in.
const reportNotes = z
  .custom<ReportNotes | null>((value) => typeof value === 'object', 'report notes or null')
  .meta({ override: { type: ['object', 'null'], description: 'The report notes as PATCH /engagements/{id} takes them, or null' } });

export const engagement = z
  .object({
    id: z.uuid(),
    clientId: z.uuid().nullable(),
    name: z.string(),
    status: engagementStatus,
    pack: z.string(),
    region: z.string().nullable(),
    shareClassificationCache: z.boolean(),
    benchmarkParticipation: z.boolean(),
    retentionDays: z.number(),
    reportNotes,
    createdBy: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
    closedAt: z.string().nullable(),
    purgedAt: z.string().nullable(),
    /** Whether names and emails can be stored (the engagement holds a data key; the key never leaves the server). */
    identityStorage: z.boolean(),
  })
  .meta({ id: 'Engagement' });
export type Engagement = z.infer<typeof engagement>;

/** The settings a lead changes with PATCH /engagements/:id (the report notes have their own editor). */
export type EngagementSettings = Pick<Engagement, 'name' | 'pack' | 'region' | 'shareClassificationCache' | 'benchmarkParticipation' | 'retentionDays'>;

/** An engagement as its member sees it: with the caller's own role and PII flag on it. */
export const myEngagement = engagement.extend({ role: engagementRole, piiAccess: z.boolean() }).meta({ id: 'MyEngagement' });
export type MyEngagement = z.infer<typeof myEngagement>;

export const member = z
  .object({ userId: z.uuid(), email: z.string(), name: z.string(), active: z.boolean(), role: engagementRole, piiAccess: z.boolean() })
  .meta({ id: 'Member' });
export type Member = z.infer<typeof member>;

export const engagementsReply = z.object({ engagements: z.array(myEngagement) });
export const myEngagementReply = z.object({ engagement: myEngagement });
export const engagementReply = z.object({ engagement });
export const engagementPageReply = z.object({ engagement: myEngagement, members: z.array(member) });
export const membersReply = z.object({ members: z.array(member) });
export const memberReply = z.object({ member });
export type EngagementPage = z.infer<typeof engagementPageReply>;
