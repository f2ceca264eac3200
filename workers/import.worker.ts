// Web Worker entry for spreadsheet import: exposes one SpreadsheetImport over Comlink, so reading, checking
// and building rows never block the page. Pages hold a Remote<ImportWorkerApi>.
import { expose } from 'comlink';
import { SpreadsheetImport } from './import/importer.ts';

const api = new SpreadsheetImport();
export type ImportWorkerApi = typeof api;
expose(api);
