import { z } from 'zod';

/**
 * GET /datasets/:id/titles on the wire: every title as a positional tuple, and each repeated value sent once.
 * A coder's reasons repeat across titles, variants and alternatives (three alternatives a title, each with its
 * reason), and so do categories and subcategories: they go once in `texts` and are named by index; each distinct
 * alternative goes once in `alternatives`. A list of 3,000 titles was 4.5 MB as objects and is 1.4 MB so
 * (about 210 KB gzipped). The records it carries, and the encoding both sides share, are in
 * workers/classify/titlesList.ts.
 */

export const TITLE_SOURCES = ['pending', 'override', 'pack', 'cache', 'ai', 'rules'] as const;
export type TitleSource = (typeof TITLE_SOURCES)[number];

const text = z.number().int().min(0).meta({ description: 'An index into texts.' });
const optionalText = text.nullable();
const code = z.string().nullable();

const reading = [
  z.enum(TITLE_SOURCES).meta({ description: 'source' }),
  code.meta({ description: 'usSoc2018' }),
  code.meta({ description: 'ukSoc2020' }),
  optionalText.meta({ description: 'category (index into texts)' }),
  optionalText.meta({ description: 'subcategory (index into texts)' }),
  z.number().nullable().meta({ description: 'confidence, 0–1' }),
  z.union([z.literal(0), z.literal(1)]).meta({ description: 'reviewRequired' }),
  optionalText.meta({ description: 'reason (index into texts)' }),
  z.array(z.number().int().min(0)).nullable().meta({ description: 'alternatives, best first (indexes into alternatives); null where the source offers none' }),
] as const;

const scope = z.object({ kind: z.string(), values: z.array(z.string()) }).nullable();

export const titlesListSchema = z
  .object({
    texts: z.array(z.string()).meta({ description: 'Reasons, categories and subcategories, each distinct text once.' }),
    alternatives: z
      .array(
        z.tuple([
          code.meta({ description: 'usSoc2018' }),
          code.meta({ description: 'ukSoc2020' }),
          z.number().meta({ description: 'score: calibrated chance, 0–1' }),
          text.meta({ description: 'reason (index into texts)' }),
        ]),
      )
      .meta({ description: 'Each distinct alternative reading once.' }),
    titles: z
      .array(
        z.tuple([
          z.string().meta({ description: 'title' }),
          z.string().meta({ description: 'normalised' }),
          z.number().int().meta({ description: 'headcount' }),
          ...reading,
          z
            .array(
              z.tuple(
                [
                  ...reading,
                  z.array(z.string()).meta({ description: 'contextKeys' }),
                  z.string().meta({ description: 'label' }),
                  z.array(z.string()).meta({ description: 'splitBy' }),
                  scope.meta({ description: 'scope: what correcting only this variant sets an override for' }),
                  z.number().int().meta({ description: 'headcount' }),
                ],
                scope.meta({ description: 'overrideScope, present on the variants of an override only' }),
              ),
            )
            .nullable()
            .meta({ description: 'variants, most people first; null when one reading holds for all rows' }),
        ]),
      )
      .meta({ description: 'Most people first.' }),
  })
  .meta({ id: 'TitlesList' });

export type TitlesList = z.infer<typeof titlesListSchema>;
