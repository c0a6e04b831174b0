import { readFileSync } from 'node:fs';
import type { Static, TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';

/**
 * Reading the reference data files of this folder: JSON files beside the loaders
 * (copied next to the compiled loaders by the build), each checked against its
 * schema when loaded and frozen, so a bad edit fails at start, not in a query.
 */

/** A value and everything in it read-only. */
export type Frozen<T> = T extends object ? { readonly [K in keyof T]: Frozen<T[K]> } : T;

/** A reference data file that is missing, not JSON, or does not match its schema. */
export class ReferenceDataError extends Error {
  override readonly name = 'ReferenceDataError';
}

/** The parsed JSON of a file of this folder, unchecked. */
export function readReferenceFile(file: string): unknown {
  const url = new URL(file, import.meta.url);
  let text: string;
  try {
    text = readFileSync(url, 'utf8');
  } catch (err) {
    throw new ReferenceDataError(`reference data ${file} cannot be read: ${(err as Error).message}`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    throw new ReferenceDataError(`reference data ${file} is not JSON: ${(err as Error).message}`);
  }
}

/** The first problems of a value that does not match `schema`, as `path: message`; empty when it matches. */
export function schemaProblems(schema: TSchema, data: unknown, max = 5): string[] {
  if (Value.Check(schema, data)) return [];
  const problems: string[] = [];
  for (const e of Value.Errors(schema, data)) {
    problems.push(`${e.path || '/'}: ${e.message}`);
    if (problems.length >= max) break;
  }
  return problems;
}

/** `data` checked against `schema` (throws naming the file and the first problems). */
export function checked<T extends TSchema>(file: string, schema: T, data: unknown): Static<T> {
  if (Value.Check(schema, data)) return data;
  const problems = schemaProblems(schema, data).join('; ');
  throw new ReferenceDataError(`reference data ${file} does not match its schema: ${problems}`);
}

/** Freezes a value and everything in it. */
export function deepFreeze<T>(value: T): Frozen<T> {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value as Frozen<T>;
}

/** A file of this folder, checked against its schema and frozen. */
export function loadReference<T extends TSchema>(file: string, schema: T): Frozen<Static<T>> {
  return deepFreeze(checked(file, schema, readReferenceFile(file)));
}
