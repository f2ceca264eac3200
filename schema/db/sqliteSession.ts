import type SqliteDatabase from 'better-sqlite3';

/**
 * SQLite has no session user, so its triggers (migration 0017) learn who is asking from a function the
 * connection defines: app_current_user_id(), named as Postgres's helper, returns the user a request runs for
 * and NULL for internal jobs and seeding, which the triggers let through as Postgres lets the owner through.
 *
 * Every connection that writes the file must define it first: a statement that fires one of those triggers on a
 * connection without it fails with "no such function: app_current_user_id". The server defines it on its
 * writer (server/db/connection.ts), the database tests on theirs (schema/db/test/connect.ts).
 */
export interface SqliteSession {
  /** The user the running transaction acts for; null outside a request. */
  userId: string | null;
}

export const CURRENT_USER_FUNCTION = 'app_current_user_id';

export function defineSessionUser(file: SqliteDatabase.Database): SqliteSession {
  const session: SqliteSession = { userId: null };
  file.function(CURRENT_USER_FUNCTION, { deterministic: false }, () => session.userId);
  return session;
}
