import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { PROVIDERS, SOURCE_SCHEMAS, SourceFileEnvelope, type Provider, type Source } from './schema.js';

/**
 * Checks one file of the source catalogue against its schema: the envelope, then
 * each source against its provider's schema. Every problem is one line naming the
 * file and the field as a JSON pointer (`imf.json: /sources/2/flow: …`).
 */

const ajv = new Ajv({ allErrors: true, strict: false });
const checkEnvelope = ajv.compile(SourceFileEnvelope);
const checkSource = Object.fromEntries(PROVIDERS.map((p) => [p, ajv.compile(SOURCE_SCHEMAS[p])])) as Record<
  Provider,
  ValidateFunction
>;

/** A source as read, with where it was read from (for the lines naming it). */
export interface PlacedSource {
  source: Source;
  file: string;
  /** JSON pointer of the source in its file (`/sources/3`). */
  pointer: string;
}

export interface FileCheck {
  sources: PlacedSource[];
  problems: string[];
}

/** A JSON pointer token: `~` and `/` escaped (RFC 6901). */
export function pointerToken(token: string | number): string {
  return String(token).replace(/~/g, '~0').replace(/\//g, '~1');
}

/** The message of one ajv error, the pointer naming the field at fault (a missing or unknown one included). */
function describeError(at: string, e: ErrorObject): string {
  const params = e.params as { missingProperty?: string; additionalProperty?: string };
  if (e.keyword === 'required') return `${at}/${pointerToken(params.missingProperty ?? '')}: is required`;
  if (e.keyword === 'additionalProperties') {
    return `${at}/${pointerToken(params.additionalProperty ?? '')}: unknown field`;
  }
  return `${at || '/'}: ${e.message ?? e.keyword}`;
}

/** What one alternative of a union asks for: `"all"` for a constant, a pattern or a type otherwise. */
function alternative(e: ErrorObject): string {
  const params = e.params as { allowedValue?: unknown; pattern?: string; type?: string };
  if (e.keyword === 'const') return JSON.stringify(params.allowedValue);
  if (e.keyword === 'pattern') return `a string matching ${params.pattern}`;
  if (e.keyword === 'type') return `of type ${params.type}`;
  return e.message ?? e.keyword;
}

/**
 * The errors of one value as lines, one per field at fault. The alternatives of a union
 * (`anyOf`) each report an error: they are gathered into one line saying what the field
 * may be, unless an alternative got further (the errors inside the field say more).
 */
function describeErrors(base: string, errors: ErrorObject[]): string[] {
  const byField = new Map<string, ErrorObject[]>();
  for (const e of errors) byField.set(e.instancePath, [...(byField.get(e.instancePath) ?? []), e]);
  const lines: string[] = [];
  for (const [field, list] of byField) {
    const at = `${base}${field}`;
    if (list.some((e) => e.keyword === 'anyOf')) {
      if (errors.some((e) => e.instancePath.startsWith(`${field}/`))) continue;
      const options = [...new Set(list.filter((e) => e.keyword !== 'anyOf').map(alternative))];
      // A constant or a pattern already says "a string".
      const strings = options.some((o) => o.startsWith('"') || o.startsWith('a string'));
      const shown = options.filter((o) => !(strings && o === 'of type string'));
      lines.push(`${at || '/'}: must be ${shown.join(' or ')}`);
      continue;
    }
    for (const e of list) lines.push(describeError(at, e));
  }
  return [...new Set(lines)];
}

/** The sources of one parsed file, and its problems (each prefixed with `file: `). */
export function checkSourceFile(file: string, data: unknown): FileCheck {
  const problems: string[] = [];
  if (!checkEnvelope(data)) {
    // Source elements are checked below either way; the envelope's own errors are those outside them.
    const outside = (checkEnvelope.errors ?? []).filter((e) => !/^\/sources\/\d+/.test(e.instancePath));
    problems.push(...describeErrors('', outside).map((line) => `${file}: ${line}`));
  }
  const list = (data as { sources?: unknown } | null)?.sources;
  const sources: PlacedSource[] = [];
  if (!Array.isArray(list)) return { sources, problems };
  list.forEach((item: unknown, i) => {
    const pointer = `/sources/${i}`;
    if (item === null || typeof item !== 'object' || Array.isArray(item)) {
      problems.push(`${file}: ${pointer}: must be an object`);
      return;
    }
    const provider = (item as { provider?: unknown }).provider;
    if (!PROVIDERS.includes(provider as Provider)) {
      const known = PROVIDERS.map((p) => JSON.stringify(p)).join(', ');
      const what = provider === undefined ? 'is required' : `must be one of ${known}, got ${JSON.stringify(provider)}`;
      problems.push(`${file}: ${pointer}/provider: ${what}`);
      return;
    }
    const validate = checkSource[provider as Provider];
    if (!validate(item)) {
      problems.push(...describeErrors(pointer, validate.errors ?? []).map((line) => `${file}: ${line}`));
      return;
    }
    const source = item as Source;
    if (source.provider === 'sdmx' && (source.kpi_id === undefined) === (source.series === undefined)) {
      problems.push(`${file}: ${pointer}/kpi_id: give either kpi_id or series (per-series rules), not both or neither`);
      return;
    }
    sources.push({ source, file, pointer });
  });
  return { sources, problems };
}
