// The client's brand as CSS for deliverables: a font stack per allowed font, and the house colours when the
// client has no brand.
import type { Brand, BrandFont } from '../../../workers/brand/brand.ts';

const FONT_STACKS: Record<BrandFont, string> = {
  System: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  Arial: 'Arial, Helvetica, sans-serif',
  Helvetica: "Helvetica, Arial, sans-serif",
  Verdana: 'Verdana, Geneva, sans-serif',
  Tahoma: 'Tahoma, Verdana, sans-serif',
  'Trebuchet MS': "'Trebuchet MS', Helvetica, sans-serif",
  'Segoe UI': "'Segoe UI', system-ui, sans-serif",
  Georgia: 'Georgia, serif',
  'Times New Roman': "'Times New Roman', Times, serif",
  Garamond: "Garamond, 'Times New Roman', serif",
};

export const fontStack = (font: BrandFont) => FONT_STACKS[font] ?? FONT_STACKS.System;

/** The product's own look, used when the client has no brand (its primary carries white text). */
export const HOUSE_BRAND: Brand = { logo: null, colours: { primary: '#1d3f6e', secondary: '#1f5fbf', accent: '#1f5fbf' }, font: 'System' };
