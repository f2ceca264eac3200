import { contextValue } from '../../workers/classify/context.ts';
import { normaliseTitle } from '../../workers/classify/normalise.ts';
import { scopeText, type OverrideScope } from '../../workers/classify/variants.ts';
import type { CompiledReference } from '../../workers/reference/index.ts';
import { HttpError, notFound } from '../http/httpError.ts';
import { findDataset, type Dataset } from '../repositories/datasetsRepository.ts';
import { deleteOverride, listOverrides, upsertOverride, type Override } from '../repositories/overridesRepository.ts';
import { titlesWithNormalised } from '../repositories/titlesRepository.ts';
import { recordAudit } from './audit.ts';
import { requireMember, requireRole, requireStatus } from './access.ts';
import type { ServiceContext } from './context.ts';
import { WRITERS } from './datasetAccess.ts';
import { finaliseDataset } from './finalise.ts';
import { compiledReference, currentReference } from './reference.ts';
import { reresolveTitles } from './rescore.ts';
import { knowsCodes } from './titleResolution.ts';

export interface OverrideInput {
  title: string;
  usSoc2018: string;
  ukSoc2020: string;
  /** Both or neither: without them the role comes from the codes under the live version. */
  category?: string | undefined;
  subcategory?: string | undefined;
  /** Only the rows whose context of one kind holds one of the values; absent or null: the title everywhere. */
  scope?: OverrideScope | null | undefined;
}

/** A scope as stored: its values folded as rows' contexts are compared, each once, sorted. */
export function storedScope(scope: OverrideScope | null | undefined): OverrideScope | null {
  if (!scope) return null;
  return { kind: scope.kind, values: [...new Set(scope.values.map(contextValue))].filter((v) => v !== '').sort() };
}

const sameScope = (a: OverrideScope | null, b: OverrideScope | null) => scopeText(a) === scopeText(b);

type ChosenOverride = OverrideInput & { category: string; subcategory: string };

function withRole(current: CompiledReference, input: OverrideInput): ChosenOverride {
  if (input.category !== undefined && input.subcategory !== undefined) return { ...input, category: input.category, subcategory: input.subcategory };
  const { category, subcategory } = current.roleForCodes(input.usSoc2018, input.ukSoc2020);
  return { ...input, category, subcategory };
}

export async function listEngagementOverrides(ctx: ServiceContext, engagementId: string): Promise<Override[]> {
  await requireMember(ctx, engagementId);
  return listOverrides(ctx.tx, engagementId);
}

/** Why a version cannot take the override, or null when it can. */
function unknownIn(reference: CompiledReference, input: ChosenOverride): string | null {
  if (!(input.usSoc2018 in reference.data.occupations.us)) return `US SOC 2018 code ${input.usSoc2018}`;
  if (!knowsCodes(reference, input.usSoc2018, input.ukSoc2020)) return `UK SOC 2020 code ${input.ukSoc2020} (with pay data)`;
  if (!reference.role(input.category, input.subcategory)) return `role ${input.category} / ${input.subcategory}`;
  return null;
}

/** The engagement's datasets that hold the normalised title, once each. */
async function datasetsHolding(ctx: ServiceContext, engagementId: string, normalised: string): Promise<Dataset[]> {
  const ids = [...new Set((await titlesWithNormalised(ctx.tx, engagementId, normalised)).map((t) => t.datasetId))];
  return (await Promise.all(ids.map((id) => findDataset(ctx.tx, id)))).filter((d): d is Dataset => d !== null);
}

/**
 * Sets an override after checking it against the live version and every version pinned by a
 * dataset holding the title; each such dataset takes it through its own pinned reference and a
 * ready one is finalised again. An override with a scope applies only to the rows of its context and
 * beats the title's override everywhere there; the audit entry says which kind of context it was
 * limited to, never the values (they are the client's text).
 */
export async function setOverride(ctx: ServiceContext, engagementId: string, sent: OverrideInput): Promise<{ override: Override; datasets: number }> {
  const { engagement } = await requireRole(ctx, engagementId, WRITERS);
  requireStatus(engagement, ['active'], 'changing overrides');
  const current = await compiledReference(ctx.tx, (await currentReference(ctx.tx)).version);
  const input = withRole(current, sent);
  const unknownNow = unknownIn(current, input);
  if (unknownNow) throw new HttpError(400, 'unknown_occupation', `The live reference data does not know the ${unknownNow}.`);
  const normalised = normaliseTitle(input.title);
  const scope = storedScope(input.scope);
  const datasets = await datasetsHolding(ctx, engagementId, normalised);
  for (const dataset of datasets) {
    const unknown = unknownIn(await compiledReference(ctx.tx, dataset.referenceVersion), input);
    if (unknown) {
      throw new HttpError(
        400,
        'override_unknown_in_version',
        `Reference version ${dataset.referenceVersion}, pinned by the dataset "${dataset.name}", does not know the ${unknown}. Rescore that dataset to version ${current.version ?? 'the latest'} first, then set the override.`,
      );
    }
  }
  await upsertOverride(ctx.tx, engagementId, ctx.actor.id, {
    normalisedTitle: normalised, title: input.title, usSoc2018: input.usSoc2018, ukSoc2020: input.ukSoc2020, category: input.category, subcategory: input.subcategory, scope,
  });
  for (const dataset of datasets) {
    await reresolveTitles(ctx, dataset, engagement, await compiledReference(ctx.tx, dataset.referenceVersion), (t) => t.normalised === normalised);
    if (dataset.status === 'ready') await finaliseDataset(ctx, dataset, engagement);
  }
  await recordAudit(ctx.tx, {
    actor: ctx.actor.id,
    action: 'override_set',
    engagementId,
    details: { usSoc2018: input.usSoc2018, ukSoc2020: input.ukSoc2020, datasets: datasets.length, ...(scope && { scope: scope.kind }) },
  });
  const override = (await listOverrides(ctx.tx, engagementId)).find((o) => o.normalisedTitle === normalised && sameScope(o.scope, scope))!;
  return { override, datasets: datasets.length };
}

/** Removes an override (of the title everywhere, or of one scope); its titles are re-resolved without AI (pack, cache, rules) and ready datasets finalised. */
export async function removeOverride(ctx: ServiceContext, engagementId: string, title: string, sentScope: OverrideScope | null = null): Promise<{ datasets: number }> {
  const { engagement } = await requireRole(ctx, engagementId, WRITERS);
  requireStatus(engagement, ['active'], 'changing overrides');
  const normalised = normaliseTitle(title);
  const scope = storedScope(sentScope);
  if (!(await deleteOverride(ctx.tx, engagementId, normalised, scope))) throw notFound('Override');
  const datasets = await datasetsHolding(ctx, engagementId, normalised);
  for (const dataset of datasets) {
    await reresolveTitles(ctx, dataset, engagement, await compiledReference(ctx.tx, dataset.referenceVersion), (t) => t.normalised === normalised);
    if (dataset.status === 'ready') await finaliseDataset(ctx, dataset, engagement);
  }
  await recordAudit(ctx.tx, { actor: ctx.actor.id, action: 'override_removed', engagementId, details: { datasets: datasets.length, ...(scope && { scope: scope.kind }) } });
  return { datasets: datasets.length };
}
