import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Source } from '../sources/schema.js';
import { requestAgency, type AgencyAnswer, type RequestPolicy } from './agency-request.js';
import { sdmxAccept, sdmxDataUrl } from './sdmx-query.js';
import { withoutTrailingSlashes } from '../../text.js';

/** The validators of a source's last answer (its first request's), sent back as a conditional request. */
export interface Validators {
  etag?: string;
  lastModified?: string;
}

/** What fetching a source gave: files its adapter reads, nothing new, or a reason it was not fetched. */
export type Fetched =
  | { kind: 'files'; files: string[]; urls: string[]; bytes: number; validators: Validators }
  | { kind: 'unchanged' }
  | { kind: 'skipped'; reason: string };

export interface FetchContext {
  /** Where the answers are written (a folder of this run's). */
  dir: string;
  policy: RequestPolicy;
  /** The previous answer's validators, if any. */
  validators: Validators | undefined;
  /** `FRED_API_KEY`. */
  fredApiKey: string | undefined;
  /** SDMX: ask only what changed after this instant (`updatedAfter`); the whole history without it. */
  updatedAfter?: Date;
}

const JSON_ACCEPT = { accept: 'application/json' };

/** One request of a source into `name` under the context's folder, conditional when asked. */
function request(
  ctx: FetchContext,
  ask: { url: string; name: string; headers: Record<string, string>; conditional: boolean },
) {
  const validators = ask.conditional && ctx.validators ? ctx.validators : {};
  return requestAgency(
    { url: ask.url, file: path.join(ctx.dir, ask.name), headers: ask.headers, ...validators },
    ctx.policy,
  );
}

function validatorsOf(answer: AgencyAnswer & { kind: 'fetched' }): Validators {
  return {
    ...(answer.etag ? { etag: answer.etag } : {}),
    ...(answer.lastModified ? { lastModified: answer.lastModified } : {}),
  };
}

/** World Bank API v2: every page of the indicator, the first one asked conditionally. */
async function fetchWorldBank(source: Source & { provider: 'worldbank' }, ctx: FetchContext): Promise<Fetched> {
  const countries = source.countries === 'all' ? 'all' : source.countries.join(';');
  const indicator = encodeURIComponent(source.indicator);
  const base = `${withoutTrailingSlashes(source.url)}/country/${countries}/indicator/${indicator}`;
  const files: string[] = [];
  const urls: string[] = [];
  let bytes = 0;
  let validators: Validators = {};
  for (let page = 1, pages = 1; page <= pages; page++) {
    const url = `${base}?format=json&per_page=1000&page=${page}`;
    const name = `${source.id}-page${page}.json`;
    const answer = await request(ctx, { url, name, headers: JSON_ACCEPT, conditional: page === 1 });
    if (answer.kind === 'unchanged') return { kind: 'unchanged' };
    if (answer.kind === 'no-results') throw new Error(`${url}: HTTP 404`);
    if (page === 1) validators = validatorsOf(answer);
    files.push(answer.file);
    urls.push(url);
    bytes += answer.bytes;
    const doc = JSON.parse(await readFile(answer.file, 'utf8')) as unknown;
    const meta = Array.isArray(doc) ? (doc[0] as { pages?: unknown } | undefined) : undefined;
    const total = Number(meta?.pages ?? 1);
    if (!Number.isInteger(total) || total < 1 || total > 10_000)
      throw new Error(`${url}: not a World Bank API v2 page`);
    pages = total;
  }
  return { kind: 'files', files, urls, bytes, validators };
}

/** FRED with ALFRED's real-time periods: every vintage of the series, so revisions are kept. */
async function fetchFred(source: Source & { provider: 'fred' }, ctx: FetchContext): Promise<Fetched> {
  if (!ctx.fredApiKey) return { kind: 'skipped', reason: 'FRED_API_KEY is not set' };
  const params = new URLSearchParams({
    series_id: source.series_id,
    api_key: ctx.fredApiKey,
    file_type: 'json',
    realtime_start: '1776-07-04',
    realtime_end: '9999-12-31',
  });
  const url = `${withoutTrailingSlashes(source.url)}/series/observations?${params}`;
  const answer = await request(ctx, { url, name: `${source.id}.json`, headers: JSON_ACCEPT, conditional: true });
  if (answer.kind === 'unchanged') return { kind: 'unchanged' };
  if (answer.kind === 'no-results') throw new Error(`series ${source.series_id}: HTTP 404`);
  return { kind: 'files', files: [answer.file], urls: [url], bytes: answer.bytes, validators: validatorsOf(answer) };
}

/**
 * An SDMX REST data query: of what changed after `updatedAfter` where the context
 * gives it (a 404 "no results" then means nothing new), else of the whole history,
 * asked conditionally (a 404 then means the key matches no series: a failure).
 */
async function fetchSdmx(source: Source & { provider: 'sdmx' }, ctx: FetchContext): Promise<Fetched> {
  const version = source.rest_version ?? '2.1';
  const url = sdmxDataUrl({
    url: source.url,
    restVersion: version,
    flow: source.flow,
    key: source.key,
    ...(ctx.updatedAfter ? { updatedAfter: ctx.updatedAfter } : {}),
  });
  const headers = { accept: sdmxAccept(version) };
  // The validators belong to the whole history's URL, not to an updatedAfter query's.
  const conditional = !ctx.updatedAfter;
  const answer = await request(ctx, { url, name: `${source.id}.sdmx`, headers, conditional });
  if (answer.kind === 'no-results' && !ctx.updatedAfter)
    throw new Error(`${url}: HTTP 404: no series matches the key ${source.key === '' ? '(all)' : source.key}`);
  if (answer.kind !== 'fetched') return { kind: 'unchanged' };
  return { kind: 'files', files: [answer.file], urls: [url], bytes: answer.bytes, validators: validatorsOf(answer) };
}

/** Fetches what a source's agency answers now (CONTRACT §7, "Updating"). */
export function fetchSource(source: Source, ctx: FetchContext): Promise<Fetched> {
  switch (source.provider) {
    case 'sdmx':
      return fetchSdmx(source, ctx);
    case 'worldbank':
      return fetchWorldBank(source, ctx);
    case 'fred':
      return fetchFred(source, ctx);
  }
}
