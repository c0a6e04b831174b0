import { readFileSync, readdirSync } from 'node:fs';

export interface MigrationFile {
  version: number;
  sql: string;
}

/**
 * The versioned migrations (`NNN_name.sql`) of `folder` (relative to the project root,
 * ending in `/`), in order of version. Works from the sources (tsx) and from the
 * compiled dist/ alike.
 */
export function migrationFiles(folder: string): MigrationFile[] {
  let dir = new URL(`../../../${folder}`, import.meta.url);
  try {
    readdirSync(dir);
  } catch {
    dir = new URL(`../../../../${folder}`, import.meta.url);
  }
  return readdirSync(dir)
    .filter((f) => /^\d+_.*\.sql$/.test(f))
    .sort()
    .map((f) => ({ version: Number(f.split('_')[0]), sql: readFileSync(new URL(f, dir), 'utf8') }));
}
