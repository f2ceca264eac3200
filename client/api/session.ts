// Typed calls for who is signed in and the development sign-in, as the server defines them.
import { api } from './http.ts';
import { devUsersReply, session, type DevUser, type Session } from '../../schema/api/session.ts';
import { userReply, type User } from '../../schema/api/users.ts';

export type { DevUser, Session };
/** The signed-in user, as every reply that names one shows them. */
export type SessionUser = User;

/** The signed-in session; rejects with ApiError 401 `unauthenticated` when nobody is signed in. */
export function fetchSession(): Promise<Session> {
  return api.get('/me', session);
}

/** Development sign-in only; the deployed runtime answers 404. */
export async function listDevUsers(): Promise<DevUser[]> {
  const body = await api.get('/dev/users', devUsersReply);
  return body.users;
}

/** Sets the session cookie; rejects with 403 `not_provisioned` or `deactivated`. */
export async function devSignIn(email: string): Promise<SessionUser> {
  const body = await api.post('/dev/sign-in', { email }, userReply);
  return body.user;
}

export function devSignOut(): Promise<void> {
  return api.post<void>('/dev/sign-out');
}
