import { z } from 'zod';
import { label, money, percent, slug, ukSocCode, usMajorCode, usSocCode } from './primitives.ts';

/**
 * US pay per SOC-2018 code (BLS OEWS national medians, in the currency of `region`, US dollars): what a
 * person on a list whose home is that region is priced at when no salary applies. Optional: documents made
 * before it price every list in pounds.
 */
export const usPaySchema = z.strictObject({
  /** The region whose national market the table describes; its factor converts to other regions. */
  region: slug,
  /** Annual median per detailed code with its own published figure. */
  medians: z.record(usSocCode, money),
  /** Codes without their own figure, priced at their broad, minor or major group's median. */
  proxyMedians: z.record(usSocCode, money),
  /** Median of all occupations: rows with no US code. */
  fallbackMedian: money,
});

/** US SOC-2018 and UK SOC-2020 catalogues, AI-exposure scores, UK pay (ASHE) and US pay (OEWS). */
export const occupationsSchema = z.strictObject({
  usMajorGroups: z.record(usMajorCode, label),
  us: z.record(usSocCode, z.strictObject({ title: label, major: usMajorCode })),
  aioe: z.record(usSocCode, z.strictObject({ score: z.number().finite().min(-10).max(10), percentile: percent })),
  uk: z.record(
    ukSocCode,
    z.strictObject({ title: label, median: money, p25: money.nullable(), p75: money.nullable() }),
  ),
  ukProxyMedians: z.record(ukSocCode, money),
  /**
   * UK unit groups whose ASHE median is suppressed (officers in the armed forces, senior fire officers), by
   * title: still choosable, priced by their ukProxyMedians entry, a stated fallback. Older versions have none.
   */
  ukUnpriced: z.record(ukSocCode, label).optional(),
  ukDefaultCode: ukSocCode,
  fallbackMedian: money,
  usPay: usPaySchema.optional(),
});
