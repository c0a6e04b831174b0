import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { entryArgs } from './helpers/processes.js';
import { startTestServer } from './helpers/server.js';
import { ROOT as root } from './helpers/paths.js';

const run = promisify(execFile);

// Recorded responses, in the official APIs' shapes.
const wbRow = (iso3: string, year: number, value: number) => ({
  indicator: { id: 'SP.POP.TOTL', value: 'Population, total' },
  country: { id: iso3.slice(0, 2), value: iso3 },
  countryiso3code: iso3,
  date: String(year),
  value,
  unit: '',
  obs_status: '',
  decimal: 0,
});
const WB_PAGES: Record<string, unknown> = {
  '1': [
    { page: 1, pages: 2, per_page: 2, total: 3, sourceid: '2', lastupdated: '2024-06-28' },
    [wbRow('FRA', 2023, 68170228), wbRow('FRA', 2022, 67971311)],
  ],
  '2': [
    { page: 2, pages: 2, per_page: 2, total: 3, sourceid: '2', lastupdated: '2024-06-28' },
    [wbRow('JPN', 2023, 124516650)],
  ],
};
const comtrade = (period: string) => ({
  elapsedTime: '0.2 secs',
  count: 1,
  error: '',
  data: [
    {
      typeCode: 'C',
      freqCode: 'A',
      refYear: Number(period),
      refMonth: 52,
      period,
      reporterCode: 392,
      reporterISO: 'JPN',
      partnerISO: 'USA',
      flowCode: 'X',
      cmdCode: '870323',
      primaryValue: 1e9 + Number(period),
      netWgt: 5e7,
      partner2ISO: 'W00',
    },
  ],
});

describe('ingest --online against recorded responses', () => {
  let api: Server;
  let base: string;
  const calls: string[] = [];
  const failOnce = new Set(['/v2/country/FRA;JPN/indicator/SP.POP.TOTL?page=2', '/data/v1/get/C/A/HS?period=2023']);
  let dataDir: string;

  before(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'econtrade-online-'));
    api = createServer((req, res) => {
      const url = new URL(req.url!, 'http://x');
      calls.push(`${url.pathname}?${url.searchParams}`);
      const key = url.pathname.startsWith('/v2/')
        ? `${url.pathname}?page=${url.searchParams.get('page')}`
        : `${url.pathname}?period=${url.searchParams.get('period')}`;
      if (failOnce.delete(key)) {
        res.writeHead(key.includes('period') ? 429 : 503).end('try again');
        return;
      }
      const body = url.pathname.startsWith('/v2/')
        ? WB_PAGES[url.searchParams.get('page')!]
        : comtrade(url.searchParams.get('period')!);
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
    await new Promise<void>((r) => api.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
  });
  after(async () => {
    await new Promise((r) => api.close(r));
    rmSync(dataDir, { recursive: true, force: true });
  });

  // Each run downloads into a folder of its own under this one, which it removes when done.
  let downloads: string;
  const ingest = (args: string[]) => {
    downloads = mkdtempSync(path.join(tmpdir(), 'econtrade-online-tmp-'));
    return run(process.execPath, [...entryArgs('src/cli/ingest.ts'), ...args], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, COMTRADE_API_KEY: 'recorded', TMPDIR: downloads },
    });
  };
  const assertDownloadsRemoved = () => {
    const left = readdirSync(downloads).filter((n) => n.startsWith('econtrade-download-'));
    assert.deepEqual(left, [], 'the downloaded pages are not left behind');
    rmSync(downloads, { recursive: true, force: true });
  };

  it('worldbank: follows every page and retries a failed one', async () => {
    const { stdout } = await ingest([
      'worldbank',
      '--online',
      '--indicator',
      'SP.POP.TOTL',
      '--country',
      'FRA;JPN',
      '--base-url',
      `${base}/v2`,
    ]);
    assert.match(stdout, /downloaded 2 response page/);
    assertDownloadsRemoved();
    assert.equal(calls.filter((c) => c.includes('page=2')).length, 2, 'page 2 was retried once');
    const s = await startTestServer({ dataDir });
    try {
      const rows = (await s.get('/v1/latest?indicator=POPULATION')).body.data;
      assert.deepEqual(
        rows.map((r: any) => [r.country_id, r.latest_value, r.latest_value_date]),
        [
          ['FRA', 68170228, '2023-01-01'],
          ['JPN', 124516650, '2023-01-01'],
        ],
      );
    } finally {
      await s.close();
    }
  });

  it('comtrade: one request per period with the subscription key, retrying 429', async () => {
    const { stdout } = await ingest([
      'comtrade',
      '--online',
      '--reporter',
      '392',
      '--period',
      '2022,2023',
      '--base-url',
      `${base}/data/v1/get`,
    ]);
    assert.match(stdout, /downloaded 2 response page/);
    assertDownloadsRemoved();
    assert.equal(calls.filter((c) => c.includes('period=2023')).length, 2);
    const s = await startTestServer({ dataDir });
    try {
      const rows = (await s.get('/v1/trade?reporter=JP&flow=export')).body.data;
      assert.deepEqual(
        rows.map((r: any) => [r.period, r.importer, r.hs6, r.value_usd]),
        [
          ['2022-01-01', 'US', '870323', 1000002022],
          ['2023-01-01', 'US', '870323', 1000002023],
        ],
      );
    } finally {
      await s.close();
    }
  });
});
