import type { Frequency } from '../economics/catalogue.js';
import type { ObsStatus } from '../economics/transforms.js';

/** The one dataflow of the SDMX surface (CONTRACT §8): economics, keyed `FREQ.REF_AREA.INDICATOR`. */
export const AGENCY = 'ECONTRADE';
export const FLOW_ID = 'ECON';
export const FLOW_VERSION = '1.0';
/** How data messages name the data structure they follow. */
export const STRUCTURE_ID = `${AGENCY}_${FLOW_ID}_${FLOW_VERSION.replace('.', '_')}`;
/** The start of the URNs of data structures and dataflows. */
export const URN_PREFIX = 'urn:sdmx:org.sdmx.infomodel.datastructure';
export const STRUCTURE_URN = `${URN_PREFIX}.DataStructure=${AGENCY}:${FLOW_ID}(${FLOW_VERSION})`;
/** SDMX-CSV 1.0's `DATAFLOW` column. */
export const FLOW_REF = `${AGENCY}:${FLOW_ID}(${FLOW_VERSION})`;

/** The series dimensions, in key order. */
export const DIMENSIONS = ['FREQ', 'REF_AREA', 'INDICATOR'] as const;
export type Dimension = (typeof DIMENSIONS)[number];

/** SDMX `FREQ` codes of the catalogue's frequencies, and their names. */
export const FREQ_CODES: Readonly<Record<Frequency, string>> = {
  annual: 'A',
  quarterly: 'Q',
  monthly: 'M',
  daily: 'D',
};
export const FREQ_NAMES: Readonly<Record<string, string>> = { A: 'Annual', Q: 'Quarterly', M: 'Monthly', D: 'Daily' };

/** SDMX `OBS_STATUS` codes of the observation statuses (no status is final). */
export const OBS_STATUS_CODES: Readonly<Record<ObsStatus, string>> = { final: 'A', provisional: 'P', estimated: 'E' };
export const OBS_STATUS_NAMES: Readonly<Record<string, string>> = {
  A: 'Normal value',
  P: 'Provisional value',
  E: 'Estimated value',
};

/** The `OBS_STATUS` code of a status (none: final). */
export const obsStatusCode = (status: ObsStatus | null | undefined) => OBS_STATUS_CODES[status ?? 'final'];
