import { ApiError, invalidParam } from '../errors.js';

/** What a tool call's URL is made from: the operation's URL and which of its parameters are in the path. */
export interface UrlTemplate {
  url: string;
  pathParams: string[];
}

/** Tools answer JSON: a `format` argument is not passed on. */
const DROPPED = new Set(['format']);

/** A tool argument as a query or path value: lists joined by commas, as the API writes them. */
function textOf(value: unknown): string {
  if (Array.isArray(value)) return value.map(textOf).join(',');
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return JSON.stringify(value);
}

const given = (value: unknown) => value !== undefined && value !== null;

/**
 * The path of an operation for a tool call's arguments: each path parameter
 * percent-encoded in its place. A missing one is refused as the operation refuses
 * one (422); so is `.` or `..`, which a URL would read as a step up the path.
 */
function pathOf(template: UrlTemplate, args: Record<string, unknown>): string {
  const missing = template.pathParams.filter((name) => !given(args[name]) || textOf(args[name]) === '');
  if (missing.length > 0) {
    const detail = missing.map((name) => ({
      loc: ['path', name] as ['path', string],
      msg: 'field required',
      type: 'missing',
    }));
    throw new ApiError('validation_error', `Invalid parameter "${missing[0]}": field required`, { detail });
  }
  return template.url.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_match, name: string) => {
    const value = textOf(args[name]);
    if (value === '.' || value === '..') throw invalidParam(['path', name], 'invalid value');
    return encodeURIComponent(value);
  });
}

/** The URL (path and query string) of the GET a tool call makes; arguments that are null are absent. */
export function operationUrl(template: UrlTemplate, args: Record<string, unknown>): string {
  const path = pathOf(template, args);
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(args)) {
    if (template.pathParams.includes(name) || DROPPED.has(name) || !given(value)) continue;
    query.append(name, textOf(value));
  }
  const search = query.toString();
  return search === '' ? path : `${path}?${search}`;
}
