/** The data message formats of the SDMX surface (CONTRACT §8). */
export type DataFormat = 'genericdata' | 'structurespecificdata' | 'jsondata' | 'csvdata';

/** The media type each format is answered with. */
export const MEDIA_TYPES: Readonly<Record<DataFormat, string>> = {
  genericdata: 'application/vnd.sdmx.genericdata+xml;version=2.1',
  structurespecificdata: 'application/vnd.sdmx.structurespecificdata+xml;version=2.1',
  jsondata: 'application/vnd.sdmx.data+json;version=1.0.0',
  csvdata: 'application/vnd.sdmx.data+csv;version=1.0.0',
};

/** Media types (without parameters) a client may name for each format; `version` must fit where given. */
const ACCEPTED: ReadonlyArray<[string, DataFormat, string | undefined]> = [
  ['application/vnd.sdmx.genericdata+xml', 'genericdata', '2.1'],
  ['application/vnd.sdmx.structurespecificdata+xml', 'structurespecificdata', '2.1'],
  ['application/vnd.sdmx.data+json', 'jsondata', '1.0.0'],
  ['application/vnd.sdmx.data+csv', 'csvdata', '1.0.0'],
  ['application/json', 'jsondata', undefined],
  ['text/csv', 'csvdata', undefined],
  ['application/xml', 'genericdata', undefined],
  ['text/xml', 'genericdata', undefined],
  ['*/*', 'genericdata', undefined],
  ['application/*', 'genericdata', undefined],
];

/** One media range of an Accept header: type, version parameter, quality. */
function mediaRanges(accept: string) {
  return accept
    .split(',')
    .slice(0, 50)
    .map((range, order) => {
      const [type = '', ...params] = range.split(';').map((p) => p.trim());
      let q = 1;
      let version: string | undefined;
      for (const p of params) {
        const [k = '', v = ''] = p.split('=').map((x) => x.trim().replace(/^"|"$/g, ''));
        if (k.toLowerCase() === 'q') q = Number(v);
        if (k.toLowerCase() === 'version') version = v;
      }
      return { type: type.toLowerCase(), version, q: Number.isFinite(q) ? q : 0, order };
    })
    .filter((r) => r.q > 0)
    .sort((a, b) => b.q - a.q || a.order - b.order);
}

const FORMATS = Object.keys(MEDIA_TYPES) as DataFormat[];

/**
 * The format of a data answer: the `format` parameter where given (one of the four
 * names), else the best range of `Accept` this service produces, else (no Accept)
 * SDMX-ML 2.1 generic data. Undefined when nothing asked for can be produced (406).
 */
export function negotiateFormat(accept: string | undefined, format: string | undefined): DataFormat | undefined {
  if (format !== undefined) return FORMATS.find((f) => f === format);
  if (!accept || accept.trim() === '') return 'genericdata';
  for (const range of mediaRanges(accept)) {
    const hit = ACCEPTED.find(
      ([type, , version]) => type === range.type && (!range.version || !version || range.version === version),
    );
    if (hit) return hit[1];
  }
  return undefined;
}
