import path from 'node:path';
import type { Frequency } from '../../economics/catalogue.js';
import { Collector } from '../collector.js';
import { seriesRule, type SourceMapping } from '../mapping.js';
import type { SdmxObservation } from '../sdmx/observation.js';
import { sdmxPeriod } from '../sdmx/period.js';
import { readSdmxFileSync } from '../sdmx/read.js';
import { judge } from '../sdmx/rules.js';
import type { EconomicsBatch, EconomicsObservation } from '../types.js';

/** Observations read but, by §7, not loaded: withdrawn ones, forecasts and missing values. */
export interface SdmxSkipped {
  deleted: number;
  forecast: number;
  missing: number;
}

export interface SdmxBatch extends EconomicsBatch {
  skipped: SdmxSkipped;
  /** The withdrawn observations the mapping places (series and date; value 0). */
  withdrawn: EconomicsObservation[];
}

/** The catalogue's frequencies an SDMX period may have. */
const CATALOGUE_FREQUENCIES = new Set<string>(['annual', 'quarterly', 'monthly', 'daily']);

/** Adds one observation through the mapping's series rules; its line is where the reader found it. */
function addObservation(
  at: { c: Collector; mapping: SourceMapping; file: string; withdrawn?: boolean },
  o: SdmxObservation,
  value: number,
): void {
  const { c, mapping, file } = at;
  // Rules may name an attribute too: without the data structure, a reader may take a
  // dimension of one agency for the attribute of the same id at another (UNIT_MEASURE).
  const fields = { ...o.attributes, ...o.key };
  const rule = seriesRule(mapping, fields);
  const code = Object.entries(o.key)
    .map(([k, v]) => `${k}=${v}`)
    .join('.');
  const freqCode = mapping.frequency_dimension ? fields[mapping.frequency_dimension] : undefined;
  const period = sdmxPeriod(o.period);
  const frequency: Frequency | undefined =
    rule?.frequency ??
    (freqCode ? mapping.frequencies?.[freqCode] : undefined) ??
    (period && CATALOGUE_FREQUENCIES.has(period.frequency) ? (period.frequency as Frequency) : undefined);
  const row = {
    file,
    line: o.line,
    code,
    kpi_id: rule?.kpi_id,
    frequency,
    country: rule ? (fields[rule.country_dimension] ?? '') : '',
    // A period of the series' frequency goes as its first day; any other as written, which the collector reports.
    period: period && period.frequency === frequency ? period.date : o.period,
    value,
    status: o.attributes.OBS_STATUS,
  };
  // A withdrawal that cannot be placed withdraws nothing: not a bad row.
  if (at.withdrawn) return void (rule && period && frequency && c.addWithdrawn(row));
  if (rule && !period) return c.bad(file, o.line, `period "${o.period.slice(0, 40)}" is not an SDMX time period`);
  if (rule && !frequency)
    return c.bad(file, o.line, `period "${o.period}" is ${period!.frequency}, a frequency the catalogue does not have`);
  c.add(row);
}

/**
 * SDMX data messages (SDMX-ML 2.1 generic and structure-specific, SDMX-JSON 1.0 and
 * 2.0, SDMX-CSV 1.0 and 2.0, told apart by their content), each read as it streams
 * and mapped to `kpi_id` × `country_id` through the mapping's series rules. By §7,
 * withdrawn observations, forecasts and missing values are counted, not loaded;
 * `UNIT_MULT` is applied. Observations that cannot be read or placed are reported
 * with their line (the XML element's or CSV record's line, the observation's number
 * in JSON); a message that cannot be read at all is one bad row naming why.
 */
export function readSdmx(files: string[], mapping: SourceMapping): SdmxBatch {
  const c = new Collector(mapping.countries);
  const skipped: SdmxSkipped = { deleted: 0, forecast: 0, missing: 0 };
  for (const file of files) {
    try {
      readSdmxFileSync(file, {
        observation(o) {
          const j = judge(o);
          if (j.keep) addObservation({ c, mapping, file }, o, j.value);
          else if (j.why === 'bad') c.bad(file, o.line, j.reason ?? 'not an observation');
          else {
            skipped[j.why]++;
            if (j.why === 'deleted') addObservation({ c, mapping, file, withdrawn: true }, o, 0);
          }
        },
        bad: (line, reason) => c.bad(file, line, reason),
      });
    } catch (err) {
      // The file itself cannot be read (ENOENT, EACCES …): not a bad row of it.
      if (/^E[A-Z0-9]+$/.test(String((err as NodeJS.ErrnoException).code))) throw err;
      const message = String((err as Error).message).split('\n')[0] ?? '';
      const line = /^line (\d+),/.exec(message)?.[1];
      c.bad(file, line ? Number(line) : 1, `not read: ${message}`);
    }
  }
  for (const b of c.badRows) b.file = path.basename(b.file);
  return { ...c.batch(mapping.source), skipped, withdrawn: c.withdrawn };
}
