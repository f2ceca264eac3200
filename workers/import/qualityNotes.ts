/**
 * What the import left out or could not read, as the dataset's data-quality notes say it after upload: the same
 * counts the checks before upload gave, read from the dataset's stored import counts and column mapping.
 */
import type { ImportStats } from './rows.ts';

const count = (n: number) => n.toLocaleString('en-GB');
const pct = (share: number) => `${Math.round(share * 100)}%`;

/** One sentence per thing worth saying; none for a clean import. A count stored before it was recorded reads as 0. */
export function importQualityNotes(stats: Partial<ImportStats>, columnMapping: Record<string, string> | null): string[] {
  const notes: string[] = [];
  const skipped = stats.skippedNoTitle ?? 0;
  const rowsRead = stats.rowsRead ?? 0;
  if (skipped > 0) {
    const titleHeading = Object.entries(columnMapping ?? {}).find(([, field]) => field === 'title')?.[0];
    const rows = rowsRead > 0 ? `${count(skipped)} of the file’s ${count(rowsRead)} rows (${pct(skipped / rowsRead)})` : `${count(skipped)} ${skipped === 1 ? 'row' : 'rows'}`;
    notes.push(`${rows} ${skipped === 1 ? 'was' : 'were'} left out: no job title${titleHeading ? ` in “${titleHeading}”` : ''}.`);
  }
  const unreadable = stats.unreadableCells ?? 0;
  if (unreadable > 0) {
    notes.push(`${count(unreadable)} ${unreadable === 1 ? 'cell' : 'cells'} of the workbook could not be read (a formula without a saved result, or an error) and ${unreadable === 1 ? 'was' : 'were'} taken as blank.`);
  }
  const shared = stats.sharedEmails ?? 0;
  if (shared > 0) notes.push(`${count(shared)} ${shared === 1 ? 'email was' : 'emails were'} shared by several people; the reporting lines through them were left unlinked.`);
  return notes;
}
