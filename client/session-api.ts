// Typed calls for who is signed in and the development sign-in, as the server defines them.
import { api } from './api.ts';

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  role: string;
}

export type Environment = 'development' | 'production';
export type SignInMode = 'development' | 'token';

export interface Session {
  user: SessionUser;
  environment: Environment;
  aiEnabled: boolean;
  signInMode: SignInMode;
}

/** A provisioned, active user offered on the development sign-in page. */
export interface DevUser {
  email: string;
  name: string;
  role: string;
}

/** The signed-in session; rejects with ApiError 401 `unauthenticated` when nobody is signed in. */
export function fetchSession(): Promise<Session> {
  return api.get<Session>('/me');
}

/** Development sign-in only; the deployed runtime answers 404. */
export async function listDevUsers(): Promise<DevUser[]> {
  const body = await api.get<{ users: DevUser[] }>('/dev/users');
  return body.users;
}

/** Sets the session cookie; rejects with 403 `not_provisioned` or `deactivated`. */
export async function devSignIn(email: string): Promise<SessionUser> {
  const body = await api.post<{ user: SessionUser }>('/dev/sign-in', { email });
  return body.user;
}

export function devSignOut(): Promise<void> {
  return api.post<void>('/dev/sign-out');
}
