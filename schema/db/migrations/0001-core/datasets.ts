import {
  flagColumn,
  idColumn,
  jsonObjectColumn,
  postgresNoAtSign,
  postgresUkSoc,
  postgresUsSoc,
  sqliteNoAtSign,
  sqliteUkSoc,
  sqliteUsSoc,
  timeColumn,
  type TableDdl,
} from './fragments.ts';

/**
 * Tables below datasets carry engagement_id too, so row-level policies filter without a join.
 * A composite foreign key (dataset_id, engagement_id) -> datasets (id, engagement_id) keeps that
 * copy honest: a row cannot claim another engagement than its dataset's.
 */
const belongsToDataset = 'FOREIGN KEY (dataset_id, engagement_id) REFERENCES datasets (id, engagement_id) ON DELETE CASCADE';

/**
 * A dataset may move past uploading only with every expected row in, and is ready only with a
 * stored summary and finalisation time.
 */
export const datasets: TableDdl = {
  postgres: `CREATE TABLE datasets (
    id uuid PRIMARY KEY,
    engagement_id uuid NOT NULL REFERENCES engagements (id) ON DELETE CASCADE,
    name text NOT NULL CHECK (btrim(name) <> ''),
    status text NOT NULL DEFAULT 'uploading' CHECK (status IN ('uploading', 'classifying', 'ready', 'purged')),
    reference_version integer CHECK (reference_version >= 1),
    settings jsonb NOT NULL CHECK (jsonb_typeof(settings) = 'object'),
    column_mapping jsonb CHECK (jsonb_typeof(column_mapping) = 'object'),
    expected_rows integer NOT NULL CHECK (expected_rows BETWEEN 1 AND 50000),
    uploaded_rows integer NOT NULL DEFAULT 0 CHECK (uploaded_rows >= 0),
    use_ai boolean NOT NULL DEFAULT true,
    with_identities boolean NOT NULL DEFAULT false,
    headcount integer CHECK (headcount >= 0),
    total_cogs double precision CHECK (total_cogs >= 0),
    summary jsonb CHECK (jsonb_typeof(summary) = 'object'),
    duplicate_employee_ids integer NOT NULL DEFAULT 0 CHECK (duplicate_employee_ids >= 0),
    created_by uuid NOT NULL REFERENCES users (id),
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    finalized_at timestamptz,
    UNIQUE (id, engagement_id),
    CHECK (uploaded_rows <= expected_rows),
    CHECK (duplicate_employee_ids <= uploaded_rows),
    CHECK (status NOT IN ('classifying', 'ready') OR uploaded_rows = expected_rows),
    CHECK (status <> 'ready' OR (summary IS NOT NULL AND finalized_at IS NOT NULL))
  )`,
  sqlite: `CREATE TABLE datasets (
    ${idColumn()},
    engagement_id TEXT NOT NULL REFERENCES engagements (id) ON DELETE CASCADE,
    name TEXT NOT NULL CHECK (trim(name) <> ''),
    status TEXT NOT NULL DEFAULT 'uploading' CHECK (status IN ('uploading', 'classifying', 'ready', 'purged')),
    reference_version INTEGER CHECK (reference_version >= 1),
    ${jsonObjectColumn('settings')},
    ${jsonObjectColumn('column_mapping', { nullable: true })},
    expected_rows INTEGER NOT NULL CHECK (expected_rows BETWEEN 1 AND 50000),
    uploaded_rows INTEGER NOT NULL DEFAULT 0 CHECK (uploaded_rows >= 0),
    ${flagColumn('use_ai', 1)},
    ${flagColumn('with_identities', 0)},
    headcount INTEGER CHECK (headcount >= 0),
    total_cogs REAL CHECK (total_cogs >= 0),
    ${jsonObjectColumn('summary', { nullable: true })},
    duplicate_employee_ids INTEGER NOT NULL DEFAULT 0 CHECK (duplicate_employee_ids >= 0),
    created_by TEXT NOT NULL REFERENCES users (id),
    ${timeColumn('created_at')},
    ${timeColumn('updated_at')},
    ${timeColumn('finalized_at', 'nullable')},
    UNIQUE (id, engagement_id),
    CHECK (uploaded_rows <= expected_rows),
    CHECK (duplicate_employee_ids <= uploaded_rows),
    CHECK (status NOT IN ('classifying', 'ready') OR uploaded_rows = expected_rows),
    CHECK (status <> 'ready' OR (summary IS NOT NULL AND finalized_at IS NOT NULL))
  ) STRICT`,
  indexes: ['CREATE INDEX datasets_engagement ON datasets (engagement_id, created_at)'],
};

/** At most 25 chunks of 2,000 rows make the 50,000-row ceiling. */
export const uploadChunks: TableDdl = {
  postgres: `CREATE TABLE upload_chunks (
    dataset_id uuid NOT NULL,
    engagement_id uuid NOT NULL,
    chunk integer NOT NULL CHECK (chunk BETWEEN 0 AND 24),
    row_count integer NOT NULL CHECK (row_count BETWEEN 1 AND 2000),
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (dataset_id, chunk),
    ${belongsToDataset}
  )`,
  sqlite: `CREATE TABLE upload_chunks (
    dataset_id TEXT NOT NULL,
    engagement_id TEXT NOT NULL,
    chunk INTEGER NOT NULL CHECK (chunk BETWEEN 0 AND 24),
    row_count INTEGER NOT NULL CHECK (row_count BETWEEN 1 AND 2000),
    ${timeColumn('created_at')},
    PRIMARY KEY (dataset_id, chunk),
    ${belongsToDataset}
  ) STRICT`,
  indexes: ['CREATE INDEX upload_chunks_engagement ON upload_chunks (engagement_id)'],
};

/** row_no = chunk × 2000 + index, so 0..49999. Identifiers never hold an @ in any NFKC form. */
export const employeeRows: TableDdl = {
  postgres: `CREATE TABLE employee_rows (
    dataset_id uuid NOT NULL,
    engagement_id uuid NOT NULL,
    row_no integer NOT NULL CHECK (row_no BETWEEN 0 AND 49999),
    employee_id text NOT NULL CHECK (employee_id <> '' AND ${postgresNoAtSign('employee_id')}),
    manager_employee_id text CHECK (manager_employee_id <> '' AND ${postgresNoAtSign('manager_employee_id')}),
    title text NOT NULL CHECK (btrim(title) <> ''),
    salary double precision CHECK (salary >= 0),
    fte double precision CHECK (fte BETWEEN 0 AND 1),
    location text,
    division text,
    attributes jsonb CHECK (jsonb_typeof(attributes) = 'object'),
    PRIMARY KEY (dataset_id, row_no),
    ${belongsToDataset}
  )`,
  sqlite: `CREATE TABLE employee_rows (
    dataset_id TEXT NOT NULL,
    engagement_id TEXT NOT NULL,
    row_no INTEGER NOT NULL CHECK (row_no BETWEEN 0 AND 49999),
    employee_id TEXT NOT NULL CHECK (employee_id <> '' AND ${sqliteNoAtSign('employee_id')}),
    manager_employee_id TEXT CHECK (manager_employee_id <> '' AND ${sqliteNoAtSign('manager_employee_id')}),
    title TEXT NOT NULL CHECK (trim(title) <> ''),
    salary REAL CHECK (salary >= 0),
    fte REAL CHECK (fte BETWEEN 0 AND 1),
    location TEXT,
    division TEXT,
    ${jsonObjectColumn('attributes', { nullable: true })},
    PRIMARY KEY (dataset_id, row_no),
    ${belongsToDataset}
  ) STRICT`,
  indexes: ['CREATE INDEX employee_rows_engagement ON employee_rows (engagement_id)'],
};

/** Encrypted names and emails; the blind index exists exactly when an email does. */
export const employeeIdentities: TableDdl = {
  postgres: `CREATE TABLE employee_identities (
    dataset_id uuid NOT NULL,
    engagement_id uuid NOT NULL,
    employee_id text NOT NULL CHECK (employee_id <> '' AND ${postgresNoAtSign('employee_id')}),
    name_enc text CHECK (name_enc <> ''),
    email_enc text CHECK (email_enc <> ''),
    email_hash text CHECK (email_hash <> ''),
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (dataset_id, employee_id),
    ${belongsToDataset},
    CHECK ((email_enc IS NULL) = (email_hash IS NULL))
  )`,
  sqlite: `CREATE TABLE employee_identities (
    dataset_id TEXT NOT NULL,
    engagement_id TEXT NOT NULL,
    employee_id TEXT NOT NULL CHECK (employee_id <> '' AND ${sqliteNoAtSign('employee_id')}),
    name_enc TEXT CHECK (name_enc <> ''),
    email_enc TEXT CHECK (email_enc <> ''),
    email_hash TEXT CHECK (email_hash <> ''),
    ${timeColumn('created_at')},
    PRIMARY KEY (dataset_id, employee_id),
    ${belongsToDataset},
    CHECK ((email_enc IS NULL) = (email_hash IS NULL))
  ) STRICT`,
  indexes: [
    'CREATE INDEX employee_identities_email_hash ON employee_identities (dataset_id, email_hash)',
    'CREATE INDEX employee_identities_engagement ON employee_identities (engagement_id)',
  ],
};

/**
 * One row per exact title of a dataset. Pending titles carry no classification yet; once
 * resolved (by any source) a title always has a UK code and a category, because the rules
 * fall back to the reference's default UK code and Other / Uncategorised.
 */
export const datasetTitles: TableDdl = {
  postgres: `CREATE TABLE dataset_titles (
    dataset_id uuid NOT NULL,
    engagement_id uuid NOT NULL,
    title text NOT NULL,
    normalised text NOT NULL,
    headcount integer NOT NULL CHECK (headcount > 0),
    source text NOT NULL DEFAULT 'pending' CHECK (source IN ('pending', 'override', 'pack', 'cache', 'ai', 'rules')),
    us_soc2018 text CHECK (${postgresUsSoc('us_soc2018')}),
    uk_soc2020 text CHECK (${postgresUkSoc('uk_soc2020')}),
    category text,
    subcategory text,
    confidence double precision CHECK (confidence BETWEEN 0 AND 1),
    review_required boolean NOT NULL DEFAULT false,
    updated_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (dataset_id, title),
    ${belongsToDataset},
    CHECK (source = 'pending' OR (uk_soc2020 IS NOT NULL AND category IS NOT NULL AND subcategory IS NOT NULL))
  )`,
  sqlite: `CREATE TABLE dataset_titles (
    dataset_id TEXT NOT NULL,
    engagement_id TEXT NOT NULL,
    title TEXT NOT NULL,
    normalised TEXT NOT NULL,
    headcount INTEGER NOT NULL CHECK (headcount > 0),
    source TEXT NOT NULL DEFAULT 'pending' CHECK (source IN ('pending', 'override', 'pack', 'cache', 'ai', 'rules')),
    us_soc2018 TEXT CHECK (${sqliteUsSoc('us_soc2018')}),
    uk_soc2020 TEXT CHECK (${sqliteUkSoc('uk_soc2020')}),
    category TEXT,
    subcategory TEXT,
    confidence REAL CHECK (confidence BETWEEN 0 AND 1),
    ${flagColumn('review_required', 0)},
    ${timeColumn('updated_at')},
    PRIMARY KEY (dataset_id, title),
    ${belongsToDataset},
    CHECK (source = 'pending' OR (uk_soc2020 IS NOT NULL AND category IS NOT NULL AND subcategory IS NOT NULL))
  ) STRICT`,
  indexes: [
    'CREATE INDEX dataset_titles_queue ON dataset_titles (dataset_id, source, headcount DESC)',
    'CREATE INDEX dataset_titles_normalised ON dataset_titles (engagement_id, normalised)',
  ],
};

export const aiOutputs: TableDdl = {
  postgres: `CREATE TABLE ai_outputs (
    dataset_id uuid NOT NULL,
    engagement_id uuid NOT NULL,
    kind text NOT NULL CHECK (kind IN ('exec-summary', 'lifecycle')),
    prompt_version integer CHECK (prompt_version >= 1),
    content jsonb NOT NULL CHECK (jsonb_typeof(content) = 'object'),
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (dataset_id, kind),
    ${belongsToDataset}
  )`,
  sqlite: `CREATE TABLE ai_outputs (
    dataset_id TEXT NOT NULL,
    engagement_id TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('exec-summary', 'lifecycle')),
    prompt_version INTEGER CHECK (prompt_version >= 1),
    ${jsonObjectColumn('content')},
    ${timeColumn('created_at')},
    PRIMARY KEY (dataset_id, kind),
    ${belongsToDataset}
  ) STRICT`,
  indexes: [],
};

export const copilotPlans: TableDdl = {
  postgres: `CREATE TABLE copilot_plans (
    id uuid PRIMARY KEY,
    dataset_id uuid NOT NULL,
    engagement_id uuid NOT NULL,
    name text NOT NULL CHECK (btrim(name) <> ''),
    config jsonb NOT NULL CHECK (jsonb_typeof(config) = 'object'),
    created_by uuid NOT NULL REFERENCES users (id),
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    ${belongsToDataset}
  )`,
  sqlite: `CREATE TABLE copilot_plans (
    ${idColumn()},
    dataset_id TEXT NOT NULL,
    engagement_id TEXT NOT NULL,
    name TEXT NOT NULL CHECK (trim(name) <> ''),
    ${jsonObjectColumn('config')},
    created_by TEXT NOT NULL REFERENCES users (id),
    ${timeColumn('created_at')},
    ${timeColumn('updated_at')},
    ${belongsToDataset}
  ) STRICT`,
  indexes: ['CREATE INDEX copilot_plans_engagement ON copilot_plans (engagement_id, dataset_id)'],
};
