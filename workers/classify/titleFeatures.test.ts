import { describe, expect, it } from 'vitest';
import { featuresOf, readTitle, rootOf } from './titleFeatures.ts';

const weights = { head: 1.25, word: 1, pair: 0.5, seniority: 0.5, root: 0.5 };
const roleNouns = new Set(['analyst', 'statistician', 'officer']);
const keys = (title: string, w: typeof weights | Omit<typeof weights, 'root'> = weights) => featuresOf(readTitle(title, roleNouns), w).map((f) => f.key);

describe('word roots in the coder\'s reading of a title', () => {
  it('gives related long words one root, so "statistical" meets "statistician"', () => {
    expect(rootOf('statistical')).toBe(rootOf('statistician'));
    expect(rootOf('archival')).toBe(rootOf('archivist'));
    expect(rootOf('archival')).not.toBe(rootOf('architect'));
  });

  it('gives short words and words with digits no root', () => {
    expect(rootOf('finance')).toBeNull();
    expect(rootOf('level3abc')).toBeNull();
  });

  it('offers the roots of the function words, never of the head or of seniority words', () => {
    const features = keys('Principal Statistical Analyst');
    expect(features).toContain('r:statis');
    expect(features.filter((k) => k.startsWith('r:'))).toEqual(['r:statis']);
  });

  it('reads no roots with a version whose settings carry no root weight', () => {
    const { root: _unused, ...older } = weights;
    expect(keys('Statistical Analyst', older).some((k) => k.startsWith('r:'))).toBe(false);
  });
});

describe("the role head of a title", () => {
  const heads = new Set(['technician', 'trainee', 'apprentice', 'electrician']);

  it('reads a trailing trainee or apprentice as the stage of the job named before it', () => {
    expect(readTitle('Fingerprint Technician Trainee', heads).head).toBe('technician');
    expect(readTitle('Electrician Apprentice', heads).head).toBe('electrician');
  });

  it('keeps a trainee with no other role noun as the head', () => {
    expect(readTitle('Legal Trainee', heads).head).toBe('trainee');
  });
});
