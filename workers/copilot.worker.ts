// Web Worker entry for Copilot plans: scores the dataset's people once, then allocates for each edited config
// and builds the allocation workbook, all off the page's thread. Pages hold a Remote<CopilotWorkerApi>.
import { expose, transfer } from 'comlink';
import type { CopilotPlanConfig } from '../schema/copilotPlan.ts';
import type { ReferenceData } from '../schema/reference/index.ts';
import { allocateLicences, type CopilotAllocation, type CopilotAllocationContext, type CopilotPerson } from './copilot/allocation.ts';
import { buildAllocationWorkbook, type AllocationWorkbookInput } from './copilot/allocationWorkbook.ts';
import { copilotAllocationContext, copilotPeople } from './copilot/people.ts';
import type { ExportRow, ExportTitle } from './exports/input.ts';
import { compileReference } from './reference/compile.ts';
import type { DatasetSummary } from '../schema/datasetSummary.ts';

export interface CopilotInput {
  rows: ExportRow[];
  titles: ExportTitle[];
  referenceData: ReferenceData;
  summary: DatasetSummary;
}

/** What the page shows: everything but the ranked lists, which stay here (50,000 people need not cross). */
export type AllocationView = Omit<CopilotAllocation, 'allocation' | 'waiting'> & { firstLicensed: CopilotAllocation['allocation'] };

let people: CopilotPerson[] = [];
let context: CopilotAllocationContext | null = null;
/** The newest allocation: the view, the reveal's IDs and the workbook of one config share it instead of ranking again. */
let last: { config: string; allocation: CopilotAllocation } | null = null;

function allocate(config: CopilotPlanConfig): CopilotAllocation {
  if (!context) throw new Error('The people are not prepared yet.');
  const key = JSON.stringify(config);
  if (last?.config !== key) last = { config: key, allocation: allocateLicences(people, config, context) };
  return last.allocation;
}

const api = {
  prepare(input: CopilotInput): number {
    const reference = compileReference(input.referenceData, input.summary.referenceVersion);
    people = copilotPeople(input.rows, input.titles, reference, input.summary);
    context = copilotAllocationContext(reference);
    last = null;
    return people.length;
  },
  allocate(config: CopilotPlanConfig): AllocationView {
    const { allocation, waiting: _waiting, ...rest } = allocate(config);
    return { ...rest, firstLicensed: allocation.slice(0, 10) };
  },
  /** The licensed people's employee IDs, for a reveal limited to them. */
  licensedEmployeeIds(config: CopilotPlanConfig): string[] {
    return allocate(config).allocation.map((l) => l.person.employeeId);
  },
  async workbook(config: CopilotPlanConfig, meta: Omit<AllocationWorkbookInput, 'allocation'>): Promise<ArrayBuffer> {
    const bytes = await buildAllocationWorkbook({ ...meta, allocation: allocate(config) });
    return transfer(bytes, [bytes]);
  },
};

export type CopilotWorkerApi = typeof api;
expose(api);
