import type { ReferenceData } from '../../../schema/reference/index.ts';
import { eloundouBeta, mean, observedExposure, type PolicyContext } from './context.ts';
import { numberOrNull, readCsv } from './csv.ts';

/**
 * exposure: how an AIOE percentile turns into a share of work AI touches, how that share splits into
 * automation and augmentation, and when a role's exposure is "now", "near" or "later".
 *
 * - augFloor / augCeil: a least-squares line of Eloundou et al.'s beta (share of an occupation's tasks an
 *   LLM could speed up) against the AIOE percentile, read at percentile 0 and 100.
 * - aeiAutoShare: mean automation rating (T0–T4 as 0–1) of the tasks Eloundou et al. rate as exposed.
 * - horizons: the AIOE decile from which most occupations (half: near, three quarters: now) already show
 *   observed AI use in the Anthropic Economic Index, with every higher decile doing so as well.
 */

export function leastSquares(points: [number, number][]): { intercept: number; slope: number } {
  const mx = mean(points.map((p) => p[0]));
  const my = mean(points.map((p) => p[1]));
  let sxy = 0;
  let sxx = 0;
  for (const [x, y] of points) {
    sxy += (x - mx) * (y - my);
    sxx += (x - mx) ** 2;
  }
  const slope = sxy / sxx;
  return { intercept: my - slope * mx, slope };
}

/** Lower bound of the first decile from which every decile's share of observed users reaches `share`. */
export function decileFrom(shareByDecile: number[], share: number): number {
  let from = shareByDecile.length;
  for (let d = shareByDecile.length - 1; d >= 0 && shareByDecile[d] >= share; d--) from = d;
  return from * 10;
}

export function buildExposure(ctx: PolicyContext): ReferenceData['exposure'] {
  const percentiles = new Map(Object.entries(ctx.occupations.aioe).map(([code, a]) => [code, a.percentile]));

  const beta = eloundouBeta(ctx.dataDir);
  const points: [number, number][] = [];
  for (const [code, p] of percentiles) {
    const b = beta.get(code);
    if (b !== undefined) points.push([p, b]);
  }
  const fit = leastSquares(points);
  const clampPercent = (v: number) => Math.min(100, Math.max(0, Math.round(v * 100)));
  const augFloor = clampPercent(fit.intercept);
  const augCeil = clampPercent(fit.intercept + fit.slope * 100);

  const tasks = readCsv(ctx.dataDir, 'gpts-are-gpts/full_labelset.csv');
  const automation = tasks.filter((t) => (numberOrNull(t.beta) ?? 0) > 0).map((t) => Number(t.automation));
  const aeiAutoShare = Math.round(mean(automation) * 100) / 100;

  const observed = observedExposure(ctx.dataDir);
  const deciles = Array.from({ length: 10 }, () => ({ seen: 0, total: 0 }));
  for (const [code, p] of percentiles) {
    const o = observed.get(code);
    if (o === undefined) continue;
    const d = deciles[Math.min(9, Math.floor(p / 10))];
    d.total += 1;
    if (o > 0) d.seen += 1;
  }
  const shares = deciles.map((d) => (d.total ? d.seen / d.total : 0));
  return {
    augFloor,
    augCeil,
    aeiAutoShare,
    horizonNowFrom: decileFrom(shares, 0.75),
    horizonNearFrom: decileFrom(shares, 0.5),
  };
}
