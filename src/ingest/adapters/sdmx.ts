import { XMLParser } from 'fast-xml-parser';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Frequency } from '../../economics/catalogue.js';
import { Collector } from '../collector.js';
import { seriesRule, type SourceMapping } from '../mapping.js';
import type { EconomicsBatch } from '../types.js';
import { asArray, asList, at, isRecord, itemsOf, readJsonFile, scalarText } from './json.js';

/** One observation of a series, as both SDMX forms give it. */
interface Observation {
  period: string;
  value: unknown;
  status?: string;
  line: number;
}

/** One SDMX series: its key (dimension id → value) and its observations. */
interface Series {
  file: string;
  key: Record<string, string>;
  obs: Observation[];
}

/** Adds one SDMX series (its key values and observations) through the mapping's series rules. */
function addSeries(c: Collector, mapping: SourceMapping, series: Series): void {
  const { file, key, obs } = series;
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

/** `<Value id="…" value="…"/>` elements (a series key, observation attributes) as id → value. */
function xmlValues(values: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const v of asList(values)) {
    const id = scalarText(at(v, 'id'));
    if (id !== undefined) out[id] = scalarText(at(v, 'value')) ?? '';
  }
  return out;
}

/** SDMX-ML 2.1 generic data message. "Lines" are observation numbers within the file. */
function readGenericXml(c: Collector, mapping: SourceMapping, file: string): void {
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '',
    removeNSPrefix: true,
    isArray: (n) => ['Series', 'Obs', 'Value'].includes(n),
  });
  const doc: unknown = parser.parse(readFileSync(file, 'utf8'));
  const dataSets = asList(at(doc, 'GenericData', 'DataSet'));
  if (dataSets.length === 0) return c.bad(file, 1, 'not an SDMX-ML 2.1 generic data message');
  let n = 0;
  for (const ds of dataSets) {
    for (const s of asList(at(ds, 'Series'))) {
      const key = xmlValues(at(s, 'SeriesKey', 'Value'));
      const obs = asList(at(s, 'Obs')).map((o) => ({
        period: scalarText(at(o, 'ObsDimension', 'value')) ?? '',
        value: at(o, 'ObsValue', 'value'),
        status: xmlValues(at(o, 'Attributes', 'Value')).OBS_STATUS,
        line: ++n,
      }));
      addSeries(c, mapping, { file, key, obs });
    }
  }
}

/** A dimension or attribute of an SDMX-JSON structure: its id and the ids of its values, by position. */
interface Component {
  id: string;
  values: Array<string | undefined>;
}

/** What the adapter reads of the `structure` of an SDMX-JSON 1.0 data message. */
interface Structure {
  /** Dimensions fixed for the whole data set, with their one value. */
  fixed: Record<string, string>;
  /** Dimensions of the series keys (`0:1:0`), in key order. */
  series: Component[];
  /** The time dimension of the observations. */
  time: Component | undefined;
  /** The OBS_STATUS attribute and its position among the observation attributes, if there is one. */
  status: { position: number; values: Array<string | undefined> } | undefined;
}

function readComponent(item: unknown): Component {
  return {
    id: scalarText(at(item, 'id')) ?? '',
    values: itemsOf(at(item, 'values')).map((v) => scalarText(at(v, 'id'))),
  };
}

/** The structure of an SDMX-JSON data message; undefined when it has no dimensions. */
function readStructure(doc: unknown): Structure | undefined {
  const dims = at(doc, 'structure', 'dimensions');
  if (!isRecord(dims)) return undefined;
  const fixed: Record<string, string> = {};
  for (const d of itemsOf(dims.dataSet).map(readComponent)) {
    const value = d.values[0];
    if (value !== undefined) fixed[d.id] = value;
  }
  const attributes = itemsOf(at(doc, 'structure', 'attributes', 'observation')).map(readComponent);
  const position = attributes.findIndex((a) => a.id === 'OBS_STATUS');
  return {
    fixed,
    series: itemsOf(dims.series).map(readComponent),
    time: itemsOf(dims.observation).map(readComponent)[0],
    status: position < 0 ? undefined : { position, values: attributes[position]!.values },
  };
}

/** The key of a series from its position key (`0:1:0`, a value index per series dimension). */
function seriesKey(structure: Structure, positions: string): Record<string, string> {
  const idx = positions.split(':').map(Number);
  const key: Record<string, string> = { ...structure.fixed };
  structure.series.forEach((d, i) => {
    const value = d.values[idx[i]!];
    if (value !== undefined) key[d.id] = value;
  });
  return key;
}

/** An observation (`[value, attribute index…]`) at time position `k`. */
function readObservation(structure: Structure, k: string, v: readonly unknown[]): Omit<Observation, 'line'> {
  const statusIndex = structure.status ? v[structure.status.position + 1] : undefined;
  return {
    period: structure.time?.values[Number(k)] ?? '',
    value: v[0],
    status: typeof statusIndex === 'number' ? structure.status?.values[statusIndex] : undefined,
  };
}

/** SDMX-JSON 1.0 data message (series-keyed data sets). "Lines" are observation numbers within the file. */
function readJson(c: Collector, mapping: SourceMapping, file: string): void {
  const doc = readJsonFile(file);
  const structure = readStructure(doc);
  const dataSets = asArray(at(doc, 'dataSets'));
  if (!structure || !dataSets) return c.bad(file, 1, 'not an SDMX-JSON 1.0 data message');
  let n = 0;
  for (const ds of dataSets) {
    const series = at(ds, 'series');
    for (const [positions, s] of Object.entries(isRecord(series) ? series : {})) {
      const obs: Observation[] = [];
      const observations = at(s, 'observations');
      for (const [k, v] of Object.entries(isRecord(observations) ? observations : {})) {
        const line = ++n;
        const values = asArray(v);
        if (values) obs.push({ ...readObservation(structure, k, values), line });
        else c.bad(file, line, `observation ${k} of series ${positions} is not an array [value, attributes…]`);
      }
      addSeries(c, mapping, { file, key: seriesKey(structure, positions), obs });
    }
  }
}

/** SDMX data: SDMX-ML 2.1 generic (.xml) or SDMX-JSON 1.0 (.json). */
export function readSdmx(files: string[], mapping: SourceMapping): EconomicsBatch {
  const c = new Collector(mapping.countries);
  for (const file of files) {
    if (file.endsWith('.xml')) readGenericXml(c, mapping, file);
    else readJson(c, mapping, file);
  }
  for (const b of c.badRows) b.file = path.basename(b.file);
  return c.batch(mapping.source);
}
