// Web Worker entry for the reference editor's "test a title": compiling a 2 MB document and running the
// coder stay off the page's thread. Pages hold a Remote<ReferenceWorkerApi>.
import { expose } from 'comlink';
import { TitleTester } from './reference/titleTest.ts';

const api = new TitleTester();
export type ReferenceWorkerApi = typeof api;
expose(api);
