// The trade file format, written by ingest and the sample and read by serving: the
// tables and their DDL, the sorted copies and aggregates derived from the facts
// (`tables.ts`), every table and column a served file may hold (`schema.ts`), and the
// views that let a file written before a copy existed answer as if it had it (`views.ts`).
export * from './tables.js';
export * from './schema.js';
export * from './views.js';
