import { flagColumn, idColumn, jsonObjectColumn, timeColumn, type TableDdl } from './fragments.ts';

export const users: TableDdl = {
  postgres: `CREATE TABLE users (
    id uuid PRIMARY KEY,
    email text NOT NULL UNIQUE CHECK (email = lower(email) AND strpos(email, '@') > 0),
    name text NOT NULL CHECK (btrim(name) <> ''),
    role text NOT NULL CHECK (role IN ('admin', 'user')),
    active boolean NOT NULL DEFAULT true,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  sqlite: `CREATE TABLE users (
    ${idColumn()},
    email TEXT NOT NULL UNIQUE CHECK (email = lower(email) AND instr(email, '@') > 0),
    name TEXT NOT NULL CHECK (trim(name) <> ''),
    role TEXT NOT NULL CHECK (role IN ('admin', 'user')),
    ${flagColumn('active', 1)},
    ${timeColumn('created_at')},
    ${timeColumn('updated_at')}
  ) STRICT`,
  indexes: [],
};

/** Development sign-in sessions (local server only); the cookie's token is stored hashed. */
export const devSessions: TableDdl = {
  postgres: `CREATE TABLE dev_sessions (
    token_hash text PRIMARY KEY CHECK (token_hash <> ''),
    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at timestamptz NOT NULL DEFAULT now(),
    expires_at timestamptz NOT NULL,
    CHECK (expires_at > created_at)
  )`,
  sqlite: `CREATE TABLE dev_sessions (
    token_hash TEXT NOT NULL PRIMARY KEY CHECK (token_hash <> ''),
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    ${timeColumn('created_at')},
    ${timeColumn('expires_at', 'required')},
    CHECK (expires_at > created_at)
  ) STRICT`,
  indexes: ['CREATE INDEX dev_sessions_user_id ON dev_sessions (user_id)', 'CREATE INDEX dev_sessions_expires_at ON dev_sessions (expires_at)'],
};

export const clients: TableDdl = {
  postgres: `CREATE TABLE clients (
    id uuid PRIMARY KEY,
    name text NOT NULL CHECK (btrim(name) <> ''),
    sector text,
    notes text,
    archived boolean NOT NULL DEFAULT false,
    created_by uuid NOT NULL REFERENCES users (id),
    brand jsonb CHECK (jsonb_typeof(brand) = 'object'),
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  sqlite: `CREATE TABLE clients (
    ${idColumn()},
    name TEXT NOT NULL CHECK (trim(name) <> ''),
    sector TEXT,
    notes TEXT,
    ${flagColumn('archived', 0)},
    created_by TEXT NOT NULL REFERENCES users (id),
    ${jsonObjectColumn('brand', { nullable: true })},
    ${timeColumn('created_at')},
    ${timeColumn('updated_at')}
  ) STRICT`,
  indexes: [],
};
