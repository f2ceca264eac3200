// Typed calls for an engagement's title overrides (server/routes/datasets). Setting or removing one
// rescores every dataset of the engagement holding the title before the server answers.
import { api } from './api.ts';

export interface Override {
  normalisedTitle: string;
  title: string;
  usSoc2018: string;
  ukSoc2020: string;
  category: string;
  subcategory: string;
  updatedAt: string;
}

/** The codes a reviewer chose; the server gives them the role that holds them. */
export interface OverrideChoice {
  title: string;
  usSoc2018: string;
  ukSoc2020: string;
}

const path = (engagementId: string) => `/engagements/${encodeURIComponent(engagementId)}/overrides`;

export async function listOverrides(engagementId: string): Promise<Override[]> {
  return (await api.get<{ overrides: Override[] }>(path(engagementId))).overrides;
}

export function setOverride(engagementId: string, choice: OverrideChoice): Promise<{ override: Override; datasets: number }> {
  return api.put(path(engagementId), choice);
}

export function removeOverride(engagementId: string, title: string): Promise<{ datasets: number }> {
  return api.delete(`${path(engagementId)}?title=${encodeURIComponent(title)}`);
}
