import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Collector } from '../collector.js';
import type { SourceMapping } from '../mapping.js';
import type { EconomicsBatch } from '../types.js';

/**
 * FRED `series/observations` JSON. The response does not name its series: `--series`
 * does, or else a mapped series id found in the file name (`…-gnpca.json`).
 * FRED writes a missing value as ".".
 */
export function readFred(files: string[], opts: { series?: string }, mapping: SourceMapping): EconomicsBatch {
  const c = new Collector(mapping.countries);
  for (const file of files) {
    const name = path.basename(file);
    const id =
      opts.series?.toUpperCase() ??
      Object.keys(mapping.indicators).find((k) => name.toUpperCase().includes(k.toUpperCase()));
    if (!id) throw new Error(`${name}: name the FRED series with --series ID`);
    const doc = JSON.parse(readFileSync(file, 'utf8'));
    if (!Array.isArray(doc.observations)) {
      c.bad(name, 1, 'not a FRED series/observations response');
      continue;
    }
    const m = mapping.indicators[id];
    doc.observations.forEach((o: { date: string; value: string }, i: number) => {
      // A date is the first day of its period; for annual or quarterly series FRED already writes it so.
      const period =
        m?.frequency === 'annual'
          ? String(o.date).slice(0, 4)
          : m?.frequency === 'monthly'
            ? String(o.date).slice(0, 7)
            : String(o.date);
      c.add({
        file: name,
        line: i + 1,
        code: id,
        kpi_id: m?.kpi_id,
        frequency: m?.frequency,
        country: m?.country ?? '',
        period: m?.frequency === 'quarterly' ? quarterOf(o.date) : period,
        value: o.value,
      });
    });
  }
  return c.batch(mapping.source);
}

function quarterOf(date: string): string {
  const month = Number(date.slice(5, 7));
  return `${date.slice(0, 4)}Q${Math.floor((month - 1) / 3) + 1}`;
}
