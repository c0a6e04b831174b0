import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { SHARED_DATA } from './helpers/paths.js';
import { ingestCli } from './helpers/processes.js';
import { startTestServer, type TestServer } from './helpers/server.js';

const PROVENANCE = [
  '--source-name',
  'Test statistics office',
  '--source-url',
  'https://stats.example.org',
  '--license',
  'CC-BY-4.0',
];
const REAL_CPI = path.join(SHARED_DATA, 'series/us-cpi-monthly.csv');

describe('ingest csv: plain long CSVs, the columns named on the command line', () => {
  let dataDir: string;
  let work: string;
  let server: TestServer | undefined;
  const write = (name: string, lines: string[]) => {
    const file = path.join(work, name);
    writeFileSync(file, `${lines.join('\n')}\n`);
    return file;
  };
  const serve = async () => {
    if (server) await server.refresh();
    else server = await startTestServer({ dataDir });
    return server;
  };

  before(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'econtrade-csv-'));
    work = mkdtempSync(path.join(tmpdir(), 'econtrade-csv-files-'));
  });
  after(async () => {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(work, { recursive: true, force: true });
  });

  it('loads one country from a file of dates and values, with its provenance', async () => {
    const file = write('cpi.csv', [
      'Date,Index,Inflation',
      '2024-01-01,308.4,',
      '2024-02-01,310.3,0.6',
      '2024-03-01,,',
    ]);
    const args = [
      'csv',
      file,
      '--indicator',
      'CPI',
      '--country',
      'USA',
      '--date-column',
      'date',
      '--value-column',
      'Index',
    ];
    const r = await ingestCli(dataDir, [...args, ...PROVENANCE]);
    assert.equal(r.code, 0, r.out);
    const s = await serve();
    const points = await s.data('/v1/history?country=USA&indicator=CPI');
    assert.deepEqual(
      points.map((p: { date: string; value: number }) => [p.date, p.value]),
      [
        ['2024-01-01', 308.4],
        ['2024-02-01', 310.3],
      ],
    );
    const [latest] = await s.data('/v1/latest?country=USA&indicator=CPI');
    assert.equal(latest.source_name, 'Test statistics office');
    assert.equal(latest.license_id, 'CC-BY-4.0');
  });

  it('reads a country column of codes, agency codes and names; quarter ends are their quarters', async () => {
    const file = write('houses.csv', [
      'date,country_code,country,price',
      '2023-03-31,IT,Italy,100.5',
      '2023-06-30,IT,Italy,101.5',
      '2023-06-30,UK,United Kingdom,250',
      '2023-06-30,4T,Emerging markets,7',
    ]);
    const names = write('fx.csv', ['Date,Country,Exchange rate', '2024-01-01,Japan,141.2', '2024-01-01,Euro,1.09']);
    const common = ['--date-column', 'date', ...PROVENANCE];
    const houses = await ingestCli(dataDir, [
      'csv',
      file,
      '--indicator',
      'HOUSE_PRICES',
      '--country-column',
      'country_code',
      '--value-column',
      'price',
      ...common,
    ]);
    assert.equal(houses.code, 0, houses.out);
    assert.match(houses.out, /4T/, 'the code it could not place is reported');
    const fx = await ingestCli(dataDir, [
      'csv',
      names,
      '--indicator',
      'FX_USD',
      '--country-column',
      'Country',
      '--value-column',
      'Exchange rate',
      ...common,
    ]);
    assert.equal(fx.code, 0, fx.out);
    const s = await serve();
    const italy = await s.data('/v1/history?country=ITA&indicator=HOUSE_PRICES');
    assert.deepEqual(
      italy.map((p: { date: string }) => p.date),
      ['2023-01-01', '2023-04-01'],
    );
    assert.equal((await s.data('/v1/history?country=GBR&indicator=HOUSE_PRICES'))[0].value, 250);
    assert.equal((await s.data('/v1/history?country=JPN&indicator=FX_USD'))[0].value, 141.2);
    // The first file's series is kept beside these.
    assert.equal((await s.data('/v1/history?country=USA&indicator=CPI')).length, 2);
  });

  it('refuses a column the file lacks, or a missing setting, with one line', async () => {
    const file = write('bad.csv', ['when,what', '2024,1']);
    const r = await ingestCli(dataDir, [
      'csv',
      file,
      '--indicator',
      'CPI',
      '--country',
      'USA',
      '--date-column',
      'date',
      '--value-column',
      'what',
      ...PROVENANCE,
    ]);
    assert.equal(r.code, 1);
    assert.match(r.out, /ingest failed: bad\.csv: no column "date" \(its columns: when, what\)/);
    const missing = await ingestCli(dataDir, ['csv', file, '--indicator', 'CPI', '--country', 'USA']);
    assert.equal(missing.code, 1);
    assert.match(missing.out, /ingest failed: the csv adapter needs --date-column/);
  });

  it('loads the real US CPI file whole', { skip: !existsSync(REAL_CPI) && 'shared/data is not present' }, async () => {
    const r = await ingestCli(dataDir, [
      'csv',
      REAL_CPI,
      '--indicator',
      'CPI',
      '--country',
      'USA',
      '--date-column',
      'Date',
      '--value-column',
      'Index',
      ...PROVENANCE,
    ]);
    assert.equal(r.code, 0, r.out);
    const rows = readFileSync(REAL_CPI, 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .filter((l) => l.split(',')[1] !== '');
    const s = await serve();
    const dates: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await s.get(`/v1/history?country=USA&indicator=CPI${cursor ? `&cursor=${cursor}` : ''}`);
      dates.push(...page.body.data.map((p: { date: string }) => p.date));
      cursor = page.body.next_cursor;
    } while (cursor);
    assert.deepEqual(
      dates,
      rows.map((l) => l.split(',')[0]),
    );
  });
});
