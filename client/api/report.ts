// What the client report reads beyond the dataset: the engagement's report notes and client, the client's
// brand, and the executive summary (AI-written when cached, else the rule-based one). Also the brand's calls
// for the brand editor.
import type { ReportNotes } from '../../schema/reportNotes.ts';
import { brandReply, savedBrandReply, type Brand, type BrandReply } from '../../schema/api/brand.ts';
import { api } from './http.ts';
import type { NarrativeResult } from '../../schema/ai.ts';
import { engagementReply, type Engagement } from '../../schema/api/engagements.ts';

export type { BrandReply };

/** The executive summary: AI-written when cached, else the rule-based one (reviewRequired marks a low-confidence AI text). */
export type ExecutiveSummary = NarrativeResult;

const clientPath = (id: string) => `/clients/${encodeURIComponent(id)}/brand`;

export function saveReportNotes(id: string, reportNotes: ReportNotes | null): Promise<{ engagement: Engagement }> {
  return api.patch(`/engagements/${encodeURIComponent(id)}`, { reportNotes }, engagementReply);
}

export function fetchBrand(clientId: string): Promise<BrandReply> {
  return api.get(clientPath(clientId), brandReply);
}

export async function saveBrand(clientId: string, brand: Brand): Promise<Brand> {
  return (await api.put(clientPath(clientId), brand, savedBrandReply)).brand;
}

export function removeBrand(clientId: string): Promise<void> {
  return api.delete<void>(clientPath(clientId));
}
