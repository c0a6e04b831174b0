import { ApiError } from '../errors.js';

const META = Symbol('queryMeta');

interface QueryMeta {
  malformed: boolean;
  repeated: string[];
}

type ParsedQuery = Record<string, string> & { [META]?: QueryMeta };

function decode(component: string): string | undefined {
  // Most names and values need no decoding at all.
  if (!component.includes('%') && !component.includes('+')) return component;
  try {
    return decodeURIComponent(component.replace(/\+/g, ' '));
  } catch {
    return undefined;
  }
}

/**
 * Query-string parser for the router. It never throws: it records what is wrong
 * (undecodable escapes, a parameter given twice) so that the 400 is raised at its
 * place in the order of checks, after authentication. Empty values are dropped,
 * because an empty parameter means the same as an absent one.
 */
export function parseQueryString(raw: string): ParsedQuery {
  const query: ParsedQuery = {};
  const meta: QueryMeta = { malformed: false, repeated: [] };
  const seen = new Set<string>();
  for (const part of raw.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const key = decode(eq === -1 ? part : part.slice(0, eq));
    const value = decode(eq === -1 ? '' : part.slice(eq + 1));
    if (key === undefined || value === undefined) {
      meta.malformed = true;
      continue;
    }
    if (value === '') continue;
    if (seen.has(key)) {
      meta.repeated.push(key);
      continue;
    }
    seen.add(key);
    // Defined, not assigned: `__proto__` would otherwise set the prototype and vanish
    // from the parameters, escaping the check for unknown ones.
    Object.defineProperty(query, key, { value, enumerable: true, writable: true, configurable: true });
  }
  Object.defineProperty(query, META, { value: meta, enumerable: false });
  return query;
}

/** Raises 400 bad_request for a query string the parser found malformed. */
export function assertWellFormedQuery(query: unknown): void {
  const meta = (query as ParsedQuery | undefined)?.[META];
  if (!meta) return;
  if (meta.malformed) throw new ApiError('bad_request', 'The query string could not be decoded.');
  if (meta.repeated.length > 0) {
    throw new ApiError('bad_request', `Parameter "${meta.repeated[0]}" was given more than once.`);
  }
}
