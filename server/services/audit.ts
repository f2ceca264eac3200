import type { AuditAction } from '../../schema/auditActions.ts';
import { holdsEmail, normaliseText } from '../../schema/text.ts';
import type { Tx } from '../db/connection.ts';
import { bindJson, nowIso } from '../db/convert.ts';
import { invalid } from '../http/httpError.ts';

/**
 * Audit details hold identifiers, codes, counts and flags only. A string value must be a
 * token (no spaces, no @), so a name, an email or a sentence cannot be written by mistake.
 */
export type AuditValue = number | boolean | null | string | AuditValue[];
export type AuditDetails = Record<string, AuditValue>;

const TOKEN = /^[A-Za-z0-9_.:\-]{1,100}$/;

function assertSafe(value: AuditValue, path: string): void {
  if (Array.isArray(value)) return value.forEach((v, i) => assertSafe(v, `${path}.${i}`));
  if (typeof value === 'string' && !TOKEN.test(value)) {
    throw new Error(`Audit detail ${path} is not a token; audit details never hold free text`);
  }
  if (typeof value === 'number' && !Number.isFinite(value)) throw new Error(`Audit detail ${path} is not a finite number`);
}

export interface AuditEntry {
  /** The acting user; null only for internal jobs running as the owner (retention). */
  actor: string | null;
  action: AuditAction;
  engagementId?: string | null;
  datasetId?: string | null;
  details?: AuditDetails;
  /**
   * Publish notes of a reference or prompt version: the one free-text detail the specification
   * asks the trail to keep. They describe reference content, never people, and may not hold an email.
   */
  publishNotes?: string;
  /**
   * The purpose stated for a reveal or a match (spec: Identity protection rule 5 asks the trail to keep
   * it). It is the consultant's reason, never a person's data, and may not hold an email.
   */
  purpose?: string;
}

const ACTIONS_WITH_NOTES = new Set(['reference_published', 'prompt_published']);
const ACTIONS_WITH_PURPOSE = new Set(['identities_revealed', 'identities_matched']);

/**
 * The trail's one free-text detail, as the normaliser reads it. The request's schema refuses an email first;
 * this is the last wall, and it answers as the schema would (400 with the field), never with a 500.
 */
function freeText(text: string, field: 'notes' | 'purpose'): string {
  const normalised = normaliseText(text, { multiline: true });
  if (holdsEmail(normalised)) throw invalid([{ path: field, message: 'The audit trail never holds an email address; leave it out.' }]);
  return normalised;
}

/** Appends one audit row in the caller's transaction, so it commits or rolls back with the change it describes. */
export async function recordAudit(tx: Tx, entry: AuditEntry): Promise<void> {
  const details: Record<string, unknown> = { ...(entry.details ?? {}) };
  for (const [key, value] of Object.entries(entry.details ?? {})) assertSafe(value, key);
  if (entry.publishNotes !== undefined) {
    if (!ACTIONS_WITH_NOTES.has(entry.action)) throw new Error(`Audit action ${entry.action} does not take notes`);
    details.notes = freeText(entry.publishNotes, 'notes');
  }
  if (entry.purpose !== undefined) {
    if (!ACTIONS_WITH_PURPOSE.has(entry.action)) throw new Error(`Audit action ${entry.action} does not take a purpose`);
    details.purpose = freeText(entry.purpose, 'purpose');
  }
  await tx
    .insertInto('audit_events')
    .values({
      at: nowIso(),
      actor: entry.actor,
      action: entry.action,
      engagement_id: entry.engagementId ?? null,
      dataset_id: entry.datasetId ?? null,
      details: bindJson(details),
    } as never)
    .execute();
}
