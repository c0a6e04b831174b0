import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pRetry, { AbortError } from 'p-retry';
import { asArray, at, isRecord, scalarText } from './adapters/json.js';

export const WORLD_BANK_API = 'https://api.worldbank.org/v2';
export const COMTRADE_API = 'https://comtradeapi.un.org/data/v1/get';

/** GET a JSON document, retrying network errors, 429 and 5xx with backoff; other statuses fail at once. */
export async function fetchJson(url: string, headers: Record<string, string> = {}, retries = 4): Promise<unknown> {
  return pRetry(
    async () => {
      const res = await fetch(url, {
        headers: { accept: 'application/json', ...headers },
        signal: AbortSignal.timeout(30_000),
      });
      if (res.status === 429 || res.status >= 500) throw new Error(`${url}: HTTP ${res.status}`);
      if (!res.ok) throw new AbortError(`${url}: HTTP ${res.status}`);
      return (await res.json()) as unknown;
    },
    { retries, minTimeout: 200, factor: 2 },
  );
}

/** Where downloaded pages are kept, so an online ingest reads exactly what a file ingest would. */
function downloadDir(): string {
  return mkdtempSync(path.join(tmpdir(), 'econtrade-download-'));
}

/**
 * World Bank API v2: every page of `country/{countries}/indicator/{indicator}`,
 * saved as JSON files for the worldbank adapter.
 */
export async function downloadWorldBank(opts: {
  indicator: string;
  countries: string;
  date?: string;
  baseUrl?: string;
}): Promise<string[]> {
  const dir = downloadDir();
  const files: string[] = [];
  for (let page = 1, pages = 1; page <= pages; page++) {
    const params = new URLSearchParams({ format: 'json', per_page: '1000', page: String(page) });
    if (opts.date) params.set('date', opts.date);
    const countries = opts.countries.split(';').map(encodeURIComponent).join(';');
    const indicator = encodeURIComponent(opts.indicator);
    const url = `${opts.baseUrl ?? WORLD_BANK_API}/country/${countries}/indicator/${indicator}?${params}`;
    const doc = await fetchJson(url);
    const meta = at(doc, 0);
    if (!isRecord(meta)) throw new Error(`${url}: not a World Bank API v2 page`);
    pages = Number(meta.pages ?? 1);
    const file = path.join(dir, `worldbank-${opts.indicator}-page${page}.json`);
    writeFileSync(file, JSON.stringify(doc));
    files.push(file);
  }
  return files;
}

/**
 * UN Comtrade+ API v1: one request per period (the API caps records per call),
 * saved as JSON files for the comtrade adapter. `key` is the subscription key.
 */
export async function downloadComtrade(opts: {
  freq: 'A' | 'M';
  reporter: string;
  periods: string[];
  partner?: string;
  cmd?: string;
  flow?: string;
  key?: string;
  baseUrl?: string;
}): Promise<string[]> {
  const dir = downloadDir();
  const files: string[] = [];
  for (const period of opts.periods) {
    const params = new URLSearchParams({
      reporterCode: opts.reporter,
      period,
      cmdCode: opts.cmd ?? 'AG6',
      flowCode: opts.flow ?? 'M,X',
    });
    if (opts.partner) params.set('partnerCode', opts.partner);
    const url = `${opts.baseUrl ?? COMTRADE_API}/C/${opts.freq}/HS?${params}`;
    const doc = await fetchJson(url, opts.key ? { 'Ocp-Apim-Subscription-Key': opts.key } : {});
    if (!asArray(at(doc, 'data'))) {
      throw new Error(`${url}: ${scalarText(at(doc, 'error')) || 'not a Comtrade+ API v1 response'}`);
    }
    const file = path.join(dir, `comtrade-${opts.freq}-${opts.reporter}-${period}.json`);
    writeFileSync(file, JSON.stringify(doc));
    files.push(file);
  }
  return files;
}
