import { z } from 'zod';
import { platformRole } from '../roles.ts';
import { user } from './users.ts';

// What the session and development sign-in routes answer (see schema/api/engagements.ts for why here).

/** Who is signed in, where the server runs, whether AI is on, and how people sign in there. */
export const session = z
  .object({
    user,
    environment: z.enum(['development', 'production', 'test']),
    aiEnabled: z.boolean(),
    signInMode: z.enum(['development', 'token']),
  })
  .meta({ id: 'Session' });
export type Session = z.infer<typeof session>;

/** A provisioned, active user offered on the development sign-in page. */
export const devUser = z.object({ email: z.string(), name: z.string(), role: platformRole }).meta({ id: 'DevUser' });
export type DevUser = z.infer<typeof devUser>;
export const devUsersReply = z.object({ users: z.array(devUser) });
