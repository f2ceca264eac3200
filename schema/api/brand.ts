import { z } from 'zod';

// What the brand routes answer. The brand's rules (contrast, logo format and size) are compute's
// (workers/brand/brand.ts), which takes the shape and the fonts from here.

export const BRAND_FONTS = ['System', 'Arial', 'Helvetica', 'Verdana', 'Tahoma', 'Trebuchet MS', 'Segoe UI', 'Georgia', 'Times New Roman', 'Garamond'] as const;
export type BrandFont = (typeof BRAND_FONTS)[number];

/** Deliverable brand of a client. Formats are documented in docs/brand.md. */
export const brand = z
  .object({
    /** A data URL of a PNG, JPEG or SVG image (base64), at most LOGO_MAX_BYTES decoded; or null. */
    logo: z.string().nullable(),
    colours: z.object({ primary: z.string(), secondary: z.string().nullable(), accent: z.string().nullable() }),
    font: z.enum(BRAND_FONTS),
  })
  .meta({ id: 'Brand' });
export type Brand = z.infer<typeof brand>;

/** GET /clients/:id/brand: the brand or null, and whether the caller may change it. */
export const brandReply = z.object({ brand: brand.nullable(), canEdit: z.boolean() });
export type BrandReply = z.infer<typeof brandReply>;
/** PUT /clients/:id/brand: the brand as stored. */
export const savedBrandReply = z.object({ brand });
