import { AUDIT_ACTIONS_0001 } from './auditActions.ts';
import {
  flagColumn,
  idColumn,
  jsonObjectColumn,
  postgresUkSoc,
  postgresUsSoc,
  timeColumn,
  sqliteUkSoc,
  sqliteUsSoc,
  uuidColumn,
  type TableDdl,
} from './fragments.ts';

/**
 * Status-linked rules: a closed or purged engagement has a close time, purged_at is set exactly
 * when purged, and a purge leaves neither the wrapped data key nor report wording behind.
 */
export const engagements: TableDdl = {
  postgres: `CREATE TABLE engagements (
    id uuid PRIMARY KEY,
    client_id uuid REFERENCES clients (id),
    name text NOT NULL CHECK (btrim(name) <> ''),
    status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'closed', 'purged')),
    pack text NOT NULL DEFAULT 'general' CHECK (pack <> ''),
    region text CHECK (region <> ''),
    share_classification_cache boolean NOT NULL DEFAULT true,
    benchmark_participation boolean NOT NULL DEFAULT true,
    retention_days integer NOT NULL DEFAULT 90 CHECK (retention_days BETWEEN 1 AND 3650),
    report_notes jsonb CHECK (jsonb_typeof(report_notes) = 'object'),
    dek_wrapped text CHECK (dek_wrapped <> ''),
    created_by uuid NOT NULL REFERENCES users (id),
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    closed_at timestamptz,
    purged_at timestamptz,
    CHECK (status = 'active' OR closed_at IS NOT NULL),
    CHECK ((status = 'purged') = (purged_at IS NOT NULL)),
    CHECK (status <> 'purged' OR (dek_wrapped IS NULL AND report_notes IS NULL))
  )`,
  sqlite: `CREATE TABLE engagements (
    ${idColumn()},
    client_id TEXT REFERENCES clients (id),
    name TEXT NOT NULL CHECK (trim(name) <> ''),
    status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'closed', 'purged')),
    pack TEXT NOT NULL DEFAULT 'general' CHECK (pack <> ''),
    region TEXT CHECK (region <> ''),
    ${flagColumn('share_classification_cache', 1)},
    ${flagColumn('benchmark_participation', 1)},
    retention_days INTEGER NOT NULL DEFAULT 90 CHECK (retention_days BETWEEN 1 AND 3650),
    ${jsonObjectColumn('report_notes', { nullable: true })},
    dek_wrapped TEXT CHECK (dek_wrapped <> ''),
    created_by TEXT NOT NULL REFERENCES users (id),
    ${timeColumn('created_at')},
    ${timeColumn('updated_at')},
    ${timeColumn('closed_at', 'nullable')},
    ${timeColumn('purged_at', 'nullable')},
    CHECK (status = 'active' OR closed_at IS NOT NULL),
    CHECK ((status = 'purged') = (purged_at IS NOT NULL)),
    CHECK (status <> 'purged' OR (dek_wrapped IS NULL AND report_notes IS NULL))
  ) STRICT`,
  indexes: [
    'CREATE INDEX engagements_client_id ON engagements (client_id)',
    'CREATE INDEX engagements_retention ON engagements (status, closed_at)',
  ],
};

export const engagementMembers: TableDdl = {
  postgres: `CREATE TABLE engagement_members (
    engagement_id uuid NOT NULL REFERENCES engagements (id) ON DELETE CASCADE,
    user_id uuid NOT NULL REFERENCES users (id),
    role text NOT NULL CHECK (role IN ('lead', 'analyst', 'viewer')),
    pii_access boolean NOT NULL DEFAULT false,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (engagement_id, user_id)
  )`,
  sqlite: `CREATE TABLE engagement_members (
    engagement_id TEXT NOT NULL REFERENCES engagements (id) ON DELETE CASCADE,
    user_id TEXT NOT NULL REFERENCES users (id),
    role TEXT NOT NULL CHECK (role IN ('lead', 'analyst', 'viewer')),
    ${flagColumn('pii_access', 0)},
    ${timeColumn('created_at')},
    ${timeColumn('updated_at')},
    PRIMARY KEY (engagement_id, user_id)
  ) STRICT`,
  indexes: ['CREATE INDEX engagement_members_user_id ON engagement_members (user_id)'],
};

export const overrides: TableDdl = {
  postgres: `CREATE TABLE overrides (
    engagement_id uuid NOT NULL REFERENCES engagements (id) ON DELETE CASCADE,
    normalised_title text NOT NULL CHECK (normalised_title <> ''),
    title text NOT NULL CHECK (btrim(title) <> ''),
    us_soc2018 text NOT NULL CHECK (${postgresUsSoc('us_soc2018')}),
    uk_soc2020 text NOT NULL CHECK (${postgresUkSoc('uk_soc2020')}),
    category text NOT NULL CHECK (category <> ''),
    subcategory text NOT NULL CHECK (subcategory <> ''),
    created_by uuid NOT NULL REFERENCES users (id),
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (engagement_id, normalised_title)
  )`,
  sqlite: `CREATE TABLE overrides (
    engagement_id TEXT NOT NULL REFERENCES engagements (id) ON DELETE CASCADE,
    normalised_title TEXT NOT NULL CHECK (normalised_title <> ''),
    title TEXT NOT NULL CHECK (trim(title) <> ''),
    us_soc2018 TEXT NOT NULL CHECK (${sqliteUsSoc('us_soc2018')}),
    uk_soc2020 TEXT NOT NULL CHECK (${sqliteUkSoc('uk_soc2020')}),
    category TEXT NOT NULL CHECK (category <> ''),
    subcategory TEXT NOT NULL CHECK (subcategory <> ''),
    created_by TEXT NOT NULL REFERENCES users (id),
    ${timeColumn('created_at')},
    ${timeColumn('updated_at')},
    PRIMARY KEY (engagement_id, normalised_title)
  ) STRICT`,
  indexes: [],
};

const actionList = AUDIT_ACTIONS_0001.map((action) => `'${action}'`).join(', ');

/**
 * Append-only trail. engagement_id and dataset_id carry no foreign key on purpose: audit rows
 * must outlive engagement deletion and purge. The actor does reference users, which are
 * deactivated rather than deleted, so a user with a trail cannot vanish from under it.
 */
export const auditEvents: TableDdl = {
  postgres: `CREATE TABLE audit_events (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    at timestamptz NOT NULL DEFAULT now(),
    actor uuid REFERENCES users (id),
    action text NOT NULL CHECK (action IN (${actionList})),
    engagement_id uuid,
    dataset_id uuid,
    details jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(details) = 'object')
  )`,
  sqlite: `CREATE TABLE audit_events (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    ${timeColumn('at')},
    actor TEXT REFERENCES users (id),
    action TEXT NOT NULL CHECK (action IN (${actionList})),
    ${uuidColumn('engagement_id', true)},
    ${uuidColumn('dataset_id', true)},
    ${jsonObjectColumn('details', { defaultValue: '{}' })}
  ) STRICT`,
  indexes: [
    'CREATE INDEX audit_events_engagement ON audit_events (engagement_id, at)',
    'CREATE INDEX audit_events_action ON audit_events (action, at)',
    'CREATE INDEX audit_events_at ON audit_events (at)',
  ],
};

/**
 * Metered AI calls. engagement_id has no foreign key: usage is budget history and outlives the
 * engagement. Zero-token calls are not recorded.
 */
export const aiUsage: TableDdl = {
  postgres: `CREATE TABLE ai_usage (
    id uuid PRIMARY KEY,
    user_id uuid REFERENCES users (id),
    engagement_id uuid,
    feature text NOT NULL CHECK (feature IN ('classify', 'exec-summary', 'lifecycle', 'ask', 'prompt-lab')),
    model text NOT NULL CHECK (model <> ''),
    input_tokens integer NOT NULL CHECK (input_tokens >= 0),
    output_tokens integer NOT NULL CHECK (output_tokens >= 0),
    created_at timestamptz NOT NULL DEFAULT now(),
    CHECK (input_tokens + output_tokens > 0)
  )`,
  sqlite: `CREATE TABLE ai_usage (
    ${idColumn()},
    user_id TEXT REFERENCES users (id),
    ${uuidColumn('engagement_id', true)},
    feature TEXT NOT NULL CHECK (feature IN ('classify', 'exec-summary', 'lifecycle', 'ask', 'prompt-lab')),
    model TEXT NOT NULL CHECK (model <> ''),
    input_tokens INTEGER NOT NULL CHECK (input_tokens >= 0),
    output_tokens INTEGER NOT NULL CHECK (output_tokens >= 0),
    ${timeColumn('created_at')},
    CHECK (input_tokens + output_tokens > 0)
  ) STRICT`,
  indexes: [
    'CREATE INDEX ai_usage_created_at ON ai_usage (created_at)',
    'CREATE INDEX ai_usage_user ON ai_usage (user_id, feature, created_at)',
  ],
};
