import { describe, expect, it } from 'vitest';
import { importQualityNotes } from './qualityNotes.ts';

describe('the data-quality notes of an import', () => {
  it('repeat how many rows were left out for want of a job title, and in which column', () => {
    expect(importQualityNotes({ rowsRead: 9228, skippedNoTitle: 8135 }, { 'Underfilled Job Title': 'title', 'Base Salary': 'salary' })).toEqual([
      '8,135 of the file’s 9,228 rows (88%) were left out: no job title in “Underfilled Job Title”.',
    ]);
  });

  it('count the cells that could not be read', () => {
    expect(importQualityNotes({ rowsRead: 4, unreadableCells: 3 }, null)).toEqual([
      '3 cells of the workbook could not be read (a formula without a saved result, or an error) and were taken as blank.',
    ]);
  });

  it('say nothing of a clean import, nor of counts a dataset stored before they were recorded', () => {
    expect(importQualityNotes({ rowsRead: 10, skippedNoTitle: 0 }, { 'Job title': 'title' })).toEqual([]);
    expect(importQualityNotes({ skippedNoTitle: 1 }, null)).toEqual(['1 row was left out: no job title.']);
  });
});
