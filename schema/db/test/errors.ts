import type { Backend } from './backends.ts';

/** The error a refused statement fails with; throws when the database accepted it. */
export async function refusal(statement: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await statement;
  } catch (error) {
    const { code, message } = error as { code?: unknown; message?: unknown };
    return { code: String(code), message: String(message) };
  }
  throw new Error('the database accepted a statement it should have refused');
}

export async function refusalCode(statement: Promise<unknown>): Promise<string> {
  return (await refusal(statement)).code;
}

/** insufficient_privilege: a missing grant, a row-level policy's WITH CHECK, or the own-PII trigger. */
export const INSUFFICIENT_PRIVILEGE = '42501';

/** What each kind of refusal looks like on each backend (better-sqlite3 codes; Postgres SQLSTATEs). */
export const REFUSED = {
  sqlite: {
    check: 'SQLITE_CONSTRAINT_CHECK',
    foreignKey: 'SQLITE_CONSTRAINT_FOREIGNKEY',
    unique: 'SQLITE_CONSTRAINT_UNIQUE',
    primaryKey: 'SQLITE_CONSTRAINT_PRIMARYKEY',
    trigger: 'SQLITE_CONSTRAINT_TRIGGER',
    /** A flag of 2 is a CHECK failure on SQLite... */
    badFlag: 'SQLITE_CONSTRAINT_CHECK',
  },
  postgres: {
    check: '23514',
    foreignKey: '23503',
    unique: '23505',
    primaryKey: '23505',
    /** restrict_violation, raised by the published-version trigger. */
    trigger: '23001',
    /** ...and not even valid boolean input on Postgres (invalid_text_representation). */
    badFlag: '22P02',
  },
} satisfies Record<Backend, Record<string, string>>;
