import { XMLParser } from 'fast-xml-parser';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Frequency } from '../../economics/catalogue.js';
import { Collector } from '../collector.js';
import { seriesRule, type SourceMapping } from '../mapping.js';
import type { EconomicsBatch } from '../types.js';

const asArray = <T>(x: T | T[] | undefined): T[] => (x === undefined ? [] : Array.isArray(x) ? x : [x]);

/** Adds one SDMX series (its key values and observations) through the mapping's series rules. */
function addSeries(
  c: Collector,
  mapping: SourceMapping,
  file: string,
  key: Record<string, string>,
  obs: Array<{ period: string; value: unknown; status?: string; line: number }>,
): void {
  const rule = seriesRule(mapping, key);
  const code = Object.entries(key)
    .map(([k, v]) => `${k}=${v}`)
    .join('.');
  const freqCode = mapping.frequency_dimension ? key[mapping.frequency_dimension] : undefined;
  const frequency: Frequency | undefined = rule?.frequency ?? (freqCode ? mapping.frequencies?.[freqCode] : undefined);
  for (const o of obs) {
    c.add({
      file,
      line: o.line,
      code,
      kpi_id: rule?.kpi_id,
      frequency,
      country: rule ? (key[rule.country_dimension] ?? '') : '',
      period: o.period,
      value: o.value,
      status: o.status,
    });
  }
}

/** SDMX-ML 2.1 generic data message. "Lines" are observation numbers within the file. */
function readGenericXml(c: Collector, mapping: SourceMapping, file: string): void {
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '',
    removeNSPrefix: true,
    isArray: (n) => ['Series', 'Obs', 'Value'].includes(n),
  });
  const doc = parser.parse(readFileSync(file, 'utf8'));
  const dataSets = asArray(doc?.GenericData?.DataSet);
  if (dataSets.length === 0) return c.bad(file, 1, 'not an SDMX-ML 2.1 generic data message');
  let n = 0;
  for (const ds of dataSets) {
    for (const s of asArray<any>(ds.Series)) {
      const key = Object.fromEntries(asArray<any>(s.SeriesKey?.Value).map((v) => [v.id, String(v.value)]));
      const obs = asArray<any>(s.Obs).map((o) => {
        const attrs = Object.fromEntries(asArray<any>(o.Attributes?.Value).map((v) => [v.id, String(v.value)]));
        return {
          period: String(o.ObsDimension?.value ?? ''),
          value: o.ObsValue?.value,
          status: attrs.OBS_STATUS,
          line: ++n,
        };
      });
      addSeries(c, mapping, file, key, obs);
    }
  }
}

/** SDMX-JSON 1.0 data message (series-keyed data sets). */
function readJson(c: Collector, mapping: SourceMapping, file: string, doc: any): void {
  const dims = doc.structure?.dimensions;
  const dataSetDims: any[] = dims?.dataSet ?? [];
  const seriesDims: any[] = dims?.series ?? [];
  const obsDim = dims?.observation?.[0];
  const obsStatus = (doc.structure?.attributes?.observation ?? []).findIndex((a: any) => a.id === 'OBS_STATUS');
  const fixed = Object.fromEntries(dataSetDims.map((d) => [d.id, d.values?.[0]?.id]));
  let n = 0;
  for (const ds of doc.dataSets ?? []) {
    for (const [seriesKey, s] of Object.entries<any>(ds.series ?? {})) {
      const idx = seriesKey.split(':').map(Number);
      const key: Record<string, string> = { ...fixed };
      seriesDims.forEach((d, i) => (key[d.id] = d.values?.[idx[i]!]?.id));
      const obs = Object.entries<any>(s.observations ?? {}).map(([k, v]) => ({
        period: obsDim?.values?.[Number(k)]?.id ?? '',
        value: v[0],
        status:
          obsStatus >= 0 && v[obsStatus + 1] !== null && v[obsStatus + 1] !== undefined
            ? doc.structure.attributes.observation[obsStatus].values?.[v[obsStatus + 1]]?.id
            : undefined,
        line: ++n,
      }));
      addSeries(c, mapping, file, key, obs);
    }
  }
}

/** SDMX data: SDMX-ML 2.1 generic (.xml) or SDMX-JSON 1.0 (.json). */
export function readSdmx(files: string[], mapping: SourceMapping): EconomicsBatch {
  const c = new Collector(mapping.countries);
  for (const file of files) {
    if (file.endsWith('.xml')) readGenericXml(c, mapping, file);
    else readJson(c, mapping, file, JSON.parse(readFileSync(file, 'utf8')));
  }
  for (const b of c.badRows) b.file = path.basename(b.file);
  return c.batch(mapping.source);
}
