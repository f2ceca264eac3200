import { describe, expect, it } from 'vitest';
import { CODER_SETTINGS } from '../../scripts/build-reference/taxonomy/coder.ts';
import { trainCodeModel } from './coderModel.ts';

describe('trainCodeModel', () => {
  const roleNouns = new Set(['officer']);

  it('counts a weighted title as that many titles, in the code totals and in every feature', () => {
    const once = trainCodeModel([{ title: 'Policy Officer', codes: ['19-3094'] }], roleNouns, CODER_SETTINGS);
    const thrice = trainCodeModel([{ title: 'Policy Officer', codes: ['19-3094'], weight: 3 }], roleNouns, CODER_SETTINGS);
    expect(thrice.titles).toEqual(once.titles.map((n) => n * 3));
    expect(Object.keys(thrice.features)).toEqual(Object.keys(once.features));
    for (const [key, postings] of Object.entries(thrice.features)) expect(postings, key).toEqual([0, once.features[key][1] * 3]);
  });

  it('keeps a phrase seen in one weighted title past the minimum count that drops it from one plain title', () => {
    const plain = trainCodeModel([{ title: 'Policy Officer', codes: ['19-3094'] }], roleNouns, CODER_SETTINGS, 2);
    const weighted = trainCodeModel([{ title: 'Policy Officer', codes: ['19-3094'], weight: 2 }], roleNouns, CODER_SETTINGS, 2);
    const phrases = (m: typeof plain) => Object.keys(m.features).filter((k) => !k.startsWith('w:') && !k.startsWith('h:'));
    expect(phrases(plain)).toEqual([]);
    expect(phrases(weighted).length).toBeGreaterThan(0);
  });
});
