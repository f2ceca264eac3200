/**
 * The engagement's report notes as the client report and its editor use them (the server's rules are in
 * server/routes/engagements/schema.ts). Sections are keyed; the editor offers these, in the report's order.
 */
export interface TermSwap {
  from: string;
  to: string;
}

export interface ReportNotes {
  sections: Record<string, string>;
  valueConcentration?: string;
  terms: TermSwap[];
}

export const REPORT_SECTIONS = [
  { key: 'summary', label: 'Our summary', hint: 'Printed after the executive summary.' },
  { key: 'context', label: 'Context', hint: 'The engagement and what the client asked for.' },
  { key: 'recommendations', label: 'Recommendations', hint: 'Printed after the figures.' },
  { key: 'nextSteps', label: 'Next steps', hint: 'Printed at the end of the findings.' },
] as const;

export type ReportSectionKey = (typeof REPORT_SECTIONS)[number]['key'];

/** The limits the server enforces (server/routes/engagements/schema.ts reads them here), so the editor can say them before a save is refused. */
export const REPORT_NOTES_LIMITS = { sectionLength: 4000, valueConcentrationLength: 4000, terms: 50, termLength: 80 } as const;

/** A term to replace needs a letter and may hold no digit or £ $ € %: swaps change wording, never figures. */
export const termHasLetter = (term: string) => /\p{L}/u.test(term);
export const termHasFigures = (term: string) => /[\d£$€%]/u.test(term);
