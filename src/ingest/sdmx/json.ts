import {
  actionOf,
  emitObservation,
  TIME_DIMENSION,
  type SdmxReader,
  type SdmxReadOptions,
  type SdmxSink,
} from './observation.js';

/**
 * An SDMX-JSON message is parsed whole (no maintained streaming JSON parser is at
 * hand); beyond this many bytes it is refused.
 */
export const SDMX_JSON_MAX_BYTES = 256 * 1024 * 1024;

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** A dimension or attribute of the structure: its id and the text of each value, by position. */
interface Component {
  id: string;
  values: Array<string | undefined>;
  time: boolean;
}

/** A value's text: its id, else its (uncoded) value, else its name when that is a plain string. */
function valueText(v: unknown): string | undefined {
  if (typeof v === 'string' || typeof v === 'number') return String(v);
  if (!isObject(v)) return undefined;
  for (const k of ['id', 'value', 'name'])
    if (typeof v[k] === 'string' || typeof v[k] === 'number') return String(v[k]);
  return undefined;
}

function component(v: unknown): Component {
  const c = isObject(v) ? v : {};
  const id = typeof c.id === 'string' ? c.id : '';
  const roles = [c.role, ...list(c.roles)].filter((r): r is string => typeof r === 'string');
  return {
    id,
    values: list(c.values).map(valueText),
    time: id === TIME_DIMENSION || roles.some((r) => r === TIME_DIMENSION || /^time$/i.test(r)),
  };
}

/** What is read of a structure: dimensions and attributes at each level. */
interface Structure {
  dataSetDimensions: Component[];
  seriesDimensions: Component[];
  observationDimensions: Component[];
  dataSetAttributes: Component[];
  seriesAttributes: Component[];
  observationAttributes: Component[];
  /** Measures before the attributes in an observation's array (SDMX-JSON 2.0; 1 in 1.0). */
  measures: number;
}

function structureOf(s: unknown): Structure | undefined {
  if (!isObject(s) || !isObject(s.dimensions)) return undefined;
  const d = s.dimensions;
  const a = isObject(s.attributes) ? s.attributes : {};
  const measures = isObject(s.measures) ? list(s.measures.observation).length : 0;
  return {
    dataSetDimensions: list(d.dataSet).map(component),
    seriesDimensions: list(d.series).map(component),
    observationDimensions: list(d.observation).map(component),
    dataSetAttributes: list(a.dataSet).map(component),
    seriesAttributes: list(a.series).map(component),
    observationAttributes: list(a.observation).map(component),
    measures: Math.max(1, measures),
  };
}

/** Dimensions by id from a position key (`0:1:0`, a value index per dimension); false when one is out of range. */
function dimensionsAt(dims: Component[], positions: string, into: Record<string, string>): boolean {
  if (dims.length === 0) return positions === '';
  const idx = positions.split(':');
  if (idx.length !== dims.length) return false;
  for (let i = 0; i < dims.length; i++) {
    const value = /^\d+$/.test(idx[i]!) ? dims[i]!.values[Number(idx[i])] : undefined;
    if (value === undefined) return false;
    into[dims[i]!.id] = value;
  }
  return true;
}

/** Attributes by id from value indexes (null: not given), or a component's one value when no index is given. */
function attributesAt(attrs: Component[], indexes: unknown[] | undefined, into: Record<string, string>): void {
  attrs.forEach((a, i) => {
    const index = indexes?.[i];
    const value =
      typeof index === 'number'
        ? a.values[index]
        : indexes === undefined && a.values.length === 1
          ? a.values[0]
          : undefined;
    if (value !== undefined) into[a.id] = value;
  });
}

/**
 * SDMX-JSON 1.0 (`structure`, `dataSets`) and 2.0 (`data.structures`,
 * `data.dataSets`) data messages: series keyed by positions in the series dimensions
 * (`"0:1:0"`) with observations keyed by positions in the observation dimensions, or
 * observations keyed by every dimension (flat); a data set's `action` `Delete`
 * withdraws its observations. Observations are handed on one at a time, numbered
 * from 1 in the message (their "line"). The text is gathered up to `maxJsonBytes`
 * and parsed at its end.
 */
export function jsonReader(sink: SdmxSink, options?: SdmxReadOptions): SdmxReader {
  const maxBytes = options?.maxJsonBytes ?? SDMX_JSON_MAX_BYTES;
  const parts: string[] = [];
  let bytes = 0;
  return {
    write(text) {
      bytes += Buffer.byteLength(text);
      if (bytes > maxBytes) throw new Error(`an SDMX-JSON message of more than ${maxBytes} bytes`);
      parts.push(text);
    },
    end() {
      let doc: unknown;
      try {
        doc = JSON.parse(parts.join(''));
      } catch (err) {
        throw new Error(`not JSON: ${(err as Error).message}`);
      } finally {
        parts.length = 0;
      }
      readDocument(doc, sink);
    },
  };
}

function readDocument(doc: unknown, sink: SdmxSink): void {
  const root = isObject(doc) ? doc : {};
  // 2.0 puts structures and data sets under `data`; 1.0 at the top (some 1.0 services also under `data`).
  const data = isObject(root.data) ? root.data : root;
  const structures = [data.structure, ...list(data.structures), root.structure].map(structureOf);
  const dataSets = list(data.dataSets);
  if (!structures.some(Boolean) || !Array.isArray(data.dataSets))
    throw new Error('not an SDMX-JSON data message (no structure or no dataSets)');
  let line = 0;
  for (const ds of dataSets) {
    if (!isObject(ds)) continue;
    const s = structures[typeof ds.structure === 'number' ? ds.structure + 1 : 0] ?? structures.find(Boolean);
    if (!s) continue;
    const action = actionOf(typeof ds.action === 'string' ? ds.action : undefined);
    const fixed: Record<string, string> = {};
    for (const d of s.dataSetDimensions) if (d.values[0] !== undefined) fixed[d.id] = d.values[0];
    const dsAttributes: Record<string, string> = {};
    attributesAt(s.dataSetAttributes, Array.isArray(ds.attributes) ? ds.attributes : undefined, dsAttributes);
    const observe = (
      at: { base: Record<string, string>; inherited: Record<string, string> },
      k: string,
      v: unknown,
    ) => {
      line++;
      const dimensions = { ...at.base };
      if (!dimensionsAt(s.observationDimensions, k, dimensions))
        return sink.bad(line, `observation key "${k.slice(0, 40)}" names no value of the observation dimensions`);
      if (!Array.isArray(v))
        return sink.bad(line, `observation "${k.slice(0, 40)}" is not an array [value, attributes…]`);
      const attributes = { ...at.inherited };
      attributesAt(s.observationAttributes, v.slice(s.measures), attributes);
      const value = v[0] === undefined ? null : (v[0] as string | number | null);
      emitObservation(sink, { dimensions, attributes, value, action, line });
    };
    if (isObject(ds.series)) {
      for (const [positions, series] of Object.entries(ds.series)) {
        const base = { ...fixed };
        if (!dimensionsAt(s.seriesDimensions, positions, base)) {
          sink.bad(line + 1, `series key "${positions.slice(0, 40)}" names no value of the series dimensions`);
          continue;
        }
        const inherited = { ...dsAttributes };
        const sAttrs = isObject(series) && Array.isArray(series.attributes) ? series.attributes : [];
        attributesAt(s.seriesAttributes, sAttrs, inherited);
        const obs = isObject(series) && isObject(series.observations) ? series.observations : {};
        for (const [k, v] of Object.entries(obs)) observe({ base, inherited }, k, v);
      }
    }
    if (isObject(ds.observations))
      for (const [k, v] of Object.entries(ds.observations)) observe({ base: fixed, inherited: dsAttributes }, k, v);
  }
}
