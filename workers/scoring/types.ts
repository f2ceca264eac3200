import type { ListContext } from '../classify/context.ts';
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
  /** The rest of the row's coding context (issue 24); absent reads as not given. */
  organisation?: string | null;
  grade?: string | null;
  group?: string | null;
}

/** The stored classification of an exact title. */
export interface TitleClassification {
  usSoc2018: string | null;
  ukSoc2020: string | null;
  category: string;
  subcategory: string;
  confidence: number;
  source: 'override' | 'pack' | 'cache' | 'ai' | 'rules';
  /** The title's readings in the contexts of its rows, when they differ (issue 24): each row takes its own. */
  variants?: readonly TitleVariantCodes[] | null;
}

/** What scoring reads of a title's variant: the context keys of its rows and its classification. */
export interface TitleVariantCodes extends Omit<TitleClassification, 'variants'> {
  contextKeys: readonly string[];
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
  /** The list's coding context, which names the variant of each row of a title with variants; none when absent. */
  codingContext?: ListContext;
}
