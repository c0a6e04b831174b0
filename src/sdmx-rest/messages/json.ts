import { AGENCY, DIMENSIONS, FLOW_ID, FREQ_NAMES, OBS_STATUS_NAMES } from '../dataflow.js';
import { withAttributes, withObservations, type DataMessageWriter, type MessageContext } from './message.js';

/** Codes in the order first met: each code's index is its place in `values`. */
class Codes {
  readonly values: string[] = [];
  private readonly index = new Map<string, number>();

  of(code: string): number {
    let i = this.index.get(code);
    if (i === undefined) {
      i = this.values.push(code) - 1;
      this.index.set(code, i);
    }
    return i;
  }
}

/** Names of codes a reader can show (the frequency's and the status's); others go by id. */
export interface CodeNames {
  REF_AREA: (code: string) => string | undefined;
  INDICATOR: (code: string) => string | undefined;
}

const DIMENSION_NAMES: Readonly<Record<string, string>> = {
  FREQ: 'Frequency',
  REF_AREA: 'Reference area',
  INDICATOR: 'Indicator',
  TIME_PERIOD: 'Time period',
};

/** The codes a message met, by component. */
interface MetCodes {
  dims: Codes[];
  periods: Codes;
  units: Codes;
  statuses: Codes;
}

/** The `structure` of a message: its dimensions and attributes, each with the codes met in the order met. */
function structureOf(
  ctx: MessageContext,
  met: MetCodes,
  values: (dimension: string, codes: Codes) => Array<{ id: string; name?: string }>,
) {
  const attributes = withAttributes(ctx.detail);
  const series = DIMENSIONS.map((id, keyPosition) => ({
    id,
    name: DIMENSION_NAMES[id],
    keyPosition,
    values: values(id, met.dims[keyPosition]!),
  }));
  const time = { id: 'TIME_PERIOD', name: DIMENSION_NAMES.TIME_PERIOD, role: 'time', values: values('', met.periods) };
  const unit = { id: 'UNIT_MEASURE', name: 'Unit of measure', values: values('', met.units) };
  const status = {
    id: 'OBS_STATUS',
    name: 'Observation status',
    values: met.statuses.values.map((id) => ({ id, name: OBS_STATUS_NAMES[id] ?? id })),
  };
  return {
    id: FLOW_ID,
    name: 'Economic indicators',
    dimensions: ctx.flat
      ? { dataset: [], series: [], observation: [...series, { ...time, keyPosition: 3 }] }
      : { dataset: [], series, observation: [time] },
    attributes: ctx.flat
      ? { dataset: [], series: [], observation: attributes ? [unit, status] : [] }
      : { dataset: [], series: attributes ? [unit] : [], observation: attributes ? [status] : [] },
  };
}

/**
 * SDMX-JSON 1.0 data. Observations and series are keyed by the indices of their
 * codes in `structure`; so that no answer is held whole, the data set is written as
 * the series come and `structure` (the codes met, in the order met) last — JSON
 * members have no order, and readers take the message whole.
 */
export function jsonData(ctx: MessageContext, names: CodeNames): DataMessageWriter {
  const attributes = withAttributes(ctx.detail);
  const observations = withObservations(ctx.detail);
  const dims = DIMENSIONS.map(() => new Codes());
  const periods = new Codes();
  const units = new Codes();
  const statuses = new Codes();
  let first = true;
  const sep = () => (first ? ((first = false), '') : ',');
  const nameOf = (dimension: string, code: string) =>
    dimension === 'FREQ'
      ? FREQ_NAMES[code]
      : dimension === 'REF_AREA'
        ? names.REF_AREA(code)
        : dimension === 'INDICATOR'
          ? names.INDICATOR(code)
          : undefined;
  const values = (dimension: string, codes: Codes) =>
    codes.values.map((id) => {
      const name = nameOf(dimension, id);
      return name === undefined ? { id } : { id, name };
    });
  return {
    start: () =>
      `{"header":${JSON.stringify({ id: ctx.id, test: false, prepared: ctx.prepared, sender: { id: AGENCY } })},` +
      `"dataSets":[{"action":"Information","${ctx.flat ? 'observations' : 'series'}":{`,
    series(s) {
      const key = s.key.map((code, i) => dims[i]!.of(code));
      const unit = units.of(s.unit);
      if (ctx.flat) {
        if (!observations) return '';
        return s.observations
          .map((o) => {
            const cell = attributes ? [o.value, unit, statuses.of(o.status)] : [o.value];
            return `${sep()}"${[...key, periods.of(o.period)].join(':')}":${JSON.stringify(cell)}`;
          })
          .join('');
      }
      const obs = observations
        ? s.observations
            .map((o) => {
              const cell = attributes ? [o.value, statuses.of(o.status)] : [o.value];
              return `"${periods.of(o.period)}":${JSON.stringify(cell)}`;
            })
            .join(',')
        : undefined;
      const body = [attributes ? `"attributes":[${unit}]` : '', obs !== undefined ? `"observations":{${obs}}` : '']
        .filter(Boolean)
        .join(',');
      return `${sep()}"${key.join(':')}":{${body}}`;
    },
    end: () => `}}],"structure":${JSON.stringify(structureOf(ctx, { dims, periods, units, statuses }, values))}}\n`,
  };
}
