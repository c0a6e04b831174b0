import type { Detail } from '../data-query.js';

/** One observation as a message writes it: its SDMX period, value and `OBS_STATUS` code. */
export interface ObservationOut {
  period: string;
  value: number;
  status: string;
}

/** One series as a message writes it. */
export interface SeriesOut {
  /** `FREQ`, `REF_AREA`, `INDICATOR`, in key order. */
  key: readonly [string, string, string];
  /** `UNIT_MEASURE`: the indicator's unit code. */
  unit: string;
  observations: readonly ObservationOut[];
}

/** What a data message says of itself. */
export interface MessageContext {
  /** The message id (the request's). */
  id: string;
  /** When it was prepared, ISO 8601. */
  prepared: string;
  detail: Detail;
  /** `dimensionAtObservation=AllDimensions`: flat observations, no series. */
  flat: boolean;
}

/** A data message written in pieces, so that no answer is held whole: its start, each series, its end. */
export interface DataMessageWriter {
  start(): string;
  series(s: SeriesOut): string;
  end(): string;
}

/** Whether a detail level carries attributes (`full`, `nodata`) and observations (`full`, `dataonly`). */
export const withAttributes = (detail: Detail) => detail === 'full' || detail === 'nodata';
export const withObservations = (detail: Detail) => detail === 'full' || detail === 'dataonly';

/** Text for an XML attribute value or element content. */
export function xmlText(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** SDMX-ML 2.1 namespaces. */
export const NS = {
  message: 'http://www.sdmx.org/resources/sdmxml/schemas/v2_1/message',
  common: 'http://www.sdmx.org/resources/sdmxml/schemas/v2_1/common',
  generic: 'http://www.sdmx.org/resources/sdmxml/schemas/v2_1/data/generic',
  structurespecific: 'http://www.sdmx.org/resources/sdmxml/schemas/v2_1/data/structurespecific',
  structure: 'http://www.sdmx.org/resources/sdmxml/schemas/v2_1/structure',
  xsi: 'http://www.w3.org/2001/XMLSchema-instance',
} as const;
