import { BRAND_FONTS, type Brand, type BrandFont } from '../../schema/api/brand.ts';
import { carriesWhiteText, contrastRatio } from './contrast.ts';
import { svgActiveContent } from './svgSafety.ts';

// The brand's shape and fonts are what the brand routes answer (schema/api/brand.ts); the rules are here.
export { BRAND_FONTS };
export type { Brand, BrandFont };

export const LOGO_MAX_BYTES = 256 * 1024;
export const HEX_COLOUR = /^#[0-9a-f]{6}$/;

const LOGO_DATA_URL = /^data:(image\/png|image\/jpeg|image\/svg\+xml);base64,([A-Za-z0-9+/]+={0,2})$/;

export interface BrandProblem {
  path: string;
  message: string;
}

function decodeBase64(data: string): Uint8Array {
  const binary = atob(data);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

const startsWith = (bytes: Uint8Array, signature: number[]) => signature.every((b, i) => bytes[i] === b);

function logoProblem(logo: string): string | null {
  const match = LOGO_DATA_URL.exec(logo);
  if (!match) return 'The logo must be a base64 data URL of a PNG, JPEG or SVG image.';
  const [, type, data] = match;
  const bytes = decodeBase64(data);
  if (bytes.length > LOGO_MAX_BYTES) return `The logo is larger than ${LOGO_MAX_BYTES / 1024} KB.`;
  if (type === 'image/png' && !startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'The logo is not a PNG image.';
  if (type === 'image/jpeg' && !startsWith(bytes, [0xff, 0xd8, 0xff])) return 'The logo is not a JPEG image.';
  if (type === 'image/svg+xml') {
    const svg = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
    if (!/<svg[\s>]/i.test(svg)) return 'The logo is not an SVG image.';
    const reason = svgActiveContent(svg);
    if (reason) return `The SVG logo is refused because ${reason}.`;
  }
  return null;
}

/** The rules a brand must pass beyond its shape: a legible primary colour and an inert logo. */
export function brandProblems(brand: Brand): BrandProblem[] {
  const problems: BrandProblem[] = [];
  if (!carriesWhiteText(brand.colours.primary)) {
    const ratio = contrastRatio(brand.colours.primary, '#ffffff').toFixed(2);
    problems.push({ path: 'colours.primary', message: `White text on ${brand.colours.primary} has a contrast of ${ratio}:1; it needs at least 4.5:1. Choose a darker primary colour.` });
  }
  if (brand.logo) {
    const problem = logoProblem(brand.logo);
    if (problem) problems.push({ path: 'logo', message: problem });
  }
  return problems;
}
