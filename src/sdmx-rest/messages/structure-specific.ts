import { DIMENSIONS, STRUCTURE_ID } from '../dataflow.js';
import {
  NS,
  withAttributes,
  withObservations,
  xmlText,
  type DataMessageWriter,
  type MessageContext,
} from './message.js';
import { dataHeader, structureSpecificNamespace } from './xml-header.js';

/**
 * SDMX-ML 2.1 structure-specific data: a series is one element whose attributes are
 * its key and `UNIT_MEASURE`, an observation one element with `TIME_PERIOD`,
 * `OBS_VALUE` and `OBS_STATUS`. The root declares the SDMX namespaces before the
 * data structure's `urn:` one (readers such as rsdmx 0.6 take the first they meet).
 */
export function structureSpecificData(ctx: MessageContext): DataMessageWriter {
  const attributes = withAttributes(ctx.detail);
  const observations = withObservations(ctx.detail);
  const namespace = structureSpecificNamespace(ctx.flat);
  const keyOf = (key: readonly string[]) => key.map((code, i) => `${DIMENSIONS[i]}="${xmlText(code)}"`).join(' ');
  return {
    start: () =>
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
      `<message:StructureSpecificData xmlns:message="${NS.message}" xmlns:common="${NS.common}" ` +
      `xmlns:ss="${NS.structurespecific}" xmlns:xsi="${NS.xsi}" xmlns:ns1="${namespace}">` +
      dataHeader(ctx, namespace) +
      `<message:DataSet ss:dataScope="DataStructure" xsi:type="ns1:DataSetType" ss:structureRef="${STRUCTURE_ID}">\n`,
    series(s) {
      const unit = attributes ? ` UNIT_MEASURE="${xmlText(s.unit)}"` : '';
      const obs = (o: (typeof s.observations)[number], key: string, more: string) =>
        `<Obs ${key}TIME_PERIOD="${o.period}" OBS_VALUE="${o.value}"` +
        `${attributes ? ` OBS_STATUS="${o.status}"` : ''}${more}/>`;
      if (ctx.flat) {
        if (!observations) return '';
        const key = `${keyOf(s.key)} `;
        return s.observations.map((o) => obs(o, key, unit)).join('\n') + '\n';
      }
      const body = observations ? s.observations.map((o) => obs(o, '', '')).join('') : '';
      return `<Series ${keyOf(s.key)}${unit}>${body}</Series>\n`;
    },
    end: () => '</message:DataSet></message:StructureSpecificData>\n',
  };
}
