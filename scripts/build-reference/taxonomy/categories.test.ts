import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CATEGORIES, categoryOf } from './categories.ts';

describe('categoryOf', () => {
  it('files SOC office work by business function', () => {
    expect(categoryOf('43-3051')).toBe('Finance');
    expect(categoryOf('43-4161')).toBe('HR');
    expect(categoryOf('43-4051')).toBe('Customer Service');
    expect(categoryOf('43-6011')).toBe('Administration');
  });

  it('files emergency dispatchers and ambulance crews with the services they work in, other dispatchers and drivers in Logistics', () => {
    expect(categoryOf('43-5031')).toBe('Public Services');
    expect(categoryOf('43-5032')).toBe('Logistics');
    expect(categoryOf('53-3011')).toBe('Healthcare');
    expect(categoryOf('53-3032')).toBe('Logistics');
  });

  it('uses the most specific prefix', () => {
    expect(categoryOf('11-1011')).toBe('Executive Leadership');
    expect(categoryOf('11-3031')).toBe('Finance');
    expect(categoryOf('11-9199')).toBe('Operations');
    expect(categoryOf('15-2051')).toBe('Data & Analytics');
    expect(categoryOf('15-1252')).toBe('Technology');
  });

  it('names a known category for every SOC 2018 detailed code', () => {
    const seed = JSON.parse(readFileSync(new URL('../../../seeds/reference-v1.json', import.meta.url), 'utf8'));
    for (const code of Object.keys(seed.occupations.us)) expect(CATEGORIES).toContain(categoryOf(code));
  });
});
