import {
  flagColumn,
  idColumn,
  jsonObjectColumn,
  postgresUkSoc,
  postgresUsSoc,
  sqliteUkSoc,
  sqliteUsSoc,
  timeColumn,
  type TableDdl,
} from './fragments.ts';

/**
 * Numbered immutable versions plus at most one draft (a partial unique index). A row carries a
 * version number and a publication time exactly when it is published. Published rows are
 * immutable: see the triggers in this migration.
 */
export const referenceVersions: TableDdl = {
  postgres: `CREATE TABLE reference_versions (
    id uuid PRIMARY KEY,
    version integer UNIQUE CHECK (version >= 1),
    status text NOT NULL CHECK (status IN ('draft', 'published')),
    data jsonb NOT NULL CHECK (jsonb_typeof(data) = 'object'),
    notes text,
    based_on integer REFERENCES reference_versions (version),
    created_by uuid REFERENCES users (id),
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    published_at timestamptz,
    published_by uuid REFERENCES users (id),
    CHECK ((status = 'published') = (version IS NOT NULL)),
    CHECK ((status = 'published') = (published_at IS NOT NULL)),
    CHECK (status = 'draft' OR notes IS NULL OR char_length(notes) BETWEEN 3 AND 2000)
  )`,
  sqlite: `CREATE TABLE reference_versions (
    ${idColumn()},
    version INTEGER UNIQUE CHECK (version >= 1),
    status TEXT NOT NULL CHECK (status IN ('draft', 'published')),
    ${jsonObjectColumn('data')},
    notes TEXT,
    based_on INTEGER REFERENCES reference_versions (version),
    created_by TEXT REFERENCES users (id),
    ${timeColumn('created_at')},
    ${timeColumn('updated_at')},
    ${timeColumn('published_at', 'nullable')},
    published_by TEXT REFERENCES users (id),
    CHECK ((status = 'published') = (version IS NOT NULL)),
    CHECK ((status = 'published') = (published_at IS NOT NULL)),
    CHECK (status = 'draft' OR notes IS NULL OR length(notes) BETWEEN 3 AND 2000)
  ) STRICT`,
  indexes: ["CREATE UNIQUE INDEX reference_versions_one_draft ON reference_versions (status) WHERE status = 'draft'"],
};

/**
 * Prompt versions per key, same draft/published rules as reference versions. Temperature and
 * output tokens hold their ranges always; the 20,000-character text limit binds on publication
 * (a draft may be saved over it and reported as an issue).
 */
export const promptVersions: TableDdl = {
  postgres: `CREATE TABLE prompt_versions (
    id uuid PRIMARY KEY,
    key text NOT NULL CHECK (key IN ('classifier', 'exec-summary', 'lifecycle', 'ask')),
    version integer CHECK (version >= 1),
    status text NOT NULL CHECK (status IN ('draft', 'published')),
    system text NOT NULL,
    template text NOT NULL,
    model text CHECK (model <> ''),
    temperature double precision NOT NULL CHECK (temperature BETWEEN 0 AND 2),
    max_output_tokens integer NOT NULL CHECK (max_output_tokens BETWEEN 64 AND 32768),
    notes text,
    created_by uuid REFERENCES users (id),
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    published_at timestamptz,
    UNIQUE (key, version),
    CHECK ((status = 'published') = (version IS NOT NULL)),
    CHECK ((status = 'published') = (published_at IS NOT NULL)),
    CHECK (status = 'draft' OR (char_length(system) BETWEEN 1 AND 20000 AND char_length(template) BETWEEN 1 AND 20000))
  )`,
  sqlite: `CREATE TABLE prompt_versions (
    ${idColumn()},
    key TEXT NOT NULL CHECK (key IN ('classifier', 'exec-summary', 'lifecycle', 'ask')),
    version INTEGER CHECK (version >= 1),
    status TEXT NOT NULL CHECK (status IN ('draft', 'published')),
    system TEXT NOT NULL,
    template TEXT NOT NULL,
    model TEXT CHECK (model <> ''),
    temperature REAL NOT NULL CHECK (temperature BETWEEN 0 AND 2),
    max_output_tokens INTEGER NOT NULL CHECK (max_output_tokens BETWEEN 64 AND 32768),
    notes TEXT,
    created_by TEXT REFERENCES users (id),
    ${timeColumn('created_at')},
    ${timeColumn('updated_at')},
    ${timeColumn('published_at', 'nullable')},
    UNIQUE (key, version),
    CHECK ((status = 'published') = (version IS NOT NULL)),
    CHECK ((status = 'published') = (published_at IS NOT NULL)),
    CHECK (status = 'draft' OR (length(system) BETWEEN 1 AND 20000 AND length(template) BETWEEN 1 AND 20000))
  ) STRICT`,
  indexes: ["CREATE UNIQUE INDEX prompt_versions_one_draft ON prompt_versions (key) WHERE status = 'draft'"],
};

/** Shared cross-engagement cache: titles and codes only, keyed by normalised title and pack id. */
export const classificationCache: TableDdl = {
  postgres: `CREATE TABLE classification_cache (
    normalised_title text NOT NULL CHECK (normalised_title <> ''),
    context text NOT NULL CHECK (context <> ''),
    us_soc2018 text NOT NULL CHECK (${postgresUsSoc('us_soc2018')}),
    uk_soc2020 text NOT NULL CHECK (${postgresUkSoc('uk_soc2020')}),
    category text,
    subcategory text,
    prompt_version integer CHECK (prompt_version >= 1),
    verified boolean NOT NULL DEFAULT false,
    hit_count integer NOT NULL DEFAULT 0 CHECK (hit_count >= 0),
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (normalised_title, context)
  )`,
  sqlite: `CREATE TABLE classification_cache (
    normalised_title TEXT NOT NULL CHECK (normalised_title <> ''),
    context TEXT NOT NULL CHECK (context <> ''),
    us_soc2018 TEXT NOT NULL CHECK (${sqliteUsSoc('us_soc2018')}),
    uk_soc2020 TEXT NOT NULL CHECK (${sqliteUkSoc('uk_soc2020')}),
    category TEXT,
    subcategory TEXT,
    prompt_version INTEGER CHECK (prompt_version >= 1),
    ${flagColumn('verified', 0)},
    hit_count INTEGER NOT NULL DEFAULT 0 CHECK (hit_count >= 0),
    ${timeColumn('created_at')},
    ${timeColumn('updated_at')},
    PRIMARY KEY (normalised_title, context)
  ) STRICT`,
  indexes: ['CREATE INDEX classification_cache_hits ON classification_cache (hit_count DESC)'],
};
