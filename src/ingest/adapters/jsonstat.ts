import path from 'node:path';
import { Collector } from '../collector.js';
import { seriesRule, type SourceMapping } from '../mapping.js';
import type { EconomicsBatch } from '../types.js';
import { asArray, asString, at, isRecord, readJsonFile, scalarText, type JsonObject } from './json.js';

/** What the adapter reads of a JSON-stat 2.0 dataset. */
interface JsonStatDataset {
  /** Dimension ids, in the order of the cube. */
  id: string[];
  /** Number of categories of each dimension. */
  size: number[];
  /** Category codes of each dimension, in index order. */
  categories: string[][];
  /** The `dimension` object, for the labels of countries. */
  dimension: JsonObject;
  /** Values: an array (dense) or an object keyed by position (sparse). */
  value: unknown;
  /** Status: one string for every value, an array, or an object keyed by position. */
  status: unknown;
}

/** Category codes of a JSON-stat dimension, in index order; undefined when the dimension has none readable. */
function categories(dim: unknown): string[] | undefined {
  const index = at(dim, 'category', 'index');
  const list = asArray(index);
  if (list) {
    const codes = list.map(scalarText);
    return codes.every((k) => k !== undefined) ? codes : undefined;
  }
  if (isRecord(index)) {
    const entries = Object.entries(index);
    if (!entries.every(([, n]) => typeof n === 'number')) return undefined;
    return (entries as Array<[string, number]>).sort((a, b) => a[1] - b[1]).map(([k]) => k);
  }
  const label = at(dim, 'category', 'label');
  return isRecord(label) ? Object.keys(label) : [];
}

const isCount = (n: unknown): n is number => Number.isInteger(n) && (n as number) >= 0;

/** A document as a JSON-stat 2.0 dataset, or why it is not one. */
function readDataset(doc: unknown): JsonStatDataset | string {
  const not = 'not a JSON-stat 2.0 dataset';
  if (!isRecord(doc) || doc.class !== 'dataset' || !Array.isArray(doc.id) || !Array.isArray(doc.size)) return not;
  const id = asArray(doc.id)?.filter((d) => typeof d === 'string') ?? [];
  const size = asArray(doc.size)?.filter(isCount) ?? [];
  if (id.length !== doc.id.length || size.length !== doc.size.length || id.length !== size.length)
    return `${not}: id must name the dimensions and size give their numbers of categories`;
  const dimension = isRecord(doc.dimension) ? doc.dimension : {};
  const cats: string[][] = [];
  for (const [d, dim] of id.entries()) {
    const codes = categories(at(dimension, dim));
    if (!codes) return `${not}: the category index of dimension ${dim} is neither codes nor codes to positions`;
    if (codes.length !== size[d])
      return `${not}: dimension ${dim} has ${codes.length} categories, size says ${size[d]}`;
    cats.push(codes);
  }
  return { id, size, categories: cats, dimension, value: doc.value, status: doc.status };
}

/** The dimension values of cell `i` of the cube (row-major order). */
function coordinatesOf(ds: JsonStatDataset, i: number): Record<string, string> {
  const coords: Record<string, string> = {};
  let rest = i;
  for (let d = ds.id.length - 1; d >= 0; d--) {
    coords[ds.id[d]!] = ds.categories[d]![rest % ds.size[d]!]!;
    rest = Math.floor(rest / ds.size[d]!);
  }
  return coords;
}

/** The status of cell `i`: the dataset's one status, or the cell's. */
function statusAt(status: unknown, i: number): string | undefined {
  return typeof status === 'string' ? status : asString(at(status, Array.isArray(status) ? i : String(i)));
}

/** Every cell of a dataset through the mapping's series rules. "Lines" are cell positions (from 1). */
function addCells(c: Collector, mapping: SourceMapping, data: { file: string; ds: JsonStatDataset }): void {
  const { file, ds } = data;
  const total = ds.size.reduce((a, b) => a * b, 1);
  for (let i = 0; i < total; i++) {
    const coords = coordinatesOf(ds, i);
    const rule = seriesRule(mapping, coords);
    const code = ds.id
      .filter((id) => !rule || (id !== rule.country_dimension && id !== rule.time_dimension))
      .map((id) => `${id}=${coords[id]}`)
      .join('.');
    const country = rule ? (coords[rule.country_dimension] ?? '') : '';
    c.add({
      file,
      line: i + 1,
      code,
      kpi_id: rule?.kpi_id,
      frequency: rule?.frequency,
      country,
      countryName: rule ? asString(at(ds.dimension, rule.country_dimension, 'category', 'label', country)) : undefined,
      period: rule?.time_dimension ? (coords[rule.time_dimension] ?? '') : '',
      value: at(ds.value, Array.isArray(ds.value) ? i : String(i)),
      status: statusAt(ds.status, i),
    });
  }
}

/** JSON-stat 2.0 datasets: values in row-major order over `id`/`size`, sparse or dense, with status. */
export function readJsonStat(files: string[], mapping: SourceMapping): EconomicsBatch {
  const c = new Collector(mapping.countries);
  for (const file of files) {
    const name = path.basename(file);
    const ds = readDataset(readJsonFile(file));
    if (typeof ds === 'string') c.bad(name, 1, ds);
    else addCells(c, mapping, { file: name, ds });
  }
  return c.batch(mapping.source);
}
