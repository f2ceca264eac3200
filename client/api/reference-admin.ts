// Typed calls for editing reference data (administrators) and for moving a dataset onto a newer version.
import { ApiError, api } from './http.ts';
import type { Dataset } from './datasets.ts';
import { datasetReply } from '../../schema/api/datasets.ts';
import {
  maybeReferenceDraftReply,
  publishReferenceReply,
  referenceDraftReply,
  referenceOverviewReply,
  type PublishedReference,
  type ReferenceDraft,
  type ReferenceIssue,
  type ReferenceOverview,
} from '../../schema/api/reference.ts';

export type { ReferenceDraft, ReferenceIssue, ReferenceOverview };
export type { ReferenceVersionMeta } from '../../schema/api/reference.ts';
export type IssueSeverity = ReferenceIssue['severity'];

export function referenceOverview(): Promise<ReferenceOverview> {
  return api.get('/admin/reference', referenceOverviewReply);
}

export async function fetchDraft(): Promise<ReferenceDraft | null> {
  return (await api.get('/admin/reference/draft', maybeReferenceDraftReply)).draft;
}

/** 409 conflict when a draft already exists. */
export async function createDraft(basedOn?: number): Promise<ReferenceDraft> {
  return (await api.post('/admin/reference/draft', basedOn === undefined ? {} : { basedOn }, referenceDraftReply)).draft;
}

/** Refused with 400 invalid_reference_data (issues at their paths) when the section's shape is invalid. */
export async function saveDraftSection(section: string, value: unknown): Promise<ReferenceDraft> {
  return (await api.put('/admin/reference/draft', { section, value }, referenceDraftReply)).draft;
}

/** Refused with 400 invalid_reference_data while errors remain; notes are 3 to 2,000 characters. */
export function publishDraft(notes: string): Promise<PublishedReference> {
  return api.post('/admin/reference/draft/publish', { notes }, publishReferenceReply);
}

export function discardDraft(): Promise<void> {
  return api.delete<void>('/admin/reference/draft');
}

/**
 * The issues a refusal carries: the server words each as "error: …" (shape errors refuse a save, cross-check
 * errors refuse a publish). Other refusals carry none.
 */
export function refusalIssues(error: unknown): ReferenceIssue[] {
  if (!(error instanceof ApiError) || error.code !== 'invalid_reference_data') return [];
  return (error.issues ?? []).map((issue) => {
    const text = String(issue.message ?? '');
    const match = /^(error|warning): ([\s\S]*)$/.exec(text);
    return {
      severity: (match?.[1] as IssueSeverity | undefined) ?? 'error',
      path: Array.isArray(issue.path) ? issue.path.join('.') : String(issue.path ?? ''),
      message: match?.[2] ?? text,
    };
  });
}

/** Rescores a ready dataset onto a published version (the newest when none is named). */
export async function moveDatasetToVersion(datasetId: string, version?: number): Promise<Dataset> {
  const body = version === undefined ? {} : { version };
  return (await api.post(`/datasets/${encodeURIComponent(datasetId)}/reference`, body, datasetReply)).dataset;
}
