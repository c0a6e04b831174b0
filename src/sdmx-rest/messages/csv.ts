import { DIMENSIONS, FLOW_REF } from '../dataflow.js';
import { withAttributes, withObservations, type DataMessageWriter, type MessageContext } from './message.js';

/**
 * SDMX-CSV 1.0: a header row, then one row per observation: `DATAFLOW`, the key,
 * `TIME_PERIOD`, `OBS_VALUE`, and (detail `full`) `UNIT_MEASURE` and `OBS_STATUS`.
 * Codes are letters, digits and `_`, so no field needs quoting. Series without
 * observations (`serieskeysonly`, `nodata`) are rows with an empty period and value.
 */
export function csvData(ctx: MessageContext): DataMessageWriter {
  const attributes = withAttributes(ctx.detail);
  const observations = withObservations(ctx.detail);
  return {
    start: () =>
      [
        'DATAFLOW',
        ...DIMENSIONS,
        'TIME_PERIOD',
        'OBS_VALUE',
        ...(attributes ? ['UNIT_MEASURE', 'OBS_STATUS'] : []),
      ].join(',') + '\n',
    series(s) {
      const key = `${FLOW_REF},${s.key.join(',')}`;
      if (!observations) return `${key},,${attributes ? `,${s.unit},` : ''}\n`;
      let out = '';
      for (const o of s.observations)
        out += `${key},${o.period},${o.value}${attributes ? `,${s.unit},${o.status}` : ''}\n`;
      return out;
    },
    end: () => '',
  };
}
