import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Collector } from '../collector.js';
import { seriesRule, type SourceMapping } from '../mapping.js';
import type { EconomicsBatch } from '../types.js';

/** Category codes of a JSON-stat dimension, in index order. */
function categories(dim: any): string[] {
  const index = dim?.category?.index;
  if (Array.isArray(index)) return index.map(String);
  if (index && typeof index === 'object')
    return Object.entries<number>(index)
      .sort((a, b) => a[1] - b[1])
      .map(([k]) => k);
  return Object.keys(dim?.category?.label ?? {});
}

/** JSON-stat 2.0 datasets: values in row-major order over `id`/`size`, sparse or dense, with status. */
export function readJsonStat(files: string[], mapping: SourceMapping): EconomicsBatch {
  const c = new Collector(mapping.countries);
  for (const file of files) {
    const name = path.basename(file);
    const doc = JSON.parse(readFileSync(file, 'utf8'));
    if (doc.class !== 'dataset' || !Array.isArray(doc.id) || !Array.isArray(doc.size)) {
      c.bad(name, 1, 'not a JSON-stat 2.0 dataset');
      continue;
    }
    const ids: string[] = doc.id;
    const sizes: number[] = doc.size;
    const cats = ids.map((id) => categories(doc.dimension[id]));
    const total = sizes.reduce((a, b) => a * b, 1);
    const valueAt = (i: number) => (Array.isArray(doc.value) ? doc.value[i] : doc.value?.[String(i)]);
    const statusAt = (i: number) =>
      typeof doc.status === 'string' ? doc.status : Array.isArray(doc.status) ? doc.status[i] : doc.status?.[String(i)];
    for (let i = 0; i < total; i++) {
      const coords: Record<string, string> = {};
      let rest = i;
      for (let d = ids.length - 1; d >= 0; d--) {
        coords[ids[d]!] = cats[d]![rest % sizes[d]!]!;
        rest = Math.floor(rest / sizes[d]!);
      }
      const rule = seriesRule(mapping, coords);
      const code = ids
        .filter((id) => !rule || (id !== rule.country_dimension && id !== rule.time_dimension))
        .map((id) => `${id}=${coords[id]}`)
        .join('.');
      c.add({
        file: name,
        line: i + 1,
        code,
        kpi_id: rule?.kpi_id,
        frequency: rule?.frequency,
        country: rule ? coords[rule.country_dimension]! : '',
        countryName: rule
          ? doc.dimension[rule.country_dimension]?.category?.label?.[coords[rule.country_dimension]!]
          : undefined,
        period: rule?.time_dimension ? coords[rule.time_dimension]! : '',
        value: valueAt(i),
        status: statusAt(i),
      });
    }
  }
  return c.batch(mapping.source);
}
