import type { Tx } from '../db/connection.ts';
import { HttpError } from '../http/httpError.ts';
import { hashSessionToken, newSessionToken } from '../auth/devSessions.ts';
import { deleteDevSession, deleteExpiredDevSessions, insertDevSession } from '../repositories/devSessionsRepository.ts';
import { findUserByEmail, listUsers, type User } from '../repositories/usersRepository.ts';

/** Users the development sign-in page offers: every active provisioned user. */
export function signInChoices(tx: Tx): Promise<User[]> {
  return listUsers(tx, false);
}

export async function signIn(tx: Tx, email: string, sessionHours: number): Promise<{ user: User; token: string; maxAgeMs: number }> {
  const user = await findUserByEmail(tx, email);
  if (!user) throw new HttpError(403, 'not_provisioned', 'No provisioned user has that email.');
  if (!user.active) throw new HttpError(403, 'deactivated', 'That account has been deactivated.');
  await deleteExpiredDevSessions(tx);
  const token = newSessionToken();
  const maxAgeMs = sessionHours * 3600_000;
  await insertDevSession(tx, hashSessionToken(token), user.id, new Date(Date.now() + maxAgeMs).toISOString());
  return { user, token, maxAgeMs };
}

export function signOut(tx: Tx, token: string): Promise<void> {
  return deleteDevSession(tx, hashSessionToken(token));
}
