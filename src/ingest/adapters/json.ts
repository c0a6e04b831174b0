import { readFileSync } from 'node:fs';
import path from 'node:path';
import { IngestError } from '../errors.js';

/**
 * Reading third-party documents (parsed JSON, and XML parsed into objects) without
 * trusting their shape: what a document holds stays `unknown` until one of these
 * readers has checked it, so a malformed document gives a bad row or an
 * IngestError naming the file, never a TypeError deep in an adapter.
 */

/** A JSON object: string keys to values not checked yet. */
export type JsonObject = { readonly [key: string]: unknown };

/** A JSON object (not null, not an array). */
export function isRecord(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `value` when it is an array, else undefined. */
export function asArray(value: unknown): readonly unknown[] | undefined {
  return Array.isArray(value) ? (value as unknown[]) : undefined;
}

/** The items of `value` when it is an array; none when it is not. */
export function itemsOf(value: unknown): readonly unknown[] {
  return asArray(value) ?? [];
}

/**
 * `value` as a list: an array as it is, nothing (undefined) as no item, any other
 * value as one item (XML parsers give an element that occurs once unwrapped).
 */
export function asList(value: unknown): readonly unknown[] {
  return value === undefined ? [] : (asArray(value) ?? [value]);
}

/** `value` when it is a string, else undefined. */
export function asString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/**
 * The text of a scalar, as `String` writes it (`42` → "42", `true` → "true"); undefined
 * for null, undefined, objects and arrays, which are no code or name.
 */
export function scalarText(value: unknown): string | undefined {
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
    case 'boolean':
    case 'bigint':
      return String(value);
    default:
      return undefined;
  }
}

/** A value as a message shows it: a scalar (or null, undefined) as `String` writes it, anything else as JSON. */
export function shown(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  return scalarText(value) ?? JSON.stringify(value);
}

/**
 * What `path` leads to from `value`: a string step is an own member of an object, a
 * number step an item of an array; undefined as soon as a step is not there.
 */
export function at(value: unknown, ...path: ReadonlyArray<string | number>): unknown {
  let here = value;
  for (const step of path) {
    if (typeof step === 'number') {
      here = Array.isArray(here) ? (here as unknown[])[step] : undefined;
    } else {
      here = isRecord(here) && Object.hasOwn(here, step) ? here[step] : undefined;
    }
    if (here === undefined) return undefined;
  }
  return here;
}

/** The parsed JSON of a file, unchecked; an IngestError naming the file when it is not JSON. */
export function readJsonFile(file: string): unknown {
  const text = readFileSync(file, 'utf8');
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    throw new IngestError(`${path.basename(file)} is not JSON: ${(err as Error).message}`);
  }
}
