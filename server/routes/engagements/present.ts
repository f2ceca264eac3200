import type { EngagementRole } from '../../../schema/roles.ts';
import type { Engagement } from '../../repositories/engagementsRepository.ts';
import type { Member } from '../../repositories/membersRepository.ts';

/** The engagement as the API shows it; the wrapped data key itself never leaves the server. */
export function presentEngagement(engagement: Engagement, caller?: { role: EngagementRole; piiAccess: boolean }) {
  const { hasDataKey, ...fields } = engagement;
  return { ...fields, identityStorage: hasDataKey, ...(caller && { role: caller.role, piiAccess: caller.piiAccess }) };
}

export const presentMember = (m: Member) => ({ userId: m.userId, email: m.email, name: m.name, active: m.active, role: m.role, piiAccess: m.piiAccess });
