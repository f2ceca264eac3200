import { z } from 'zod';

// The two kinds of role, as the specification names them. One place: the database's checks, the server's
// rules, the seeds and the browser's choices all read them here.

/** A user's role on the platform: administrators run the platform; everyone else is a user. */
export const PLATFORM_ROLES = ['admin', 'user'] as const;
export const platformRole = z.enum(PLATFORM_ROLES);
export type PlatformRole = z.infer<typeof platformRole>;

/** A member's role in one engagement. */
export const ENGAGEMENT_ROLES = ['lead', 'analyst', 'viewer'] as const;
export const engagementRole = z.enum(ENGAGEMENT_ROLES);
export type EngagementRole = z.infer<typeof engagementRole>;
