import { randomUUID } from 'node:crypto';
import type { ReportNotes } from '../../schema/reportNotes.ts';
import { normaliseText } from '../../schema/text.ts';
import { newWrappedDataKey } from '../crypto/dataKeys.ts';
import { HttpError, notFound } from '../http/httpError.ts';
import { findClient } from '../repositories/clientsRepository.ts';
import {
  deleteEngagement as removeEngagement,
  findEngagement,
  insertEngagement,
  listEngagementsOfUser,
  updateEngagement as writeEngagement,
  type Engagement,
  type EngagementPatch,
} from '../repositories/engagementsRepository.ts';
import { insertMember, listMembers } from '../repositories/membersRepository.ts';
import { recordAudit, type AuditDetails } from './audit.ts';
import { requireLead, requireMember, requireStatus, requireAdmin } from './access.ts';
import type { ServiceContext } from './context.ts';
import { purgeEngagement as purge } from './purge.ts';
import { compiledReference, currentReference } from './reference.ts';
import { rescoreDataset } from './rescore.ts';
import { listDatasetsWithStatus } from '../repositories/datasetsRepository.ts';

export interface EngagementInput {
  name: string;
  clientId?: string | null;
  pack: string;
  region?: string | null;
  shareClassificationCache: boolean;
  benchmarkParticipation: boolean;
  retentionDays: number;
}

/** Engagements the caller is staffed on, with their role and PII flag (administrators included: staffing, not rank). */
export function listMyEngagements(ctx: ServiceContext) {
  return listEngagementsOfUser(ctx.tx, ctx.actor.id);
}

async function assertUsableClient(ctx: ServiceContext, clientId: string | null | undefined): Promise<void> {
  if (!clientId) return;
  const client = await findClient(ctx.tx, clientId);
  if (!client) throw new HttpError(400, 'bad_request', 'No client has that id.');
  if (client.archived) throw new HttpError(400, 'bad_request', 'That client is archived; restore it before starting an engagement.');
}

/** Pack and region ids must exist in the live reference version. */
async function assertKnownPackAndRegion(ctx: ServiceContext, pack: string | undefined, region: string | null | undefined): Promise<void> {
  if (pack === undefined && (region === undefined || region === null)) return;
  const reference = await compiledReference(ctx.tx, (await currentReference(ctx.tx)).version);
  if (pack !== undefined && !reference.pack(pack)) {
    throw new HttpError(400, 'bad_request', `Unknown industry pack "${pack}"; choose one of ${reference.data.packs.map((p) => p.id).join(', ')}.`);
  }
  if (region !== undefined && region !== null && !reference.data.locations.regions.some((r) => r.key === region)) {
    throw new HttpError(400, 'bad_request', `Unknown region "${region}".`);
  }
}

/** The creator becomes lead with PII access; a data key is created when a master secret is configured. */
export async function createEngagement(ctx: ServiceContext, input: EngagementInput, masterKey: Buffer | null): Promise<Engagement> {
  await assertUsableClient(ctx, input.clientId);
  await assertKnownPackAndRegion(ctx, input.pack, input.region);
  const id = randomUUID();
  await insertEngagement(ctx.tx, {
    id,
    clientId: input.clientId ?? null,
    name: input.name,
    pack: input.pack,
    region: input.region ?? null,
    shareClassificationCache: input.shareClassificationCache,
    benchmarkParticipation: input.benchmarkParticipation,
    retentionDays: input.retentionDays,
    dekWrapped: masterKey ? newWrappedDataKey(masterKey, id) : null,
    createdBy: ctx.actor.id,
  });
  await insertMember(ctx.tx, id, ctx.actor.id, { role: 'lead', piiAccess: true });
  await recordAudit(ctx.tx, {
    actor: ctx.actor.id,
    action: 'engagement_created',
    engagementId: id,
    details: { pack: input.pack, region: input.region ?? null, clientId: input.clientId ?? null, identityKey: masterKey !== null },
  });
  await recordAudit(ctx.tx, { actor: ctx.actor.id, action: 'member_added', engagementId: id, details: { userId: ctx.actor.id, role: 'lead', piiAccess: true } });
  return (await findEngagement(ctx.tx, id))!;
}

export async function getEngagement(ctx: ServiceContext, engagementId: string) {
  const { engagement, membership } = await requireMember(ctx, engagementId);
  return { engagement, membership, members: await listMembers(ctx.tx, engagementId) };
}

/** What a lead may change; the rest of EngagementPatch belongs to lifecycle operations. */
export type EngagementChanges = Pick<EngagementPatch, 'name' | 'pack' | 'region' | 'shareClassificationCache' | 'benchmarkParticipation' | 'retentionDays' | 'reportNotes'>;

/** Empty notes (no text anywhere, no swaps) are stored as null: "null or empty notes clear it". */
function isEmptyNotes(notes: ReportNotes | null): boolean {
  if (notes === null) return true;
  const hasSection = Object.values(notes.sections).some((text) => text.trim() !== '');
  return !hasSection && !(notes.valueConcentration ?? '').trim() && notes.terms.length === 0;
}

/** Only fields sent change. Report notes need an active engagement; the audit never holds their text. */
export async function updateEngagement(ctx: ServiceContext, engagementId: string, changes: EngagementChanges): Promise<Engagement> {
  const { engagement } = await requireLead(ctx, engagementId, { forUpdate: true });
  requireStatus(engagement, ['active', 'closed'], 'changing it');
  await assertKnownPackAndRegion(ctx, changes.pack, changes.region);
  const patch: EngagementPatch = { ...changes };
  const details: AuditDetails = { fields: Object.keys(changes) };
  if (changes.reportNotes !== undefined) {
    requireStatus(engagement, ['active'], 'changing report notes');
    const cleared = isEmptyNotes(changes.reportNotes);
    patch.reportNotes = cleared ? null : changes.reportNotes;
    details.reportNotes = cleared ? 'cleared' : 'updated';
  }
  if (changes.pack !== undefined) details.pack = changes.pack;
  if (changes.region !== undefined) details.region = changes.region;
  if (changes.retentionDays !== undefined) details.retentionDays = changes.retentionDays;
  if (changes.shareClassificationCache !== undefined) details.shareClassificationCache = changes.shareClassificationCache;
  if (changes.benchmarkParticipation !== undefined) details.benchmarkParticipation = changes.benchmarkParticipation;
  await writeEngagement(ctx.tx, engagementId, patch);
  await recordAudit(ctx.tx, { actor: ctx.actor.id, action: 'engagement_updated', engagementId, details });
  const updated = (await findEngagement(ctx.tx, engagementId))!;
  // A new pack brings its own overlay rules, value chain and Copilot fit: every ready dataset is rescored on its pinned version.
  if (changes.pack !== undefined && changes.pack !== engagement.pack) {
    for (const dataset of await listDatasetsWithStatus(ctx.tx, engagementId, 'ready')) {
      await rescoreDataset(ctx, dataset, updated, dataset.referenceVersion);
    }
  }
  return updated;
}

export async function closeEngagement(ctx: ServiceContext, engagementId: string): Promise<Engagement> {
  const { engagement } = await requireLead(ctx, engagementId, { forUpdate: true });
  requireStatus(engagement, ['active'], 'closing');
  await writeEngagement(ctx.tx, engagementId, { status: 'closed', closedAt: new Date().toISOString() });
  await recordAudit(ctx.tx, { actor: ctx.actor.id, action: 'engagement_closed', engagementId, details: { retentionDays: engagement.retentionDays } });
  return (await findEngagement(ctx.tx, engagementId))!;
}

export async function reopenEngagement(ctx: ServiceContext, engagementId: string): Promise<Engagement> {
  const { engagement } = await requireLead(ctx, engagementId, { forUpdate: true });
  requireStatus(engagement, ['closed'], 'reopening');
  await writeEngagement(ctx.tx, engagementId, { status: 'active', closedAt: null });
  await recordAudit(ctx.tx, { actor: ctx.actor.id, action: 'engagement_reopened', engagementId });
  return (await findEngagement(ctx.tx, engagementId))!;
}

/** A lead purges a closed engagement at once by typing its name. */
export async function purgeEngagementNow(ctx: ServiceContext, engagementId: string, confirm: string): Promise<Engagement> {
  const { engagement } = await requireLead(ctx, engagementId, { forUpdate: true });
  requireStatus(engagement, ['closed'], 'purging');
  if (confirm !== normaliseText(engagement.name)) {
    throw new HttpError(400, 'bad_request', "To purge, type the engagement's name exactly as it is shown.");
  }
  await purge(ctx.tx, engagementId, ctx.actor.id, 'manual');
  return (await findEngagement(ctx.tx, engagementId))!;
}

/** Administrators delete an engagement outright; its audit rows stay. */
export async function deleteEngagement(ctx: ServiceContext, engagementId: string): Promise<void> {
  requireAdmin(ctx.actor, 'delete an engagement');
  const engagement = await findEngagement(ctx.tx, engagementId);
  if (!engagement) throw notFound('Engagement');
  await removeEngagement(ctx.tx, engagementId);
  await recordAudit(ctx.tx, { actor: ctx.actor.id, action: 'engagement_deleted', engagementId, details: { status: engagement.status } });
}
