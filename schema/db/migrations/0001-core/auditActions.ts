/**
 * The audit action codes migration 0001 allows, frozen with it: the spec's Events table at the
 * time. A new code needs a new migration that replaces the CHECK; schema/auditActions.ts is the
 * live list the service uses, and a test proves the database accepts every code in it.
 */
export const AUDIT_ACTIONS_0001 = [
  'user_created', 'user_updated', 'client_created', 'client_updated', 'client_brand_updated', 'client_brand_removed',
  'engagement_created', 'engagement_updated', 'engagement_closed', 'engagement_reopened', 'engagement_purged',
  'engagement_deleted', 'member_added', 'member_updated', 'member_removed',
  'override_set', 'override_removed',
  'dataset_created', 'dataset_uploaded', 'dataset_finalised', 'dataset_renamed', 'dataset_rescored',
  'dataset_reference_changed', 'dataset_deleted',
  'identities_uploaded', 'identities_revealed', 'identities_matched', 'export_generated',
  'ai_generated',
  'copilot_plan_saved', 'copilot_plan_deleted',
  'reference_draft_created', 'reference_published', 'reference_draft_discarded',
  'prompt_draft_created', 'prompt_published', 'prompt_draft_discarded', 'prompt_tested',
  'cache_entry_verified', 'cache_entry_deleted',
] as const;
