import { randomUUID } from 'node:crypto';
import { conflict, notFound } from '../http/httpError.ts';
import {
  findUserByEmail,
  findUserById,
  insertUser,
  listUsers as selectUsers,
  lockActiveAdminIds,
  updateUser as writeUser,
  type User,
} from '../repositories/usersRepository.ts';
import type { PlatformRole } from '../../schema/roles.ts';
import { recordAudit } from './audit.ts';
import { requireAdmin } from './access.ts';
import type { ServiceContext } from './context.ts';

/** Everyone sees active users (to staff engagements); administrators also see deactivated ones. */
export function listUsers(ctx: ServiceContext): Promise<User[]> {
  return selectUsers(ctx.tx, ctx.actor.role === 'admin');
}

export async function createUser(ctx: ServiceContext, input: { email: string; name: string; role: PlatformRole }): Promise<User> {
  requireAdmin(ctx.actor, 'manage users');
  if (await findUserByEmail(ctx.tx, input.email)) throw conflict('A user with that email already exists.');
  const user = await insertUser(ctx.tx, { id: randomUUID(), ...input });
  await recordAudit(ctx.tx, { actor: ctx.actor.id, action: 'user_created', details: { userId: user.id, role: user.role } });
  return user;
}

export async function updateUser(
  ctx: ServiceContext,
  userId: string,
  patch: { name?: string; role?: PlatformRole; active?: boolean },
): Promise<User> {
  requireAdmin(ctx.actor, 'manage users');
  const target = await findUserById(ctx.tx, userId);
  if (!target) throw notFound('User');
  const losesAdmin = target.role === 'admin' && target.active && (patch.role === 'user' || patch.active === false);
  if (losesAdmin) {
    const admins = await lockActiveAdminIds(ctx.tx, ctx.dialect);
    if (admins.length <= 1) throw conflict('This is the last active administrator; make someone else an administrator first.');
  }
  await writeUser(ctx.tx, userId, patch);
  const changed = (['name', 'role', 'active'] as const).filter((field) => patch[field] !== undefined);
  await recordAudit(ctx.tx, {
    actor: ctx.actor.id,
    action: 'user_updated',
    details: { userId, fields: [...changed], ...(patch.role !== undefined && { role: patch.role }), ...(patch.active !== undefined && { active: patch.active }) },
  });
  return (await findUserById(ctx.tx, userId))!;
}
