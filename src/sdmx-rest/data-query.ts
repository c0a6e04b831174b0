import { ApiError } from '../errors.js';
import { AGENCY, FLOW_ID, FLOW_VERSION } from './dataflow.js';
import { periodDays } from './periods.js';

/** What details a data message carries (SDMX REST `detail`). */
export const DETAILS = ['full', 'dataonly', 'serieskeysonly', 'nodata'] as const;
export type Detail = (typeof DETAILS)[number];

/** A data query of the SDMX surface, checked. */
export interface DataQuery {
  /** Codes asked for each dimension of the key; null: every code. */
  freq: string[] | null;
  area: string[] | null;
  indicator: string[] | null;
  /** First and last day of the periods asked (inclusive). */
  from?: string;
  to?: string;
  /** Only series that changed after this instant (ms since 1970). */
  updatedAfter?: number;
  firstN?: number;
  lastN?: number;
  /** `TIME_PERIOD` (series, the default) or `AllDimensions` (flat observations). */
  dimensionAtObservation: 'TIME_PERIOD' | 'AllDimensions';
  detail: Detail;
}

/** The query parameters of a data request, as received. */
export interface DataParams {
  startPeriod?: string;
  endPeriod?: string;
  updatedAfter?: string;
  firstNObservations?: string;
  lastNObservations?: string;
  dimensionAtObservation?: string;
  detail?: string;
}

const bad = (message: string) => new ApiError('bad_request', message);

/**
 * Whether a flow reference names this service's dataflow: `ECON`, `ECONTRADE,ECON`,
 * `ECONTRADE,ECON,1.0` (or `latest`), `all` for the agency. 404 for another flow,
 * 400 for a reference that is not one.
 */
export function checkFlowRef(ref: string): void {
  const parts = ref.split(',');
  if (parts.length > 3 || parts.some((p) => !/^[A-Za-z0-9_@$.~-]+$/.test(p)))
    throw bad(`"${ref.slice(0, 60)}" is not a flow reference (AGENCY,ID,VERSION or ID)`);
  const [agency, id, version] = parts.length === 1 ? [AGENCY, parts[0]!, 'latest'] : parts;
  const ours =
    (agency === AGENCY || agency === 'all') &&
    id === FLOW_ID &&
    (version === undefined || version === FLOW_VERSION || version === 'latest' || version === '~');
  if (!ours)
    throw new ApiError('not_found', `No dataflow ${ref}; this service has ${AGENCY},${FLOW_ID},${FLOW_VERSION}.`);
}

/** A code of a key part: letters, digits and `_` (country ids, kpi ids, frequency codes). */
const CODE = /^[A-Za-z0-9_]{1,40}$/;

/** The key `FREQ.REF_AREA.INDICATOR` (parts empty for every code, `+` between codes; `all` or none: everything). */
export function parseKey(key: string | undefined): Pick<DataQuery, 'freq' | 'area' | 'indicator'> {
  if (key === undefined || key === '' || key === 'all') return { freq: null, area: null, indicator: null };
  const parts = key.split('.');
  if (parts.length !== 3)
    throw bad(`the key "${key.slice(0, 80)}" has ${parts.length} part(s); this dataflow's is FREQ.REF_AREA.INDICATOR`);
  const [freq, area, indicator] = parts.map((part) => {
    if (part === '') return null;
    const codes = part.split('+');
    if (codes.length > 1000 || codes.some((c) => !CODE.test(c)))
      throw bad(`the key part "${part.slice(0, 80)}" is malformed`);
    return codes.map((c) => c.toUpperCase());
  });
  return { freq: freq!, area: area!, indicator: indicator! };
}

function count(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^[1-9]\d{0,8}$/.test(value)) throw bad(`${name} must be a positive integer`);
  return Number(value);
}

function period(value: string | undefined, name: string, end: 'first' | 'last'): string | undefined {
  if (value === undefined) return undefined;
  const days = periodDays(value);
  if (!days)
    throw bad(`${name} "${value.slice(0, 40)}" is not an SDMX time period (2024, 2024-Q3, 2024-07, 2024-07-15 …)`);
  return days[end];
}

/** The parameters of a data request, checked (400 for a malformed one, 501 for one this service does not do). */
export function parseDataParams(p: DataParams): Omit<DataQuery, 'freq' | 'area' | 'indicator'> {
  const from = period(p.startPeriod, 'startPeriod', 'first');
  const to = period(p.endPeriod, 'endPeriod', 'last');
  if (from && to && from > to) throw bad('startPeriod is after endPeriod');
  let updatedAfter: number | undefined;
  if (p.updatedAfter !== undefined) {
    updatedAfter = /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(p.updatedAfter)
      ? Date.parse(p.updatedAfter)
      : NaN;
    if (!Number.isFinite(updatedAfter)) throw bad('updatedAfter must be an ISO 8601 date and time');
  }
  const dimension = p.dimensionAtObservation ?? 'TIME_PERIOD';
  if (dimension !== 'TIME_PERIOD' && dimension !== 'AllDimensions') {
    if (['FREQ', 'REF_AREA', 'INDICATOR'].includes(dimension))
      throw new ApiError('not_implemented', 'dimensionAtObservation takes TIME_PERIOD or AllDimensions here.');
    throw bad(`dimensionAtObservation "${dimension.slice(0, 40)}" is not a dimension of this dataflow`);
  }
  const detail = p.detail ?? 'full';
  if (!(DETAILS as readonly string[]).includes(detail)) throw bad(`detail takes ${DETAILS.join(', ')}`);
  return {
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    ...(updatedAfter !== undefined ? { updatedAfter } : {}),
    ...(p.firstNObservations !== undefined ? { firstN: count(p.firstNObservations, 'firstNObservations') } : {}),
    ...(p.lastNObservations !== undefined ? { lastN: count(p.lastNObservations, 'lastNObservations') } : {}),
    dimensionAtObservation: dimension,
    detail: detail as Detail,
  };
}
