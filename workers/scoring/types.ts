import type { CompiledReference } from '../reference/compile.ts';

/** The inputs scoring shares with the server's finalise step and the browser (the task's fixed interface). */

/** One uploaded employee row. */
export interface ScoringRow {
  employeeId: string;
  managerEmployeeId: string | null;
  title: string;
  salary: number | null;
  fte: number | null;
  location: string | null;
  division: string | null;
}

/** The stored classification of an exact title. */
export interface TitleClassification {
  usSoc2018: string | null;
  ukSoc2020: string | null;
  category: string;
  subcategory: string;
  confidence: number;
  source: 'override' | 'pack' | 'cache' | 'ai' | 'rules';
}

/** Model assumptions stored with a dataset. */
export interface DatasetSettings {
  /** Salary to employer cost; defaults from the home region (else the reference's costs section). */
  employerCostMultiplier: number;
  /** The list's home region: where rows without a recognised location work, and whose pay prices them. */
  region: string;
  /** The currency of the list's salaries and of every money figure made from it (ISO 4217): the home region's. */
  currency: string;
}

export interface SummaryInput {
  /** In upload order. */
  rows: ScoringRow[];
  /** Keyed by exact title. */
  classifications: Map<string, TitleClassification>;
  /** The dataset's pinned reference version. */
  reference: CompiledReference;
  settings: DatasetSettings;
  /** Engagement pack ('general' by default; an unknown id reads as 'general'). */
  packId: string;
  /** Dataset creation time (ISO 8601); the programme starts at the half-year containing it. */
  createdAt: string;
  /** Counts known outside scoring. */
  stats: { implausibleFte?: number; bySource?: Record<string, number> };
}
