import type { Engagement, Member, MyEngagement } from '../../../schema/api/engagements.ts';
import type { EngagementRole } from '../../../schema/roles.ts';
import type { Engagement as EngagementRecord } from '../../repositories/engagementsRepository.ts';
import type { Member as MemberRecord } from '../../repositories/membersRepository.ts';

/** The engagement as the API shows it (schema/api/engagements.ts); the wrapped data key itself never leaves the server. */
export function presentEngagement(engagement: EngagementRecord): Engagement;
export function presentEngagement(engagement: EngagementRecord, caller: { role: EngagementRole; piiAccess: boolean }): MyEngagement;
export function presentEngagement(engagement: EngagementRecord, caller?: { role: EngagementRole; piiAccess: boolean }): Engagement | MyEngagement {
  const { hasDataKey, ...fields } = engagement;
  return { ...fields, identityStorage: hasDataKey, ...(caller && { role: caller.role, piiAccess: caller.piiAccess }) };
}

export const presentMember = (m: MemberRecord): Member => ({ userId: m.userId, email: m.email, name: m.name, active: m.active, role: m.role, piiAccess: m.piiAccess });
