import {
  actionOf,
  emitObservation,
  MAX_GROUPS,
  TIME_DIMENSION,
  type SdmxReader,
  type SdmxObservation,
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
  /** The value of an attribute whose index is left out. */
  default: string | undefined;
}

/** A value's text: its id, else its (uncoded) value, else its name when that is a plain string. */
function valueText(v: unknown): string | undefined {
  if (typeof v === 'string' || typeof v === 'number') return String(v);
  if (!isObject(v)) return undefined;
  for (const k of ['id', 'value', 'name']) {
    const x = v[k];
    if (typeof x === 'string' || typeof x === 'number') return String(x);
    const text = localised(x);
    if (text !== undefined) return text;
  }
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
    default: valueText(c.default),
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
  /** Attributes of dimension groups (SDMX-JSON 2.0), given per group key in a data set. */
  groupAttributes: Component[];
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
    groupAttributes: list(a.dimensionGroup).map(component),
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

/**
 * Attributes by id from what a data set, series, group or observation gives for each:
 * an index into the attribute's values, the value itself (SDMX-JSON 2.0 may write it
 * inline), null (not set); one left out takes the attribute's default, or its only
 * value when nothing is given at all.
 */
function attributesAt(attrs: Component[], given: unknown[] | undefined, into: Record<string, string>): void {
  attrs.forEach((a, i) => {
    const g = given?.[i];
    let value: string | undefined;
    if (typeof g === 'number') value = a.values[g];
    else if (g === undefined)
      value = a.default ?? (given === undefined && a.values.length === 1 ? a.values[0] : undefined);
    else if (g !== null) value = valueText(g) ?? localised(g);
    if (value !== undefined) into[a.id] = value;
  });
}

/** A localised text (`{"en": "…"}`): its first language. */
function localised(v: unknown): string | undefined {
  if (isObject(v)) for (const t of Object.values(v)) if (typeof t === 'string') return t;
  return undefined;
}

/** A dimension group of a data set: a value index per dimension (none: any value) and its attributes. */
interface Group {
  slots: Array<number | undefined>;
  attributes: Record<string, string>;
}

/** The dimension groups of a data set (`dimensionGroupAttributes`, keyed `":0:"`, one slot per dimension). */
function groupsOf(s: Structure, given: unknown): Group[] {
  if (!isObject(given)) return [];
  const entries = Object.entries(given);
  if (entries.length > MAX_GROUPS) throw new Error(`more than ${MAX_GROUPS} dimension groups in a data set`);
  return entries.map(([key, values]) => {
    const attributes: Record<string, string> = {};
    attributesAt(s.groupAttributes, Array.isArray(values) ? values : [], attributes);
    return { slots: key.split(':').map((t) => (/^\d+$/.test(t) ? Number(t) : undefined)), attributes };
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
  const counter = { line: 0 };
  for (const ds of dataSets) {
    if (!isObject(ds)) continue;
    const s = structures[typeof ds.structure === 'number' ? ds.structure + 1 : 0] ?? structures.find(Boolean);
    if (s) new DataSetReader(s, ds, { sink, counter }).read();
  }
}

/** Reads one data set of a message, numbering its observations on from those before. */
class DataSetReader {
  private readonly action: SdmxObservation['action'];
  private readonly fixed: Record<string, string> = {};
  private readonly attributes: Record<string, string> = {};
  private readonly groups: Group[];
  /** Series dimensions, then observation dimensions: the slots of a group key. */
  private readonly dims: Component[];

  constructor(
    private readonly s: Structure,
    private readonly ds: Json,
    private readonly to: { sink: SdmxSink; counter: { line: number } },
  ) {
    this.action = actionOf(typeof ds.action === 'string' ? ds.action : undefined);
    for (const d of s.dataSetDimensions) if (d.values[0] !== undefined) this.fixed[d.id] = d.values[0];
    attributesAt(s.dataSetAttributes, Array.isArray(ds.attributes) ? ds.attributes : undefined, this.attributes);
    this.groups = groupsOf(s, ds.dimensionGroupAttributes);
    this.dims = [...s.seriesDimensions, ...s.observationDimensions];
  }

  read(): void {
    const { ds, s } = this;
    if (isObject(ds.series)) {
      for (const [positions, series] of Object.entries(ds.series)) {
        const base = { ...this.fixed };
        if (!dimensionsAt(s.seriesDimensions, positions, base)) {
          const at = this.to.counter.line + 1;
          this.to.sink.bad(at, `series key "${positions.slice(0, 40)}" names no value of the series dimensions`);
          continue;
        }
        const inherited: Record<string, string> = {};
        // Groups that fit the series key; those that also name an observation dimension are checked per observation.
        const groups = this.groups.filter((g) => this.fits(g, base, 'series'));
        const sAttrs = isObject(series) && Array.isArray(series.attributes) ? series.attributes : [];
        attributesAt(s.seriesAttributes, sAttrs, inherited);
        const obs = isObject(series) && isObject(series.observations) ? series.observations : {};
        for (const [k, v] of Object.entries(obs)) this.observe({ base, inherited, groups }, k, v);
      }
    }
    if (isObject(ds.observations)) {
      const at = { base: this.fixed, inherited: {}, groups: this.groups };
      for (const [k, v] of Object.entries(ds.observations)) this.observe(at, k, v);
    }
  }

  private observe(
    at: { base: Record<string, string>; inherited: Record<string, string>; groups: Group[] },
    k: string,
    v: unknown,
  ): void {
    const { s, to } = this;
    const line = ++to.counter.line;
    const dimensions = { ...at.base };
    if (!dimensionsAt(s.observationDimensions, k, dimensions))
      return to.sink.bad(line, `observation key "${k.slice(0, 40)}" names no value of the observation dimensions`);
    if (!Array.isArray(v))
      return to.sink.bad(line, `observation "${k.slice(0, 40)}" is not an array [value, attributes…]`);
    // The nearest level wins: data set, groups, series, observation.
    const attributes = { ...this.attributes };
    for (const g of at.groups) if (this.fits(g, dimensions, 'observation')) Object.assign(attributes, g.attributes);
    Object.assign(attributes, at.inherited);
    attributesAt(s.observationAttributes, v.slice(s.measures), attributes);
    const value = v[0] === undefined ? null : (v[0] as string | number | null);
    emitObservation(to.sink, { dimensions, attributes, value, action: this.action, line });
  }

  /** Whether a group's slots of the series (or observation) dimensions hold those values (an empty slot, any). */
  private fits(g: Group, dimensions: Record<string, string>, level: 'series' | 'observation'): boolean {
    const dims = this.dims;
    const series = this.s.seriesDimensions.length;
    const [from, to] = level === 'series' ? [0, series] : [series, dims.length];
    for (let i = from; i < g.slots.length && i < to; i++) {
      const slot = g.slots[i];
      if (slot !== undefined && dims[i]!.values[slot] !== dimensions[dims[i]!.id]) return false;
    }
    return true;
  }
}
