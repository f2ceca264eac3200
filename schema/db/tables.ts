import type { EngagementRole, PlatformRole } from '../roles.ts';
import type { ColumnType, Generated } from 'kysely';
import type { AiFeature, NarrativeKind } from '../ai.ts';
import type { AuditAction } from '../auditActions.ts';
import type { DatasetStatus } from '../api/datasets.ts';
import type { TitleSource } from '../titlesList.ts';

/**
 * The database as the app binds and reads it, one interface per table (snake_case columns).
 * One code path serves both backends, so read types are what either backend returns with the
 * server's pg type parsers (timestamptz and int8 parsed to ISO strings and numbers): read
 * values go through server/db/convert.ts. Columns with a database default are optional on insert.
 */

/** UUID v4 in lower-case hyphenated form (Postgres uuid; SQLite TEXT checked to that shape). */
export type Uuid = string;

/** Bound as 1/0 on both backends; read as a boolean (Postgres) or 1/0 (SQLite). */
export type Flag = ColumnType<boolean | number, 0 | 1, 0 | 1>;
export type FlagWithDefault = ColumnType<boolean | number, 0 | 1 | undefined, 0 | 1>;

/** ISO-8601 UTC, as Date.prototype.toISOString() writes it. */
export type Timestamp = ColumnType<string, string, string>;
export type TimestampWithDefault = ColumnType<string, string | undefined, string>;
export type NullableTimestamp = ColumnType<string | null, string | null | undefined, string | null>;

/** Bound as JSON.stringify text; read as the parsed object (Postgres jsonb) or its text (SQLite). Always an object. */
export type Json = ColumnType<object | string, string, string>;
export type JsonWithDefault = ColumnType<object | string, string | undefined, string>;
export type NullableJson = ColumnType<object | string | null, string | null | undefined, string | null>;

/** Integers with a database default (counts). */
export type Count = Generated<number>;

export type { PlatformRole };
export type EngagementStatus = 'active' | 'closed' | 'purged';
export type MemberRole = EngagementRole;
export type { DatasetStatus, TitleSource };
export type VersionStatus = 'draft' | 'published';
export type PromptKey = 'classifier' | 'exec-summary' | 'lifecycle' | 'ask';

export interface UsersTable {
  id: Uuid;
  /** Lower-case; must contain @. */
  email: string;
  name: string;
  role: PlatformRole;
  active: FlagWithDefault;
  created_at: TimestampWithDefault;
  updated_at: TimestampWithDefault;
}

export interface DevSessionsTable {
  token_hash: string;
  user_id: Uuid;
  created_at: TimestampWithDefault;
  expires_at: Timestamp;
}

export interface ClientsTable {
  id: Uuid;
  name: string;
  sector: string | null;
  notes: string | null;
  archived: FlagWithDefault;
  created_by: Uuid;
  brand: NullableJson;
  created_at: TimestampWithDefault;
  updated_at: TimestampWithDefault;
}

export interface EngagementsTable {
  id: Uuid;
  client_id: Uuid | null;
  name: string;
  status: ColumnType<EngagementStatus, EngagementStatus | undefined, EngagementStatus>;
  pack: ColumnType<string, string | undefined, string>;
  region: string | null;
  share_classification_cache: FlagWithDefault;
  benchmark_participation: FlagWithDefault;
  retention_days: ColumnType<number, number | undefined, number>;
  report_notes: NullableJson;
  dek_wrapped: string | null;
  created_by: Uuid;
  created_at: TimestampWithDefault;
  updated_at: TimestampWithDefault;
  closed_at: NullableTimestamp;
  purged_at: NullableTimestamp;
}

export interface EngagementMembersTable {
  engagement_id: Uuid;
  user_id: Uuid;
  role: MemberRole;
  pii_access: FlagWithDefault;
  created_at: TimestampWithDefault;
  updated_at: TimestampWithDefault;
}

export interface DatasetsTable {
  id: Uuid;
  engagement_id: Uuid;
  name: string;
  status: ColumnType<DatasetStatus, DatasetStatus | undefined, DatasetStatus>;
  reference_version: number | null;
  settings: Json;
  column_mapping: NullableJson;
  expected_rows: number;
  uploaded_rows: Count;
  /** Never updated: false is permanent (the application role has no UPDATE privilege on it). */
  use_ai: FlagWithDefault;
  with_identities: FlagWithDefault;
  headcount: number | null;
  total_cogs: number | null;
  summary: NullableJson;
  duplicate_employee_ids: Count;
  /** Counts from the browser's spreadsheet reading (migration 0004). */
  import_stats: NullableJson;
  /** The list's currency and pay level the coder reads pay against, computed once (migration 0016). */
  coding_context: NullableJson;
  /** The summary trimmed to the figures benchmarks read; written by a trigger with the summary (migration 0009). */
  benchmark_summary: ColumnType<object | string | null, never, never>;
  created_by: Uuid;
  created_at: TimestampWithDefault;
  updated_at: TimestampWithDefault;
  finalized_at: NullableTimestamp;
  /** One more on every change a reader of the dataset can see; the replies' ETags come from it (migration 0018). */
  version: Count;
}

export interface UploadChunksTable {
  dataset_id: Uuid;
  engagement_id: Uuid;
  chunk: number;
  row_count: number;
  created_at: TimestampWithDefault;
}

export interface EmployeeRowsTable {
  dataset_id: Uuid;
  engagement_id: Uuid;
  row_no: number;
  employee_id: string;
  manager_employee_id: string | null;
  title: string;
  salary: number | null;
  fte: number | null;
  location: string | null;
  division: string | null;
  attributes: NullableJson;
  /** A person's organisation, grade and professional group, read by the coder with the title (migration 0016). */
  organisation: string | null;
  grade: string | null;
  professional_group: string | null;
}

export interface EmployeeIdentitiesTable {
  dataset_id: Uuid;
  engagement_id: Uuid;
  employee_id: string;
  name_enc: string | null;
  email_enc: string | null;
  email_hash: string | null;
  created_at: TimestampWithDefault;
  /** The name and email sealed as one record (migration 0013); rows stored before it hold name_enc and email_enc. */
  identity_enc: string | null;
}

export interface DatasetTitlesTable {
  dataset_id: Uuid;
  engagement_id: Uuid;
  title: string;
  normalised: string;
  headcount: number;
  source: ColumnType<TitleSource, TitleSource | undefined, TitleSource>;
  us_soc2018: string | null;
  uk_soc2020: string | null;
  category: string | null;
  subcategory: string | null;
  confidence: number | null;
  review_required: FlagWithDefault;
  updated_at: TimestampWithDefault;
  /** The coder's reason and other readings (migration 0005); null for other sources. */
  reason: string | null;
  alternatives: NullableJson;
  /** The title's readings in contexts that code it differently (migration 0016); null when one reading holds. */
  variants: NullableJson;
}

export interface OverridesTable {
  engagement_id: Uuid;
  normalised_title: string;
  title: string;
  us_soc2018: string;
  uk_soc2020: string;
  category: string;
  subcategory: string;
  created_by: Uuid;
  created_at: TimestampWithDefault;
  updated_at: TimestampWithDefault;
  /** The rows an override applies to, { kind, values }, or null for the title everywhere (migration 0016). */
  scope: NullableJson;
  /** A digest of the scope, '' for everywhere: part of the primary key. */
  scope_key: ColumnType<string, string | undefined, string>;
}

export interface ReferenceVersionsTable {
  id: Uuid;
  version: number | null;
  status: VersionStatus;
  data: Json;
  notes: string | null;
  based_on: number | null;
  created_by: Uuid | null;
  created_at: TimestampWithDefault;
  updated_at: TimestampWithDefault;
  published_at: NullableTimestamp;
  published_by: Uuid | null;
}

export interface PromptVersionsTable {
  id: Uuid;
  key: PromptKey;
  version: number | null;
  status: VersionStatus;
  system: string;
  template: string;
  model: string | null;
  temperature: number;
  max_output_tokens: number;
  notes: string | null;
  created_by: Uuid | null;
  created_at: TimestampWithDefault;
  updated_at: TimestampWithDefault;
  published_at: NullableTimestamp;
}

export interface AiUsageTable {
  id: Uuid;
  user_id: Uuid | null;
  engagement_id: Uuid | null;
  feature: AiFeature;
  model: string;
  input_tokens: number;
  output_tokens: number;
  created_at: TimestampWithDefault;
}

export interface AiOutputsTable {
  dataset_id: Uuid;
  engagement_id: Uuid;
  kind: NarrativeKind;
  prompt_version: number | null;
  content: Json;
  created_at: TimestampWithDefault;
}

export interface ClassificationCacheTable {
  normalised_title: string;
  /** The pack id the classification was made under. */
  context: string;
  us_soc2018: string;
  uk_soc2020: string;
  category: string | null;
  subcategory: string | null;
  prompt_version: number | null;
  verified: FlagWithDefault;
  hit_count: Count;
  created_at: TimestampWithDefault;
  updated_at: TimestampWithDefault;
}

export interface CopilotPlansTable {
  id: Uuid;
  dataset_id: Uuid;
  engagement_id: Uuid;
  name: string;
  config: Json;
  created_by: Uuid;
  created_at: TimestampWithDefault;
  updated_at: TimestampWithDefault;
}

export interface AuditEventsTable {
  /** Assigned by the database (identity / autoincrement); never bound. */
  id: ColumnType<number, never, never>;
  at: TimestampWithDefault;
  /** Must equal app.user_id for the application role; null only for internal jobs as the owner. */
  actor: Uuid | null;
  action: AuditAction;
  engagement_id: Uuid | null;
  dataset_id: Uuid | null;
  details: JsonWithDefault;
}

type ReadOnly<T> = ColumnType<T, never, never>;

/** View: platform-wide AI token totals by UTC month ('YYYY-MM') and feature, for the budget. */
export interface AiUsageMonthlyView {
  month: ReadOnly<string>;
  feature: ReadOnly<AiFeature>;
  calls: ReadOnly<number>;
  input_tokens: ReadOnly<number>;
  output_tokens: ReadOnly<number>;
}

/** View: each benchmark-participating engagement's most recently created finished (ready or purged) dataset summary, trimmed to the figures benchmarks read (migration 0009). */
export interface BenchmarkContributionsView {
  engagement_id: ReadOnly<Uuid>;
  dataset_id: ReadOnly<Uuid>;
  created_at: ReadOnly<string>;
  summary: ReadOnly<object | string>;
}

export interface DB {
  users: UsersTable;
  dev_sessions: DevSessionsTable;
  clients: ClientsTable;
  engagements: EngagementsTable;
  engagement_members: EngagementMembersTable;
  datasets: DatasetsTable;
  upload_chunks: UploadChunksTable;
  employee_rows: EmployeeRowsTable;
  employee_identities: EmployeeIdentitiesTable;
  dataset_titles: DatasetTitlesTable;
  overrides: OverridesTable;
  reference_versions: ReferenceVersionsTable;
  prompt_versions: PromptVersionsTable;
  ai_usage: AiUsageTable;
  ai_outputs: AiOutputsTable;
  classification_cache: ClassificationCacheTable;
  copilot_plans: CopilotPlansTable;
  audit_events: AuditEventsTable;
  ai_usage_monthly: AiUsageMonthlyView;
  benchmark_contributions: BenchmarkContributionsView;
}
