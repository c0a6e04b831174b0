import { DIMENSIONS, STRUCTURE_ID } from '../dataflow.js';
import {
  NS,
  withAttributes,
  withObservations,
  xmlText,
  type DataMessageWriter,
  type MessageContext,
  type SeriesOut,
} from './message.js';
import { dataHeader } from './xml-header.js';

const value = (id: string, v: string) => `<generic:Value id="${id}" value="${xmlText(v)}"/>`;

/**
 * SDMX-ML 2.1 generic data (`GenericData`, the kind R's rsdmx reads): series with
 * their key and `UNIT_MEASURE`, observations with their period, value and
 * `OBS_STATUS`; with AllDimensions, observations keyed by every dimension.
 */
export function genericData(ctx: MessageContext): DataMessageWriter {
  const attributes = withAttributes(ctx.detail);
  const observations = withObservations(ctx.detail);
  const obs = (o: SeriesOut['observations'][number], key: string, unit: string) =>
    '<generic:Obs>' +
    key +
    `<generic:ObsValue value="${o.value}"/>` +
    (attributes ? `<generic:Attributes>${unit}${value('OBS_STATUS', o.status)}</generic:Attributes>` : '') +
    '</generic:Obs>';
  return {
    start: () =>
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
      `<message:GenericData xmlns:message="${NS.message}" xmlns:common="${NS.common}" ` +
      `xmlns:generic="${NS.generic}" xmlns:xsi="${NS.xsi}">` +
      dataHeader(ctx) +
      `<message:DataSet structureRef="${STRUCTURE_ID}">\n`,
    series(s) {
      const keyValues = s.key.map((code, i) => value(DIMENSIONS[i]!, code)).join('');
      if (ctx.flat) {
        if (!observations) return '';
        const unit = value('UNIT_MEASURE', s.unit);
        return s.observations
          .map((o) => obs(o, `<generic:ObsKey>${keyValues}${value('TIME_PERIOD', o.period)}</generic:ObsKey>`, unit))
          .join('\n');
      }
      const head =
        `<generic:Series><generic:SeriesKey>${keyValues}</generic:SeriesKey>` +
        (attributes ? `<generic:Attributes>${value('UNIT_MEASURE', s.unit)}</generic:Attributes>` : '');
      const body = observations
        ? s.observations.map((o) => obs(o, `<generic:ObsDimension value="${o.period}"/>`, '')).join('')
        : '';
      return `${head}${body}</generic:Series>\n`;
    },
    end: () => '</message:DataSet></message:GenericData>\n',
  };
}
