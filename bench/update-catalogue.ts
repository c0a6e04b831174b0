/**
 * `npm run bench:update`: the time and peak RSS of a first (full) `npm run update` of
 * the shipped source catalogue (`sources/*.json`), then of a second (incremental) one,
 * against one local HTTP server in this process that plays every agency with
 * generated answers:
 *
 * - SDMX sources: an SDMX-CSV 1.0 message (`DATAFLOW,FREQ,<country dimension>,<rule
 *   dimensions>,TIME_PERIOD,OBS_VALUE`) holding, for each series rule (or the single
 *   kpi_id) and each agency country code of the source's `countries`, one series from
 *   1995 to 2025 at the source's frequency (daily: Monday to Friday). With
 *   `updatedAfter`, 404 "No Results Found" (nothing changed).
 * - World Bank sources: API v2 JSON pages (`[meta, rows]`, 1000 rows a page) of the
 *   source's countries, annual 1960-2024, some early years null.
 * - FRED sources: `series/observations` JSON with ALFRED real-time periods, the last
 *   two years' observations revised once.
 *
 * World Bank and FRED answers carry an ETag and are 304 when it is sent back. The
 * catalogue is copied into a temporary SOURCES_DIR with every `url` pointing at the
 * server (`/<provider>/<source id>`), and each run is `/usr/bin/time -v node --import
 * tsx src/cli/update.ts` in a child process on a fresh temporary DATA_DIR (the same
 * one for both runs), so its RSS is its own. Prints, per run, `uptime` before it,
 * the wall time, the peak RSS, the update's summary line, the sources updated /
 * unchanged / failed (each failure with its reason) and the observations read. Exit
 * code 1 when a source fails.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadSourceCatalogue } from '../src/ingest/sources/load.js';
import type { FredSource, SdmxSource, Source, WorldBankSource } from '../src/ingest/sources/schema.js';
import { COUNTRIES } from '../src/reference/countries.js';
import { INDICATORS } from '../src/reference/indicators.js';

type Frequency = (typeof INDICATORS)[number]['frequency'];

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const FIRST_YEAR = 1995;
const LAST_YEAR = 2025;
const WB_FIRST_YEAR = 1960;
const WB_LAST_YEAR = 2024;
const WB_PER_PAGE = 1000;

const catalogue = loadSourceCatalogue(path.join(ROOT, 'sources'));
const sources = catalogue.sources.map((p) => p.source);
const byId = new Map(sources.map((s) => [s.id, s]));

/** The catalogue's frequency of a kpi_id (annual when it has none). */
const kpiFrequency = (kpi: string): Frequency => INDICATORS.find((i) => i.kpi_id === kpi)?.frequency ?? 'annual';

/** The ISO3 codes the catalogue's sources feed: the countries of a source that names none of its own. */
const fedCountries = [
  ...new Set(
    sources.flatMap((s) => {
      if (s.provider === 'fred') return [s.country];
      if (s.provider === 'worldbank') return s.countries === 'all' ? [] : s.countries;
      return Object.values(s.countries);
    }),
  ),
].sort();

/** Periods of a frequency from `first` to `last` (years, inclusive) as SDMX writes them; daily: Monday to Friday. */
function sdmxPeriods(frequency: Frequency, first: number, last: number): string[] {
  const out: string[] = [];
  for (let y = first; y <= last; y++) {
    if (frequency === 'annual') out.push(String(y));
    else if (frequency === 'quarterly') for (let q = 1; q <= 4; q++) out.push(`${y}-Q${q}`);
    else if (frequency === 'monthly') for (let m = 1; m <= 12; m++) out.push(`${y}-${String(m).padStart(2, '0')}`);
    else
      for (let t = Date.UTC(y, 0, 1); t < Date.UTC(y + 1, 0, 1); t += 86_400_000) {
        const day = new Date(t).getUTCDay();
        if (day !== 0 && day !== 6) out.push(new Date(t).toISOString().slice(0, 10));
      }
  }
  return out;
}

/** The first day of each SDMX period, as FRED dates its observations. */
const fredDate = (period: string): string => {
  const q = /^(\d{4})-Q([1-4])$/.exec(period);
  if (q) return `${q[1]}-${String((Number(q[2]) - 1) * 3 + 1).padStart(2, '0')}-01`;
  if (/^\d{4}$/.test(period)) return `${period}-01-01`;
  if (/^\d{4}-\d{2}$/.test(period)) return `${period}-01`;
  return period;
};

/** A number in [0, 1) fixed by `text`. */
function unit(text: string): number {
  return createHash('sha1').update(text).digest().readUInt32BE(0) / 2 ** 32;
}

/** Positive values of one series: a level fixed by its name, a trend and a cycle. */
function seriesValues(name: string, n: number): string[] {
  const level = 5 + unit(name) * 195;
  const phase = unit(`${name}/phase`) * 6.28;
  return Array.from({ length: n }, (_, i) =>
    (level * (1 + 0.002 * i ** 0.8 + 0.15 * Math.sin(i / 23 + phase))).toFixed(4),
  );
}

/** `AGENCY:ID(VERSION)` of a flow, as the DATAFLOW column of SDMX-CSV 1.0 writes it. */
function dataflowOf(flow: string): string {
  const [agency, id, version] = flow.split(',');
  if (id === undefined) return flow;
  return `${agency}:${id}(${version === '~' || version === 'latest' ? '1.0' : version})`;
}

/** The SDMX `FREQ` code of a frequency (`B` where the source's key asks for business days). */
function freqCode(source: SdmxSource, frequency: Frequency): string {
  if (frequency === 'daily') return source.key.split('.')[0] === 'B' ? 'B' : 'D';
  return { annual: 'A', quarterly: 'Q', monthly: 'M' }[frequency];
}

/** An SDMX source's whole history as one SDMX-CSV 1.0 message, and the observations it holds. */
function sdmxAnswer(source: SdmxSource): { body: string; observations: number } {
  const rules = source.series ?? [{ match: {}, kpi_id: source.kpi_id!, frequency: source.frequency }];
  const codes = Object.keys(source.countries).length
    ? Object.keys(source.countries)
    : fedCountries.map((iso3) => COUNTRIES.find((c) => c.iso3 === iso3)?.iso2 ?? iso3);
  const ruleDims = [...new Set(rules.flatMap((r) => Object.keys(r.match)))].filter(
    (d) => d !== 'FREQ' && d !== source.country_dimension,
  );
  const columns = ['FREQ', source.country_dimension, ...ruleDims];
  const lines = [['DATAFLOW', ...columns, 'TIME_PERIOD', 'OBS_VALUE'].join(',')];
  const dataflow = dataflowOf(source.flow);
  let observations = 0;
  for (const rule of rules) {
    const frequency = rule.frequency ?? source.frequency ?? kpiFrequency(rule.kpi_id);
    const periods = sdmxPeriods(frequency, FIRST_YEAR, LAST_YEAR);
    for (const code of codes) {
      const dims: Record<string, string> = { FREQ: freqCode(source, frequency), [source.country_dimension]: code };
      for (const d of ruleDims) dims[d] = rule.match[d] ?? '_Z';
      Object.assign(dims, rule.match);
      const key = columns.map((c) => dims[c]).join(',');
      const values = seriesValues(`${source.id}/${rule.kpi_id}/${code}`, periods.length);
      periods.forEach((p, i) => lines.push(`${dataflow},${key},${p},${values[i]}`));
      observations += periods.length;
    }
  }
  return { body: lines.join('\n') + '\n', observations };
}

/** A World Bank indicator's rows of the source's countries, in the API's order (by country, latest year first). */
function worldBankRows(source: WorldBankSource): unknown[] {
  const iso3s = source.countries === 'all' ? fedCountries : source.countries;
  const years = WB_LAST_YEAR - WB_FIRST_YEAR + 1;
  return iso3s.flatMap((iso3) => {
    const country = COUNTRIES.find((c) => c.iso3 === iso3);
    const values = seriesValues(`${source.id}/${iso3}`, years);
    // A third of the countries have no value before 1970, as in the real indicators.
    const firstKnown = unit(`${source.id}/${iso3}/first`) < 1 / 3 ? 1970 : WB_FIRST_YEAR;
    return values
      .map((v, i) => ({
        indicator: { id: source.indicator, value: `Indicator ${source.indicator}` },
        country: { id: country?.iso2 ?? (iso3 === 'EMU' ? 'XC' : iso3), value: country?.name ?? iso3 },
        countryiso3code: iso3,
        date: String(WB_FIRST_YEAR + i),
        value: WB_FIRST_YEAR + i < firstKnown ? null : Number(v),
        unit: '',
        obs_status: '',
        decimal: 1,
      }))
      .reverse();
  });
}

/** One page of a World Bank indicator (1-based), and the non-null values it holds. */
function worldBankPage(source: WorldBankSource, page: number): { body: string; observations: number } {
  const rows = worldBankRows(source);
  const pages = Math.max(1, Math.ceil(rows.length / WB_PER_PAGE));
  const slice = rows.slice((page - 1) * WB_PER_PAGE, page * WB_PER_PAGE);
  const meta = {
    page,
    pages,
    per_page: WB_PER_PAGE,
    total: rows.length,
    sourceid: '2',
    lastupdated: '2026-10-15',
  };
  const observations = slice.filter((r) => (r as { value: unknown }).value !== null).length;
  return { body: JSON.stringify([meta, slice]), observations };
}

/**
 * A FRED series' observations with ALFRED's real-time periods: each known from a
 * month after its date, those of the last two years revised a month later.
 */
function fredAnswer(source: FredSource): { body: string; observations: number } {
  const frequency = source.frequency ?? kpiFrequency(source.kpi_id);
  const dates = sdmxPeriods(frequency, FIRST_YEAR, LAST_YEAR).map(fredDate);
  const values = seriesValues(`${source.id}/${source.series_id}`, dates.length);
  const later = (day: string, days: number) =>
    new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
  const observations = dates.flatMap((date, i) => {
    const known = later(date, 31);
    if (date < `${LAST_YEAR - 1}-01-01`)
      return [{ realtime_start: known, realtime_end: '9999-12-31', date, value: values[i] }];
    const revised = later(known, 30);
    return [
      { realtime_start: known, realtime_end: later(revised, -1), date, value: values[i] },
      { realtime_start: revised, realtime_end: '9999-12-31', date, value: (Number(values[i]) * 1.01).toFixed(4) },
    ];
  });
  const doc = {
    realtime_start: '1776-07-04',
    realtime_end: '9999-12-31',
    observation_start: '1600-01-01',
    observation_end: '9999-12-31',
    units: 'lin',
    output_type: 1,
    file_type: 'json',
    order_by: 'observation_date',
    sort_order: 'asc',
    count: observations.length,
    offset: 0,
    limit: 100000,
    observations,
  };
  return { body: JSON.stringify(doc), observations: dates.length };
}

/** What the server answered in one run. */
const served = { requests: 0, observations: 0, notModified: 0, noResults: 0 };

function answer(req: IncomingMessage, res: ServerResponse): void {
  served.requests++;
  const url = new URL(req.url ?? '/', 'http://local');
  const [, provider, id, ...rest] = url.pathname.split('/');
  const source = id === undefined ? undefined : byId.get(id);
  const tail = `/${rest.join('/')}`;
  const send = (a: { body: string; observations: number }, type: string) => {
    const etag = `"${id}-${url.searchParams.get('page') ?? '1'}-v1"`;
    if (req.headers['if-none-match'] === etag) {
      served.notModified++;
      return void res.writeHead(304, { etag }).end();
    }
    served.observations += a.observations;
    res.writeHead(200, { 'content-type': type, etag }).end(a.body);
  };
  if (!source || source.provider !== provider) return void res.writeHead(404).end(`no source ${id}`);
  if (source.provider === 'sdmx' && tail.startsWith('/data/')) {
    if (url.searchParams.has('updatedAfter')) {
      served.noResults++;
      return void res.writeHead(404, { 'content-type': 'text/plain' }).end('No Results Found');
    }
    return send(sdmxAnswer(source), 'application/vnd.sdmx.data+csv;version=1.0.0');
  }
  if (source.provider === 'worldbank' && tail.startsWith('/country/') && url.searchParams.get('format') === 'json')
    return send(worldBankPage(source, Number(url.searchParams.get('page') ?? '1')), 'application/json');
  if (
    source.provider === 'fred' &&
    tail === '/series/observations' &&
    url.searchParams.get('series_id') === source.series_id &&
    url.searchParams.get('api_key')
  )
    return send(fredAnswer(source), 'application/json');
  res.writeHead(400, { 'content-type': 'text/plain' }).end(`unexpected request ${url.pathname}`);
}

/** The catalogue's files copied into `dir`, every source's `url` at the server under `/<provider>/<id>`. */
function writeCatalogue(dir: string, origin: string): void {
  mkdirSync(dir, { recursive: true });
  for (const file of catalogue.files) {
    const doc = JSON.parse(readFileSync(path.join(catalogue.dir, file), 'utf8')) as { sources: Source[] };
    for (const s of doc.sources) s.url = `${origin}/${s.provider}/${s.id}`;
    writeFileSync(path.join(dir, file), JSON.stringify(doc, null, 2));
  }
}

interface SourceLine {
  id: string;
  result: string;
  reason?: string;
  observations: number;
}

/** The per-source lines of the update's output (`id: result, …` or `id: failed: reason, N s`). */
function sourceLines(output: string): SourceLine[] {
  const out: SourceLine[] = [];
  for (const line of output.split('\n')) {
    const colon = line.indexOf(': ');
    const id = line.slice(0, colon);
    if (colon < 0 || !byId.has(id)) continue;
    const rest = line.slice(colon + 2);
    const counts = /^(updated|unchanged), series \d+ new, \d+ revised, \d+ unchanged, (\d+) observations, /.exec(rest);
    if (counts) out.push({ id, result: counts[1]!, observations: Number(counts[2]) });
    else {
      const other = /^(skipped|failed): (.*), [\d.]+ s$/.exec(rest);
      out.push({ id, result: other?.[1] ?? 'unknown', reason: other?.[2] ?? rest, observations: 0 });
    }
  }
  return out;
}

/** One measured `npm run update` under `/usr/bin/time -v`; true when no source failed. */
async function measuredRun(label: string, env: NodeJS.ProcessEnv, timeFile: string): Promise<boolean> {
  Object.assign(served, { requests: 0, observations: 0, notModified: 0, noResults: 0 });
  console.log(`\n== ${label}`);
  console.log(`uptime before: ${spawnSync('uptime', { encoding: 'utf8' }).stdout.trim()}`);
  const started = performance.now();
  const child = spawn(
    '/usr/bin/time',
    ['-v', '-o', timeFile, process.execPath, '--import', 'tsx', 'src/cli/update.ts'],
    { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  const wall = (performance.now() - started) / 1000;
  const time = readFileSync(timeFile, 'utf8');
  const rssKb = Number(/Maximum resident set size \(kbytes\): (\d+)/.exec(time)?.[1] ?? NaN);
  const lines = sourceLines(`${stdout}\n${stderr}`);
  const count = (r: string) => lines.filter((l) => l.result === r).length;
  const summary = stdout
    .split('\n')
    .filter((l) => /\d+ updated, \d+ unchanged, \d+ skipped, \d+ failed$/.test(l))
    .at(-1);
  console.log(`exit code ${code}; wall ${wall.toFixed(1)} s; peak RSS ${(rssKb / 1024).toFixed(0)} MiB`);
  console.log(`summary: ${summary ?? '(none printed)'}`);
  console.log(
    `sources: ${count('updated')} updated, ${count('unchanged')} unchanged, ${count('skipped')} skipped, ` +
      `${count('failed')} failed, of ${sources.length} (${lines.length} reported)`,
  );
  console.log(`observations read by the updated sources: ${lines.reduce((n, l) => n + l.observations, 0)}`);
  console.log(
    `server: ${served.requests} requests, ${served.observations} observations served, ` +
      `${served.notModified} answered 304, ${served.noResults} answered 404 (updatedAfter)`,
  );
  for (const l of lines.filter((l) => l.result !== 'updated' && l.result !== 'unchanged'))
    console.log(`  ${l.id}: ${l.result}: ${l.reason}`);
  if (lines.length !== sources.length || !summary) {
    console.log('the update did not report every source; the end of its stderr:');
    console.log(stderr.split('\n').slice(-20).join('\n'));
  }
  return code === 0 && count('failed') === 0 && count('skipped') === 0;
}

async function main(): Promise<boolean> {
  const work = mkdtempSync(path.join(tmpdir(), 'bench-update-'));
  const server = createServer(answer);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const sourcesDir = path.join(work, 'sources');
    writeCatalogue(sourcesDir, origin);
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: path.join(work, 'data'),
      SOURCES_DIR: sourcesDir,
      FRED_API_KEY: 'bench-key',
    };
    // The run is measured alone: no deployment lock, no object store, the real clock.
    for (const name of ['DATABASE_URL', 'SNAPSHOT_STORE_URL', 'UPDATE_NOW']) delete env[name];
    const providers = ['sdmx', 'worldbank', 'fred'].map(
      (p) => `${sources.filter((s) => s.provider === p).length} ${p}`,
    );
    console.log(`catalogue: ${sources.length} sources (${providers.join(', ')}) of ${catalogue.files.length} files`);
    const first = await measuredRun('first update (full history)', env, path.join(work, 'time-1.txt'));
    const second = await measuredRun('second update (incremental)', env, path.join(work, 'time-2.txt'));
    return first && second;
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    rmSync(work, { recursive: true, force: true });
  }
}

process.exitCode = (await main()) ? 0 : 1;
