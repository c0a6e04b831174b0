import path from 'node:path';
import type { Frequency } from '../../economics/catalogue.js';
import { Collector } from '../collector.js';
import type { SourceMapping } from '../mapping.js';
import type { EconomicsBatch } from '../types.js';
import { asArray, asString, at, readJsonFile } from './json.js';

/** What the adapter reads of an item of `observations`: its date and value (a string, "." when missing). */
interface FredObservation {
  date: string;
  value: unknown;
}

/** An item of `observations` as a FredObservation; undefined when it is not an object with a date. */
function readObservation(item: unknown): FredObservation | undefined {
  const date = asString(at(item, 'date'));
  return date === undefined ? undefined : { date, value: at(item, 'value') };
}

/**
 * The period of a FRED date at the series' frequency. A date is the first day of its
 * period; for annual or quarterly series FRED already writes it so.
 */
function periodOf(date: string, frequency: Frequency | undefined): string {
  switch (frequency) {
    case 'annual':
      return date.slice(0, 4);
    case 'monthly':
      return date.slice(0, 7);
    case 'quarterly':
      return quarterOf(date);
    default:
      return date;
  }
}

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
    const observations = asArray(at(readJsonFile(file), 'observations'));
    if (!observations) {
      c.bad(name, 1, 'not a FRED series/observations response');
      continue;
    }
    const m = mapping.indicators[id];
    observations.forEach((item, i) => {
      const o = readObservation(item);
      if (!o) return c.bad(name, i + 1, 'not a FRED observation (an object with a date)');
      c.add({
        file: name,
        line: i + 1,
        code: id,
        kpi_id: m?.kpi_id,
        frequency: m?.frequency,
        country: m?.country ?? '',
        period: periodOf(o.date, m?.frequency),
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
