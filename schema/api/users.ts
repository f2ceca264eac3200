import { z } from 'zod';
import { platformRole } from '../roles.ts';

// What the users, clients and platform-figures routes answer (see schema/api/engagements.ts for why here).

/** A user as the API shows one (spec: name, email, role, active). */
export const user = z
  .object({ id: z.uuid(), email: z.string(), name: z.string(), role: platformRole, active: z.boolean() })
  .meta({ id: 'User' });
export type User = z.infer<typeof user>;

export const usersReply = z.object({ users: z.array(user) });
export const userReply = z.object({ user });

/** A client organisation; its brand (logo, colours) is fetched on its own. */
export const client = z
  .object({
    id: z.uuid(),
    name: z.string(),
    sector: z.string().nullable(),
    notes: z.string().nullable(),
    archived: z.boolean(),
    createdBy: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
    hasBrand: z.boolean(),
  })
  .meta({ id: 'Client' });
export type Client = z.infer<typeof client>;

export const clientsReply = z.object({ clients: z.array(client) });
export const clientReply = z.object({ client });

export const platformStats = z
  .object({ engagements: z.number(), datasets: z.number(), peopleAnalysed: z.number(), cacheEntries: z.number(), verifiedEntries: z.number() })
  .meta({ id: 'PlatformStats' });
export type PlatformStats = z.infer<typeof platformStats>;
export const platformStatsReply = z.object({ stats: platformStats });
