import { HttpError, notFound } from '../http/httpError.ts';
import type { EngagementRole } from '../../schema/roles.ts';
import { deleteMember, findMembership, insertMember, listMembers, lockLeadIds, updateMember } from '../repositories/membersRepository.ts';
import { findUserByEmail } from '../repositories/usersRepository.ts';
import { recordAudit } from './audit.ts';
import { requireLead, requireMember, requireStatus } from './access.ts';
import type { ServiceContext } from './context.ts';

export async function listEngagementMembers(ctx: ServiceContext, engagementId: string) {
  await requireMember(ctx, engagementId);
  return listMembers(ctx.tx, engagementId);
}

const lastLead = () => new HttpError(409, 'conflict', 'An engagement always keeps at least one lead; make someone else lead first.');

/**
 * Adds or updates a member. Nobody, administrators included, may switch on their own PII access;
 * keeping or dropping access already held is allowed. The last lead cannot stop being lead.
 */
export async function putMember(ctx: ServiceContext, engagementId: string, input: { email: string; role: EngagementRole; piiAccess: boolean }) {
  const { engagement } = await requireLead(ctx, engagementId);
  requireStatus(engagement, ['active', 'closed'], 'changing its members');
  const user = await findUserByEmail(ctx.tx, input.email);
  if (!user) throw new HttpError(404, 'not_found', 'No provisioned user has that email; an administrator must add them first.');
  if (!user.active) throw new HttpError(400, 'bad_request', 'That user is deactivated and cannot join an engagement.');
  const existing = await findMembership(ctx.tx, engagementId, user.id);
  const turnsOnPii = input.piiAccess && !existing?.piiAccess;
  if (turnsOnPii && user.id === ctx.actor.id) {
    throw new HttpError(403, 'forbidden', 'You cannot switch on your own PII access; another lead must grant it.');
  }
  if (existing?.role === 'lead' && input.role !== 'lead') {
    const leads = await lockLeadIds(ctx.tx, ctx.dialect, engagementId);
    if (leads.length <= 1) throw lastLead();
  }
  const membership = { role: input.role, piiAccess: input.piiAccess };
  if (existing) await updateMember(ctx.tx, engagementId, user.id, membership);
  else await insertMember(ctx.tx, engagementId, user.id, membership);
  await recordAudit(ctx.tx, {
    actor: ctx.actor.id,
    action: existing ? 'member_updated' : 'member_added',
    engagementId,
    details: { userId: user.id, role: input.role, piiAccess: input.piiAccess, ...(existing && { previousRole: existing.role, previousPiiAccess: existing.piiAccess }) },
  });
  return { member: (await listMembers(ctx.tx, engagementId)).find((m) => m.userId === user.id)!, created: !existing };
}

export async function removeMember(ctx: ServiceContext, engagementId: string, userId: string): Promise<void> {
  await requireLead(ctx, engagementId);
  const existing = await findMembership(ctx.tx, engagementId, userId);
  if (!existing) throw notFound('Member');
  if (existing.role === 'lead') {
    const leads = await lockLeadIds(ctx.tx, ctx.dialect, engagementId);
    if (leads.length <= 1) throw lastLead();
  }
  await deleteMember(ctx.tx, engagementId, userId);
  await recordAudit(ctx.tx, { actor: ctx.actor.id, action: 'member_removed', engagementId, details: { userId, role: existing.role } });
}
