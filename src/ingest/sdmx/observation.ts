/**
 * What every SDMX reader of the project hands on: one observation at a time, as
 * the message streams in, with its series key, its period as written, its value and
 * the attributes that apply to it (data set, group, series and observation levels
 * merged, the nearest level winning).
 */
export interface SdmxObservation {
  /** Every dimension but time, by id. */
  key: Record<string, string>;
  /** The time period as the message writes it (`2024-Q3`); empty only in a delete of a whole series. */
  period: string;
  /** The value as written (before `UNIT_MULT`); null when the message gives none (absent, empty, `NaN`). */
  value: number | null;
  /** Attributes by id (`OBS_STATUS`, `UNIT_MULT` …). */
  attributes: Record<string, string>;
  /** `delete` when the data set (or the CSV row) withdraws the observation. */
  action: 'replace' | 'delete';
  /** The line of its XML element or where its CSV record starts; its number in JSON. */
  line: number;
}

/** Where a reader hands its observations, and the ones it cannot read (with their line and why). */
export interface SdmxSink {
  observation(o: SdmxObservation): void;
  bad(line: number, reason: string): void;
}

/** A reader of one message, fed its text in pieces. */
export interface SdmxReader {
  write(text: string): void;
  /** The message has ended; a message cut short fails here. */
  end(): void;
}

/** What reading options every format takes. */
export interface SdmxReadOptions {
  /**
   * Ids known to be attributes, beyond the usual SDMX ones (`KNOWN_ATTRIBUTES`):
   * structure-specific XML and SDMX-CSV write dimensions and attributes alike, and
   * the data structure is not read.
   */
  attributes?: Iterable<string>;
  /** The bytes of an SDMX-JSON message, which is parsed whole (default `SDMX_JSON_MAX_BYTES`). */
  maxJsonBytes?: number;
}

/** The time dimension's id in SDMX 2.1 and later. */
export const TIME_DIMENSION = 'TIME_PERIOD';

/**
 * Attribute ids of the SDMX cross-domain concepts and of the agencies' common data
 * structures (ECB, Eurostat, IMF, OECD), which structure-specific XML and SDMX-CSV
 * write beside the dimensions with nothing to tell them apart.
 */
export const KNOWN_ATTRIBUTES: ReadonlySet<string> = new Set([
  'OBS_STATUS',
  'OBS_CONF',
  'OBS_PRE_BREAK',
  'OBS_COM',
  'OBS_EDP_WBB',
  'CONF_STATUS',
  'CONF_STATUS_OBS',
  'COMMENT_OBS',
  'COMMENT_TS',
  'COMMENT_DSET',
  'UNIT_MULT',
  'UNIT_MEASURE',
  'UNIT_INDEX_BASE',
  'DECIMALS',
  'DECIMALS_DISPLAYED',
  'SCALE',
  'TITLE',
  'TITLE_COMPL',
  'NAT_TITLE',
  'SERIES_NAME',
  'COLL_METHOD',
  'COMPILATION',
  'COMPILING_ORG',
  'DATA_COMP',
  'SOURCE_AGENCY',
  'SOURCE_PUB',
  'BREAKS',
  'DOM_SER_IDS',
  'PUBL_ECB',
  'PUBL_MU',
  'PUBL_PUBLIC',
  'TIME_FORMAT',
  'TIME_PER_COLLECT',
  'BASE_PER',
  'BASE_YEAR',
  'REF_PERIOD_DETAIL',
  'EMBARGO_TIME',
  'COUNTRY_UPDATE_DATE',
  'OVERLAP',
  'IDBANK',
  'LAST_UPDATE',
  'UPDATED',
]);

/** Whether `id` is an attribute: a known one, or one the caller names. */
export function attributeTest(options: SdmxReadOptions | undefined): (id: string) => boolean {
  const extra = new Set(options?.attributes ?? []);
  return (id) => KNOWN_ATTRIBUTES.has(id) || extra.has(id);
}

/** An SDMX id (`[A-Za-z0-9_@$-]`, starting with a letter or `_`). */
export const isSdmxId = (text: string): boolean => /^[A-Za-z_][A-Za-z0-9_@$-]*$/.test(text);

const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * A value as written: null when there is none (empty, SDMX's `NaN`), a number for a
 * decimal number, undefined for anything else (the caller reports it).
 */
export function valueOf(text: string | number | null | undefined): number | null | undefined {
  if (text === null || text === undefined) return null;
  if (typeof text === 'number') return Number.isFinite(text) ? text : undefined;
  const t = text.trim();
  if (t === '' || t === 'NaN') return null;
  return NUMBER.test(t) ? Number(t) : undefined;
}

/** The `action` of a data set as the message writes it (`Delete`, `Replace`, `Information` …). */
export const actionOf = (text: string | undefined): SdmxObservation['action'] =>
  text !== undefined && /^delete$/i.test(text.trim()) ? 'delete' : 'replace';

/** At most this many groups of a data set are kept (each is matched against every series). */
export const MAX_GROUPS = 10_000;

/**
 * Hands on one observation from its dimensions (time among them), attributes, value
 * and action; one without a time period (unless it deletes a whole series) or with a
 * value that is no number is reported instead.
 */
export function emitObservation(
  sink: SdmxSink,
  o: {
    dimensions: Record<string, string>;
    attributes: Record<string, string>;
    value: string | number | null | undefined;
    action: SdmxObservation['action'];
    line: number;
  },
): void {
  const { [TIME_DIMENSION]: period, ...key } = o.dimensions;
  if (!period && o.action !== 'delete') return sink.bad(o.line, 'an observation without a time period (TIME_PERIOD)');
  const value = o.action === 'delete' ? (valueOf(o.value) ?? null) : valueOf(o.value);
  if (value === undefined) return sink.bad(o.line, `value "${String(o.value).slice(0, 40)}" is not a number`);
  sink.observation({ key, period: period ?? '', value, attributes: o.attributes, action: o.action, line: o.line });
}

/** A group's attributes apply to the series whose key holds every value of the group's key. */
export function groupAttributes(
  groups: ReadonlyArray<{ key: Record<string, string>; attributes: Record<string, string> }>,
  dimensions: Record<string, string>,
): Record<string, string> {
  let out: Record<string, string> | undefined;
  for (const g of groups) {
    let matches = true;
    for (const id in g.key) if (dimensions[id] !== g.key[id]) matches = false;
    if (matches) out = { ...out, ...g.attributes };
  }
  return out ?? {};
}
