import { withoutTrailingSlashes } from '../../text.js';

/** What an SDMX REST data query asks (CONTRACT §7: `flow`, `key`, and the incremental bounds). */
export interface SdmxDataQuery {
  /** The web service's base URL (`https://data-api.ecb.europa.eu/service`). */
  url: string;
  /** `2.1` (the default) or `3.0`. */
  restVersion?: '2.1' | '3.0';
  /** `AGENCY,ID,VERSION` or `ID`. */
  flow: string;
  /** Dot-separated dimension values, `+` between alternatives; empty for every series. */
  key: string;
  /** The first period wanted (`2000`, `2000-01`). */
  startPeriod?: string;
  /** Only what changed after this instant (the last successful fetch). */
  updatedAfter?: Date;
  /** `full` (values and attributes, the default) or `dataonly`. */
  detail?: 'full' | 'dataonly';
}

/** The `Accept` header of a data query: structure-specific SDMX-ML of the version asked, else any data message. */
export function sdmxAccept(restVersion: '2.1' | '3.0' = '2.1'): string {
  const types =
    restVersion === '3.0'
      ? [
          'application/vnd.sdmx.structurespecificdata+xml;version=3.0.0',
          'application/vnd.sdmx.data+json;version=2.0.0;q=0.9',
        ]
      : [
          'application/vnd.sdmx.structurespecificdata+xml;version=2.1',
          'application/vnd.sdmx.genericdata+xml;version=2.1;q=0.9',
        ];
  return [...types, 'application/xml;q=0.5'].join(', ');
}

/** `updatedAfter` as SDMX REST takes it: ISO 8601 in UTC, seconds precision. */
const instant = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** The flow's agency, id and version (`*` and latest where `flow` is a bare id). */
function flowParts(flow: string): [string, string, string] {
  const parts = flow.split(',');
  if (parts.length === 3 && parts.every((p) => p !== '')) return parts as [string, string, string];
  if (parts.length === 1 && parts[0]) return ['*', parts[0], '~'];
  throw new Error(`flow "${flow}" is neither AGENCY,ID,VERSION nor ID`);
}

/**
 * The URL of an SDMX REST data query. 2.1: `{url}/data/{flow}/{key}` with
 * `startPeriod`, `updatedAfter` and `detail`; 3.0: `{url}/data/dataflow/{agency}/{id}/{version}/{key}`
 * with the time bound as `c[TIME_PERIOD]=ge:`, `updatedAfter`, and `attributes`
 * (`dsd`, or `none` for data only). Values are percent-encoded.
 */
export function sdmxDataUrl(q: SdmxDataQuery): string {
  const base = withoutTrailingSlashes(q.url);
  const params = new URLSearchParams();
  if (q.restVersion === '3.0') {
    const [agency, id, version] = flowParts(q.flow).map(encodeURIComponent);
    // 3.0 writes alternatives with commas and every value of a dimension as `*`.
    const key =
      q.key === ''
        ? '*'
        : q.key
            .split('.')
            .map((v) => (v === '' ? '*' : v.split('+').join(',')))
            .join('.');
    if (q.startPeriod) params.set('c[TIME_PERIOD]', `ge:${q.startPeriod}`);
    if (q.updatedAfter) params.set('updatedAfter', instant(q.updatedAfter));
    params.set('attributes', q.detail === 'dataonly' ? 'none' : 'dsd');
    const path = `${agency}/${id}/${version}/${encodeURIComponent(key).replace(/%2C/g, ',')}`;
    return `${base}/data/dataflow/${path}?${params}`;
  }
  flowParts(q.flow);
  if (q.startPeriod) params.set('startPeriod', q.startPeriod);
  if (q.updatedAfter) params.set('updatedAfter', instant(q.updatedAfter));
  params.set('detail', q.detail ?? 'full');
  const flow = encodeURIComponent(q.flow).replace(/%2C/g, ',');
  const key = encodeURIComponent(q.key === '' ? 'all' : q.key).replace(/%2B/g, '+');
  return `${base}/data/${flow}/${key}?${params}`;
}
