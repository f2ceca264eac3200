// Typed calls for an engagement's title overrides (server/routes/datasets). Setting or removing one
// rescores every dataset of the engagement holding the title before the server answers.
import { contextHeading } from '../../workers/classify/context.ts';
import { api } from './http.ts';
import { overridesReply, removeOverrideReply, setOverrideReply, type Override, type OverrideScope, type SetOverrideReply, type RemoveOverrideReply } from '../../schema/api/overrides.ts';

export type { Override, OverrideScope };

/** The codes a reviewer chose; the server gives them the role that holds them. */
export interface OverrideChoice {
  title: string;
  usSoc2018: string;
  ukSoc2020: string;
  /** Only the rows of one context (a variant); absent for the title everywhere. */
  scope?: OverrideScope;
}

const path = (engagementId: string) => `/engagements/${encodeURIComponent(engagementId)}/overrides`;

export async function listOverrides(engagementId: string): Promise<Override[]> {
  return (await api.get(path(engagementId), overridesReply)).overrides;
}

export function setOverride(engagementId: string, choice: OverrideChoice): Promise<SetOverrideReply> {
  return api.put(path(engagementId), choice, setOverrideReply);
}

/** Removes the override of the title everywhere, or the one of `scope`. */
export function removeOverride(engagementId: string, title: string, scope: OverrideScope | null = null): Promise<RemoveOverrideReply> {
  const query = new URLSearchParams({ title });
  if (scope) {
    query.set('scopeKind', scope.kind);
    for (const value of scope.values) query.append('scopeValue', value);
  }
  return api.delete(`${path(engagementId)}?${query}`, removeOverrideReply);
}

/** How an override's scope reads: "everywhere", or "Unit: Legal" / "Grade: SCS1, SCS2". */
export function describeScope(scope: OverrideScope | null): string {
  if (!scope) return 'Everywhere';
  return `${contextHeading(scope.kind)}: ${scope.values.join(', ')}`;
}
