import { definerRoleOf } from './role.ts';

/**
 * Row-level security and privileges, table by table. Every engagement-scoped table has RLS
 * enabled and forced, then its policies, then its grants (the order is built into
 * tableStatements, so a grant never opens a table before its policy exists).
 *
 * Policies name their role. The application role gets per-command policies. The definer role
 * reads only the tables its helper functions read. The owner (the role running migrations) gets
 * one maintenance policy per table that opens only while app.maintenance is on: a superuser
 * owner bypasses RLS anyway, but an ordinary owner is bound by FORCE, so its internal jobs
 * (retention) set app.maintenance for their transaction, while a request that forgot to switch
 * to the application role sees nothing.
 */
type Command = 'SELECT' | 'INSERT' | 'UPDATE' | 'DELETE';

interface Policy {
  name: string;
  command: Command;
  using?: string;
  check?: string;
}

interface TableAccess {
  table: string;
  /** Absent for platform tables: the service layer enforces admin rules there. */
  policies?: Policy[];
  grants: string[];
  /** Read by the SECURITY DEFINER helpers. */
  definerReads?: boolean;
}

const ME = '(SELECT app_current_user_id())';
const ADMIN = '(SELECT app_is_admin())';
const mine = (roles?: string, needsPii = false) =>
  `engagement_id IN (SELECT app_my_engagements(${roles ? `'{${roles}}'` : 'NULL'}, ${needsPii}))`;
const MEMBER = mine();
const WRITER = mine('lead,analyst');
const LEAD = mine('lead');
const WITH_PII = mine(undefined, true);
const WRITER_WITH_PII = mine('lead,analyst', true);
const MAINTENANCE = `current_setting('app.maintenance', true) = 'on'`;

/** Members read; leads and analysts write (viewers never do); optionally admins read too. */
function memberData(table: string, grants: string[], options: { insertAlso?: string; adminReads?: boolean } = {}): TableAccess {
  const insertCheck = options.insertAlso ? `${WRITER} AND ${options.insertAlso}` : WRITER;
  const adminRead: Policy[] = options.adminReads ? [{ name: 'select_admin', command: 'SELECT', using: ADMIN }] : [];
  return {
    table,
    policies: [
      { name: 'select_member', command: 'SELECT', using: MEMBER },
      ...adminRead,
      { name: 'insert_writer', command: 'INSERT', check: insertCheck },
      { name: 'update_writer', command: 'UPDATE', using: WRITER, check: WRITER },
      { name: 'delete_writer', command: 'DELETE', using: WRITER },
    ],
    grants,
  };
}

const ACCESS: TableAccess[] = [
  {
    table: 'engagements',
    policies: [
      { name: 'select_member', command: 'SELECT', using: 'app_is_member(id)' },
      // The creator sees the engagement until anyone is staffed on it, so INSERT ... RETURNING
      // and the first member insert work; after that, membership decides.
      { name: 'select_new', command: 'SELECT', using: `created_by = ${ME} AND NOT app_engagement_has_members(id)` },
      { name: 'select_admin', command: 'SELECT', using: ADMIN },
      { name: 'insert_creator', command: 'INSERT', check: `created_by = ${ME} AND status = 'active'` },
      { name: 'update_lead', command: 'UPDATE', using: `app_member_role(id) = 'lead'`, check: `app_member_role(id) = 'lead'` },
      { name: 'delete_admin', command: 'DELETE', using: ADMIN },
    ],
    grants: [
      'SELECT',
      'INSERT',
      `UPDATE (name, status, pack, region, share_classification_cache, benchmark_participation, retention_days,
        report_notes, dek_wrapped, updated_at, closed_at, purged_at)`,
      'DELETE',
    ],
  },
  {
    table: 'engagement_members',
    policies: [
      { name: 'select_member', command: 'SELECT', using: 'app_is_member(engagement_id)' },
      { name: 'insert_lead', command: 'INSERT', check: `app_member_role(engagement_id) = 'lead'` },
      {
        name: 'insert_first',
        command: 'INSERT',
        check: `user_id = ${ME} AND role = 'lead' AND NOT app_engagement_has_members(engagement_id)
          AND EXISTS (SELECT FROM engagements e WHERE e.id = engagement_members.engagement_id AND e.created_by = ${ME})`,
      },
      { name: 'update_lead', command: 'UPDATE', using: `app_member_role(engagement_id) = 'lead'`, check: `app_member_role(engagement_id) = 'lead'` },
      { name: 'delete_lead', command: 'DELETE', using: `app_member_role(engagement_id) = 'lead'` },
    ],
    grants: ['SELECT', 'INSERT', 'UPDATE (role, pii_access, updated_at)', 'DELETE'],
    definerReads: true,
  },
  memberData(
    'datasets',
    [
      'SELECT',
      'INSERT',
      `UPDATE (name, status, reference_version, settings, column_mapping, uploaded_rows, headcount, total_cogs,
        summary, duplicate_employee_ids, updated_at, finalized_at)`,
      'DELETE',
    ],
    { insertAlso: `created_by = ${ME} AND (NOT with_identities OR ${WITH_PII})`, adminReads: true },
  ),
  memberData('upload_chunks', ['SELECT', 'INSERT', 'DELETE']),
  memberData('employee_rows', ['SELECT', 'INSERT', 'DELETE']),
  {
    // Ciphertexts are for members with PII access. Leads see them too because a lead purges
    // the engagement, and a DELETE with a WHERE clause only reaches rows its SELECT policy shows.
    table: 'employee_identities',
    policies: [
      { name: 'select_pii_or_lead', command: 'SELECT', using: `${WITH_PII} OR ${LEAD}` },
      { name: 'insert_writer_pii', command: 'INSERT', check: WRITER_WITH_PII },
      { name: 'delete_writer_pii_or_lead', command: 'DELETE', using: `${WRITER_WITH_PII} OR ${LEAD}` },
    ],
    grants: ['SELECT', 'INSERT', 'DELETE'],
  },
  memberData('dataset_titles', [
    'SELECT',
    'INSERT',
    'UPDATE (source, us_soc2018, uk_soc2020, category, subcategory, confidence, review_required, updated_at)',
    'DELETE',
  ]),
  memberData(
    'overrides',
    ['SELECT', 'INSERT', 'UPDATE (title, us_soc2018, uk_soc2020, category, subcategory, updated_at)', 'DELETE'],
    { insertAlso: `created_by = ${ME}` },
  ),
  memberData('ai_outputs', ['SELECT', 'INSERT', 'UPDATE (prompt_version, content, created_at)', 'DELETE']),
  memberData('copilot_plans', ['SELECT', 'INSERT', 'UPDATE (name, config, updated_at)', 'DELETE'], { insertAlso: `created_by = ${ME}` }),
  {
    // Insert-and-read only: no UPDATE or DELETE privilege exists for the application role.
    table: 'audit_events',
    policies: [
      { name: 'insert_own', command: 'INSERT', check: `actor = ${ME}` },
      { name: 'select_admin', command: 'SELECT', using: ADMIN },
      { name: 'select_lead', command: 'SELECT', using: LEAD },
    ],
    grants: ['SELECT', 'INSERT (at, actor, action, engagement_id, dataset_id, details)'],
  },
  {
    // Platform-wide totals for the budget come from the ai_usage_monthly view (migration 0003).
    table: 'ai_usage',
    policies: [
      { name: 'insert_own', command: 'INSERT', check: `user_id = ${ME}` },
      { name: 'select_own', command: 'SELECT', using: `user_id = ${ME}` },
      { name: 'select_admin', command: 'SELECT', using: ADMIN },
    ],
    grants: ['SELECT', 'INSERT'],
  },
  { table: 'users', grants: ['SELECT', 'INSERT', 'UPDATE (name, role, active, updated_at)'], definerReads: true },
  { table: 'dev_sessions', grants: ['SELECT', 'INSERT', 'UPDATE (expires_at)', 'DELETE'] },
  { table: 'clients', grants: ['SELECT', 'INSERT', 'UPDATE (name, sector, notes, archived, brand, updated_at)'] },
  {
    table: 'reference_versions',
    grants: ['SELECT', 'INSERT', 'UPDATE (status, version, data, notes, updated_at, published_at, published_by)', 'DELETE'],
  },
  {
    table: 'prompt_versions',
    grants: [
      'SELECT',
      'INSERT',
      'UPDATE (status, version, system, template, model, temperature, max_output_tokens, notes, updated_at, published_at)',
      'DELETE',
    ],
  },
  {
    table: 'classification_cache',
    grants: [
      'SELECT',
      'INSERT',
      'UPDATE (us_soc2018, uk_soc2020, category, subcategory, prompt_version, verified, hit_count, updated_at)',
      'DELETE',
    ],
  },
];

const maintenancePolicy = (table: string) =>
  `CREATE POLICY ${table}_owner_maintenance ON ${table} FOR ALL TO CURRENT_USER USING (${MAINTENANCE}) WITH CHECK (${MAINTENANCE})`;

/**
 * The definer role reads every row of a table its helpers need. A policy also applies to members
 * of its role, and a non-superuser owner is one (it hands the helpers over), so the policy asks
 * that the definer role itself be acting: true inside a helper, false for the owner's own queries.
 */
export function definerReadStatements(table: string, appRole: string, secured: boolean): string[] {
  const definer = definerRoleOf(appRole);
  const policy = secured
    ? [`CREATE POLICY ${table}_definer_read ON ${table} FOR SELECT TO ${definer} USING (current_user = '${definer}')`]
    : [];
  return [...policy, `GRANT SELECT ON ${table} TO ${definer}`];
}

function tableStatements(access: TableAccess, appRole: string): string[] {
  const { table, policies } = access;
  const secured = policies
    ? [
        `ALTER TABLE ${table} ENABLE ROW LEVEL SECURITY`,
        `ALTER TABLE ${table} FORCE ROW LEVEL SECURITY`,
        maintenancePolicy(table),
        ...policies.map((policy) => {
          const using = policy.using ? ` USING (${policy.using})` : '';
          const check = policy.check ? ` WITH CHECK (${policy.check})` : '';
          return `CREATE POLICY ${table}_${policy.name} ON ${table} FOR ${policy.command} TO ${appRole}${using}${check}`;
        }),
      ]
    : [];
  const definerReads = access.definerReads ? definerReadStatements(table, appRole, Boolean(policies)) : [];
  return [...secured, ...definerReads, ...access.grants.map((grant) => `GRANT ${grant} ON ${table} TO ${appRole}`)];
}

/** Tables must exist and helpers be defined first; the helpers need the definer's read access only when called. */
export function accessStatements(appRole: string): string[] {
  return ACCESS.flatMap((access) => tableStatements(access, appRole));
}
