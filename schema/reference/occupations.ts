import { z } from 'zod';
import { label, money, percent, ukSocCode, usMajorCode, usSocCode } from './primitives.ts';

/** US SOC-2018 and UK SOC-2020 catalogues, AI-exposure scores and UK pay (ASHE). */
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
});
