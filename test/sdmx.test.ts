import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { after, before, describe, it } from 'node:test';
import { readSdmxFileSync } from '../src/ingest/sdmx/read.js';
import { createKeyInProcess, keyUsage } from './helpers/keys.js';
import { sampleDataDir, startServerProcess, type ServerProcess } from './helpers/processes.js';

const run = promisify(execFile);

/**
 * SDMX REST 2.1 at /sdmx (CONTRACT §8) on a real server process over the sample:
 * the messages are read back by R's rsdmx (where installed) and by the project's own
 * SDMX readers, and must hold exactly the values of /v1/history.
 */

/** One series of each frequency the sample has, by its SDMX key. */
const SERIES = [
  { key: 'M.DEU.CPI_YOY', country: 'DEU', indicator: 'CPI_YOY' },
  { key: 'Q.USA.GDP_REAL_YOY', country: 'USA', indicator: 'GDP_REAL_YOY' },
  { key: 'A.FRA.GDP_USD', country: 'FRA', indicator: 'GDP_USD' },
  { key: 'D.JPN.FX_USD', country: 'JPN', indicator: 'FX_USD' },
];

/** An observation as compared: SDMX period, value, status code. */
type Row = [string, number, string];

/** `YYYY-MM-DD` at a frequency as SDMX writes it. */
function period(date: string, frequency: string): string {
  if (frequency === 'annual') return date.slice(0, 4);
  if (frequency === 'quarterly') return `${date.slice(0, 4)}-Q${(Number(date.slice(5, 7)) + 2) / 3}`;
  if (frequency === 'monthly') return date.slice(0, 7);
  return date;
}
const STATUS: Record<string, string> = { final: 'A', provisional: 'P', estimated: 'E' };

const rsdmxInstalled = (async () => {
  try {
    await run('Rscript', ['-e', 'suppressMessages(library(rsdmx))']);
    return true;
  } catch {
    return false;
  }
})();

/** An rsdmx row as compared (generic data names the columns obsTime and obsValue; structure-specific as written). */
const rsdmxRow = (r: Record<string, string>): Row => [
  r.obsTime ?? r.TIME_PERIOD ?? '',
  Number(r.obsValue ?? r.OBS_VALUE),
  r.OBS_STATUS ?? '',
];

/** A data message read by rsdmx: `readSDMX(file=…)` as a data frame, as CSV. */
async function readWithRsdmx(file: string): Promise<Array<Record<string, string>>> {
  const script =
    'suppressMessages(library(rsdmx)); args <- commandArgs(TRUE); ' +
    'df <- as.data.frame(readSDMX(file = args[1], isURL = FALSE)); ' +
    'write.csv(df, stdout(), row.names = FALSE)';
  const { stdout } = await run('Rscript', ['-e', script, file], { maxBuffer: 64 << 20 });
  const [head, ...lines] = stdout.trim().split('\n');
  const cols = head!.split(',').map((c) => c.replace(/"/g, ''));
  return lines.map((line) => {
    const cells = line.split(',').map((c) => c.replace(/"/g, ''));
    return Object.fromEntries(cols.map((c, i) => [c, cells[i] ?? '']));
  });
}

/** A data message read by the project's own SDMX readers: each series' rows, keyed `FREQ.REF_AREA.INDICATOR`. */
function readWithOwnReaders(file: string): Map<string, Row[]> {
  const series = new Map<string, Row[]>();
  readSdmxFileSync(file, {
    observation(o) {
      const key = `${o.key.FREQ}.${o.key.REF_AREA}.${o.key.INDICATOR}`;
      if (!series.has(key)) series.set(key, []);
      series.get(key)!.push([o.period, o.value!, o.attributes.OBS_STATUS ?? '']);
    },
    bad(line, reason) {
      throw new Error(`${file}:${line}: ${reason}`);
    },
  });
  return series;
}

describe('SDMX REST 2.1 at /sdmx', () => {
  let dataDir: string;
  let work: string;
  let env: Record<string, string>;
  let server: ServerProcess;
  let key: string;
  let keyId: string;

  const get = (url: string, headers: Record<string, string> = {}) =>
    fetch(server.url + url, { headers: { authorization: `Bearer ${key}`, ...headers } });

  /** The message of `url`, saved to a file. */
  async function saved(url: string, name: string, headers: Record<string, string> = {}): Promise<string> {
    const res = await get(url, headers);
    const body = await res.text();
    assert.equal(res.status, 200, `${url}: ${body.slice(0, 300)}`);
    const file = path.join(work, name);
    writeFileSync(file, body);
    return file;
  }

  /** The series as /v1/history answers it (every page), with its frequency. */
  async function history(country: string, indicator: string, from?: string): Promise<Row[]> {
    const rows: Row[] = [];
    let cursor: string | undefined;
    do {
      const q = new URLSearchParams({ country, indicator, ...(from ? { from } : {}), ...(cursor ? { cursor } : {}) });
      const body = (await (await get(`/v1/history?${q}`)).json()) as {
        data: Array<{ date: string; value: number; frequency: string; obs_status?: string }>;
        next_cursor?: string | null;
      };
      for (const p of body.data) rows.push([period(p.date, p.frequency), p.value, STATUS[p.obs_status ?? 'final']!]);
      cursor = body.next_cursor ?? undefined;
    } while (cursor);
    return rows;
  }

  before(async () => {
    dataDir = await sampleDataDir();
    work = mkdtempSync(path.join(tmpdir(), 'econtrade-sdmx-'));
    env = { DATA_DIR: dataDir, RATE_LIMIT_REQUESTS: '1000', RATE_LIMIT_WINDOW_S: '60' };
    server = await startServerProcess(env);
    ({ key, id: keyId } = await createKeyInProcess({ name: 'sdmx' }, env));
  });
  after(async () => {
    await server.stop('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(work, { recursive: true, force: true });
  });

  it('rsdmx reads generic and structure-specific messages into the values of /v1/history', async (t) => {
    if (!(await rsdmxInstalled)) {
      if (process.env.REQUIRE_SERVICES === '1') throw new Error("R's rsdmx is needed (Debian: r-cran-rsdmx)");
      return t.skip("R's rsdmx is not installed (Debian: r-cran-rsdmx)");
    }
    for (const s of SERIES) {
      const expected = await history(s.country, s.indicator);
      assert.ok(expected.length > 3, `${s.key} has data`);
      const last = expected.slice(-5);
      for (const [format, accept] of [
        ['generic', 'application/vnd.sdmx.genericdata+xml;version=2.1'],
        ['structure-specific', 'application/vnd.sdmx.structurespecificdata+xml;version=2.1'],
      ] as const) {
        const whole = await readWithRsdmx(
          await saved(`/sdmx/2.1/data/ECON/${s.key}`, `${s.key}-${format}.xml`, { accept }),
        );
        assert.deepEqual(whole.map(rsdmxRow), expected, `${s.key} ${format}`);
        assert.ok(whole.every((r) => r.REF_AREA === s.country && r.INDICATOR === s.indicator && r.UNIT_MEASURE));
        const tail = await readWithRsdmx(
          await saved(`/sdmx/2.1/data/ECON/${s.key}?lastNObservations=5`, `${s.key}-${format}-last.xml`, { accept }),
        );
        assert.deepEqual(tail.map(rsdmxRow), last, `${s.key} ${format} lastNObservations`);
      }
    }
  });

  it('SDMX-JSON and SDMX-CSV read back by our readers equal /v1/history; periods and updatedAfter select', async () => {
    for (const s of SERIES) {
      const expected = await history(s.country, s.indicator);
      for (const format of ['jsondata', 'csvdata', 'genericdata', 'structurespecificdata']) {
        const file = await saved(`/sdmx/2.1/data/ECON/${s.key}?format=${format}`, `${s.key}.${format}`);
        assert.deepEqual(readWithOwnReaders(file).get(s.key), expected, `${s.key} ${format}`);
      }
      const flat = await saved(
        `/sdmx/2.1/data/ECON/${s.key}?format=jsondata&dimensionAtObservation=AllDimensions&firstNObservations=2`,
        `${s.key}-flat.json`,
      );
      assert.deepEqual(readWithOwnReaders(flat).get(s.key), expected.slice(0, 2), `${s.key} flat, first 2`);
    }
    // Periods: from 2024-Q1 to 2024-Q2 of a monthly series are its six months.
    const months = await saved(
      '/sdmx/2.1/data/ECON/M.DEU.CPI_YOY?startPeriod=2024-Q1&endPeriod=2024-Q2&format=csvdata',
      'p.csv',
    );
    assert.deepEqual(
      readWithOwnReaders(months)
        .get('M.DEU.CPI_YOY')!
        .map((r) => r[0]),
      ['2024-01', '2024-02', '2024-03', '2024-04', '2024-05', '2024-06'],
    );
    // updatedAfter: every series changed after 1970, none after now (404).
    const all = await get('/sdmx/2.1/data/ECON/A..GDP_USD?updatedAfter=1970-01-01T00:00:00Z&detail=serieskeysonly');
    assert.equal(all.status, 200);
    const none = await get(`/sdmx/2.1/data/ECON/A..GDP_USD?updatedAfter=${new Date().toISOString()}`);
    assert.equal(none.status, 404);
    assert.equal(((await none.json()) as { error: string }).error, 'not_found');
  });

  it('charges 1 credit per started 1 000 observations before the first byte; structures are free', async () => {
    const { key: own, id } = await createKeyInProcess({ name: 'sdmx-credits' }, env);
    const headers = { authorization: `Bearer ${own}` };
    const before = await keyUsage(id, env);
    const structure = await fetch(`${server.url}/sdmx/2.1/datastructure/ECONTRADE/ECON/1.0?references=children`, {
      headers,
    });
    assert.equal(structure.status, 200);
    const dsd = await structure.text();
    assert.match(dsd, /<structure:Codelist id="CL_AREA"/);
    const countries = (await (await fetch(`${server.url}/v1/countries`, { headers })).json()) as {
      data: Array<{ country_id: string }>;
    };
    for (const c of countries.data) assert.ok(dsd.includes(`<structure:Code id="${c.country_id}">`), c.country_id);
    const data = await fetch(`${server.url}/sdmx/2.1/data/ECON/D..FX_USD?format=csvdata`, { headers });
    assert.equal(data.status, 200);
    const observations = Number(data.headers.get('x-observations'));
    const rows = (await data.text()).trim().split('\n').length - 1;
    assert.equal(rows, observations);
    assert.ok(observations > 1000);
    const after = await keyUsage(id, env);
    // /v1/countries costs 1.
    assert.equal(after.credits - before.credits, Math.ceil(observations / 1000) + 1);
  });

  it('answers 400, 404, 405, 406, 501 and 401 as SDMX REST gives them, with the JSON error body', async () => {
    const cases: Array<[string, number, string, Record<string, string>?]> = [
      ['/sdmx/2.1/data/ECON/M.DEU', 400, 'bad_request'],
      ['/sdmx/2.1/data/ECON/M.DEU.CPI_YOY?startPeriod=2024-13', 400, 'bad_request'],
      ['/sdmx/2.1/data/ECB,EXR,1.0/M.USD.EUR', 404, 'not_found'],
      ['/sdmx/2.1/data/ECON/M.ZZZ.CPI_YOY', 404, 'not_found'],
      ['/sdmx/2.1/dataflow/ECB/EXR/1.0', 404, 'not_found'],
      [
        '/sdmx/2.1/data/ECON/M.DEU.CPI_YOY',
        406,
        'not_acceptable',
        { accept: 'application/vnd.sdmx.data+json;version=2.0.0' },
      ],
      ['/sdmx/2.1/codelist/ECONTRADE/CL_AREA', 501, 'not_implemented'],
      ['/sdmx/2.1/data/ECON/M.DEU.CPI_YOY?dimensionAtObservation=REF_AREA', 501, 'not_implemented'],
    ];
    for (const [url, status, error, headers] of cases) {
      const res = await get(url, headers);
      const body = (await res.json()) as { error: string; request_id: string };
      assert.equal(res.status, status, url);
      assert.equal(body.error, error, url);
      assert.equal(res.headers.get('x-request-id'), body.request_id);
    }
    const post = await fetch(`${server.url}/sdmx/2.1/data/ECON/M.DEU.CPI_YOY`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}` },
    });
    assert.equal(post.status, 405);
    const anonymous = await fetch(`${server.url}/sdmx/2.1/data/ECON/M.DEU.CPI_YOY`);
    assert.equal(anonymous.status, 401);
    assert.equal(((await anonymous.json()) as { error: string }).error, 'invalid_key');
    void keyId;
  });
});
