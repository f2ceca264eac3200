/**
 * The accuracy benchmark's held-out split. A title is held out when the FNV-1a hash of its normalised form
 * (scoring.md §1) falls in the lowest 20 of 100 buckets. The split depends on the normalised title alone, so
 * every spelling that normalises alike lands on the same side, whichever data set it comes from. The build
 * drops held-out titles from every source before any rule or role is learned; the bench scores only them.
 */

export const HOLDOUT_PERCENT = 20;

/** 32-bit FNV-1a over UTF-16 code units. */
export function titleHash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

export function isHeldOut(normalisedTitle: string): boolean {
  return titleHash(normalisedTitle) % 100 < HOLDOUT_PERCENT;
}
