/** The SDMX data-message formats the readers take. */
export type SdmxFormat = 'xml' | 'json' | 'csv';

/**
 * The format of a message from its first characters (after a byte-order mark and
 * white space): `<` is SDMX-ML, `{` SDMX-JSON, `DATAFLOW` or `STRUCTURE` SDMX-CSV.
 * Undefined when they are none of these, or too few to tell.
 */
export function detectFormat(start: string): SdmxFormat | undefined {
  const t = start.replace(/^\uFEFF/, '').trimStart();
  if (t.startsWith('<')) return 'xml';
  if (t.startsWith('{')) return 'json';
  if (/^(?:DATAFLOW|STRUCTURE)/i.test(t)) return 'csv';
  return undefined;
}

/** Characters enough to tell the format: beyond this many without one, the message is none of them. */
export const DETECT_CHARS = 64;
