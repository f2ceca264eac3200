import { z } from 'zod';
import { guardedText } from '../../../schema/guardedText.ts';
import { BRAND_FONTS, HEX_COLOUR } from '../../../workers/brand/brand.ts';

// A client is an organisation: its name, sector (given to the model as context) and notes never hold an email.
const name = guardedText({ max: 200, noEmail: true });
const sector = guardedText({ max: 100, noEmail: true }).nullable();
const notes = guardedText({ min: 0, max: 2000, multiline: true, noEmail: true }).nullable();

export const createClientBody = z.strictObject({ name, sector: sector.optional(), notes: notes.optional() });

export const updateClientBody = z
  .strictObject({ name: name.optional(), sector: sector.optional(), notes: notes.optional(), archived: z.boolean().optional() })
  .refine((body) => Object.keys(body).length > 0, { message: 'Send at least one of name, sector, notes, archived.' });

const colour = z.string().toLowerCase().regex(HEX_COLOUR, 'Use a colour of the form #rrggbb.');

/** Shape of a brand; the contrast and logo rules are checked by the service (workers/brand). */
export const brandBody = z.strictObject({
  logo: z.string().max(400_000).nullable().default(null),
  colours: z.strictObject({ primary: colour, secondary: colour.nullable().default(null), accent: colour.nullable().default(null) }),
  font: z.enum(BRAND_FONTS).default('System'),
});
