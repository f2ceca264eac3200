// The text normaliser lives in schema/text.ts, below both the schemas and the workers that use it. This
// re-export keeps workers/classify/ (owned by another change in flight) importing it at its old path; new code
// imports schema/text.ts.
export * from '../../schema/text.ts';
