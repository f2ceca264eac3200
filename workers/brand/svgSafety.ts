/**
 * Screens an SVG logo for active content before it can be shown in deliverables. Conservative by
 * design: anything that could run script, load another resource or expand entities is refused,
 * and the only link an SVG may hold is a same-document fragment (#id).
 * Returns the reason for refusal, or null when the SVG is inert.
 */
export function svgActiveContent(svg: string): string | null {
  const text = svg.replace(/\u0000/g, '');
  const lower = text.toLowerCase();
  if (/<!doctype|<!entity/.test(lower)) return 'it declares a DOCTYPE or entities';
  if (/<(?:[\w.-]+:)?script[\s>/]/.test(lower)) return 'it contains a script element';
  if (/<(?:[\w.-]+:)?foreignobject[\s>/]/.test(lower)) return 'it contains a foreignObject element';
  if (/<(?:[\w.-]+:)?(?:iframe|embed|object)[\s>/]/.test(lower)) return 'it embeds another document';
  if (/[\s/"'](?:[\w.-]+:)?on[a-z]+\s*=/.test(lower)) return 'it contains an event-handler attribute';
  if (hasNonFragmentLink(text)) return 'it contains a link that is not a same-document reference (javascript:, data: or external)';
  if (/@import/.test(lower)) return 'its styles import another resource';
  if (/url\s*\(\s*(?!['"]?#)/.test(lower)) return 'its styles reference another resource';
  if (/<(?:[\w.-]+:)?(?:set|animate)\b[^>]*attributename\s*=\s*["']?(?:[\w.-]+:)?href/.test(lower)) {
    return 'it animates a link';
  }
  return null;
}

/** Any href (xlink:href or any prefix) whose value is not a #fragment. */
function hasNonFragmentLink(text: string): boolean {
  const attribute = /(?:^|[\s"'])(?:[\w.-]+:)?href\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi;
  for (const match of text.matchAll(attribute)) {
    const value = (match[1] ?? match[2] ?? match[3] ?? '').trim();
    if (!value.startsWith('#')) return true;
  }
  return false;
}
