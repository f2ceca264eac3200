import type { EngagementRole } from '../../schema/roles.ts';
import { forbidden, HttpError, notFound } from '../http/httpError.ts';
import { findEngagement, type Engagement } from '../repositories/engagementsRepository.ts';
import { findMembership, type Membership } from '../repositories/membersRepository.ts';
import type { ServiceContext } from './context.ts';

export interface EngagementAccess {
  engagement: Engagement;
  membership: Membership;
}

const ROLE_NAMES: Record<EngagementRole, string> = { lead: 'leads', analyst: 'analysts', viewer: 'viewers' };

/**
 * The engagement as seen by a member. A non-member gets 404 whatever the engagement's state,
 * so its existence is not revealed; administrators are no exception here.
 */
export async function requireMember(ctx: ServiceContext, engagementId: string, options: { forUpdate?: boolean; roles?: EngagementRole[] } = {}): Promise<EngagementAccess> {
  const membership = await findMembership(ctx.tx, engagementId, ctx.actor.id);
  if (!membership) throw notFound('Engagement');
  // The role is checked before the row lock: Postgres lets only leads lock an engagement row.
  if (options.roles) requireMemberRole(membership, options.roles);
  const engagement = await findEngagement(ctx.tx, engagementId, { forUpdate: options.forUpdate, dialect: ctx.dialect });
  if (!engagement) throw notFound('Engagement');
  return { engagement, membership };
}

/** Platform administration: anyone but an administrator gets 403 forbidden, saying what only administrators can do. */
export function requireAdmin(actor: { role: string }, what: string): void {
  if (actor.role !== 'admin') throw forbidden(`Only administrators can ${what}.`);
}

/** A member whose role is not among those allowed gets 403 forbidden. */
export function requireMemberRole(membership: Membership, roles: EngagementRole[]): void {
  if (!roles.includes(membership.role)) throw forbidden(`Only the engagement's ${roles.map((r) => ROLE_NAMES[r]).join(' and ')} can do that.`);
}

/** A member whose role is not among those allowed gets 403 forbidden; a non-member still gets 404. */
export function requireRole(ctx: ServiceContext, engagementId: string, roles: EngagementRole[], options: { forUpdate?: boolean } = {}): Promise<EngagementAccess> {
  return requireMember(ctx, engagementId, { ...options, roles });
}

export const requireLead = (ctx: ServiceContext, engagementId: string, options: { forUpdate?: boolean } = {}) =>
  requireRole(ctx, engagementId, ['lead'], options);

export function requireStatus(engagement: Engagement, allowed: Engagement['status'][], action: string): void {
  if (!allowed.includes(engagement.status)) {
    throw new HttpError(409, 'conflict', `The engagement is ${engagement.status}; ${action} needs it to be ${allowed.join(' or ')}.`);
  }
}
