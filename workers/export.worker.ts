// Web Worker entry for deliverables: builds the analysis workbook and the CSV files off the page's thread, so a
// 50,000-row workbook never freezes the page. Pages hold a Remote<ExportWorkerApi>.
import { expose, transfer } from 'comlink';
import { buildAnalysisWorkbook, type BuildProgress } from './exports/analysisWorkbook.ts';
import { buildPeopleCsv, buildTitlesCsv } from './exports/datasetCsv.ts';
import type { ExportInput } from './exports/input.ts';

const api = {
  async analysisWorkbook(input: ExportInput, onProgress?: (progress: BuildProgress) => void): Promise<ArrayBuffer> {
    const bytes = await buildAnalysisWorkbook(input, onProgress);
    return transfer(bytes, [bytes]);
  },
  titlesCsv: (input: ExportInput): string => buildTitlesCsv(input),
  peopleCsv: (input: ExportInput): string => buildPeopleCsv(input),
};

export type ExportWorkerApi = typeof api;
expose(api);
