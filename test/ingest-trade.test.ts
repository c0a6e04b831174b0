import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { parse } from 'csv-parse/sync';
import { ingest as ingestInProcess } from './helpers/ingest.js';
import { ingestCli } from './helpers/processes.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { SHARED_DATA } from './helpers/paths.js';

const REAL_HS = path.join(SHARED_DATA, 'hs/harmonized-system.csv');

// `ingest` runs the CLI, where its output or exit code is checked; `ingestInProcess` calls what it runs.
const ingest = ingestCli;

describe('ingest: HS nomenclature', () => {
  let s: TestServer;
  before(async () => {
    s = await startTestServer();
  });
  after(() => s.close());

  it('loads a nomenclature written in the official CSV form and serves its codes', async () => {
    const file = path.join(s.dataDir, 'hs-fixture.csv');
    writeFileSync(
      file,
      [
        'section,hscode,description,parent,level',
        'I,TOTAL,All products,,0',
        'I,01,Animals; live,TOTAL,2',
        'I,0101,"Horses, asses, mules and hinnies; live",01,4',
        'I,010121,"Horses; live, pure-bred breeding animals",0101,6',
        'XVI,84,Machinery,TOTAL,2',
        'XVI,8471,Automatic data-processing machines,84,4',
        'XVI,847130,"Portable automatic data-processing machines, weighing not more than 10 kg",8471,6',
        'XVI,84713,broken,8471,6',
      ].join('\n'),
    );
    const failed = await ingest(s.dataDir, ['hs', file]);
    assert.equal(failed.code, 1);
    assert.match(failed.out, /hs-fixture\.csv:9: "84713" is not a level-6 HS code/);
    await ingestInProcess(s.dataDir, 'hs', { files: [file], maxBadRows: 1 });
    await s.refresh();
    const detail = (await s.get('/v1/trade/products/847130')).body.data;
    assert.deepEqual(detail.matches, [
      {
        hs6: '847130',
        hs_version: 2022,
        name: 'Portable automatic data-processing machines, weighing not more than 10 kg',
        chapter: '84',
        heading: '8471',
      },
    ]);
    // Codes of the trade data stay known even when the nomenclature lacks them.
    assert.equal((await s.get('/v1/trade/products/270900')).status, 200);
    assert.equal((await s.get('/v1/trade?product=2709&limit=1')).status, 200);
  });

  it(
    'after the real nomenclature, product search finds every HS6 code',
    { skip: !existsSync(REAL_HS) && 'shared/data is not present' },
    async () => {
      await ingestInProcess(s.dataDir, 'hs', { files: [REAL_HS] });
      await s.refresh();
      const rows = parse(readFileSync(REAL_HS), { columns: true, bom: true }) as Array<{
        hscode: string;
        level: string;
        description: string;
      }>;
      const six = rows.filter((x) => x.level === '6');
      assert.equal(six.length, 5613);
      for (const p of six) {
        const found = (await s.get(`/v1/trade/products?q=${p.hscode}`)).body.data;
        assert.equal(found[0]?.hs6, p.hscode, p.hscode);
        assert.equal(found[0].name, p.description.trim());
      }
      const detail = (await s.get('/v1/trade/products/01')).body.data;
      assert.equal(detail.matches.length, six.filter((p) => p.hscode.startsWith('01')).length);
    },
  );
});

const TRADE = path.join(SHARED_DATA, 'trade');

describe('ingest: UN Comtrade+', () => {
  let s: TestServer | undefined;
  let dataDir: string;
  before(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'econtrade-comtrade-'));
  });
  after(async () => {
    await s?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const rec = (o: Record<string, unknown>) => ({
    typeCode: 'C',
    partner2ISO: 'W00',
    customsCode: 'C00',
    motCode: 0,
    isReported: true,
    isAggregate: false,
    netWgt: null,
    ...o,
  });

  it(
    'loads annual and monthly declarations; monthly methods see each side, annual' + ' keeps the importer side',
    async () => {
      const file = path.join(dataDir, 'comtrade-fixture.json');
      writeFileSync(
        file,
        JSON.stringify({
          elapsedTime: '0.1 secs',
          count: 7,
          error: '',
          data: [
            rec({
              freqCode: 'A',
              refYear: 2022,
              refMonth: 52,
              period: '2022',
              reporterISO: 'CHN',
              partnerISO: 'DEU',
              flowCode: 'X',
              cmdCode: '850760',
              primaryValue: 1000,
              netWgt: 10,
            }),
            rec({
              freqCode: 'A',
              refYear: 2022,
              refMonth: 52,
              period: '2022',
              reporterISO: 'DEU',
              partnerISO: 'CHN',
              flowCode: 'M',
              cmdCode: '850760',
              primaryValue: 1050,
              netWgt: 11,
            }),
            rec({
              freqCode: 'M',
              refYear: 2022,
              refMonth: 3,
              period: '202203',
              reporterISO: 'CHN',
              partnerISO: 'DEU',
              flowCode: 'X',
              cmdCode: '850760',
              primaryValue: 100,
              netWgt: 1,
            }),
            rec({
              freqCode: 'M',
              refYear: 2022,
              refMonth: 3,
              period: '202203',
              reporterISO: 'DEU',
              partnerISO: 'CHN',
              flowCode: 'M',
              cmdCode: '850760',
              primaryValue: 104,
            }),
            rec({
              freqCode: 'M',
              refYear: 2022,
              refMonth: 4,
              period: '202204',
              reporterISO: 'CHN',
              partnerISO: 'DEU',
              flowCode: 'X',
              cmdCode: '850760',
              primaryValue: 90,
              netWgt: 1,
            }),
            rec({
              freqCode: 'M',
              refYear: 2022,
              refMonth: 4,
              period: '202204',
              reporterISO: 'CHN',
              partnerISO: 'ARG',
              flowCode: 'M',
              cmdCode: '120190',
              primaryValue: 500,
              netWgt: 900,
            }),
            rec({
              freqCode: 'A',
              refYear: 2022,
              refMonth: 52,
              period: '2022',
              reporterISO: 'CHN',
              partnerISO: 'W00',
              flowCode: 'X',
              cmdCode: 'TOTAL',
              cmdDesc: 'All Commodities',
              primaryValue: 9e12,
            }),
            // An area without an ISO code, known by its numeric code only.
            rec({
              freqCode: 'M',
              refYear: 2022,
              refMonth: 5,
              period: '202205',
              reporterISO: 'CHN',
              partnerCode: 490,
              partnerISO: 'S19',
              partnerDesc: 'Other Asia, nes',
              flowCode: 'X',
              cmdCode: '850760',
              primaryValue: 70,
              classificationCode: 'H6',
            }),
            rec({
              freqCode: 'A',
              refYear: 2022,
              refMonth: 52,
              period: '2022',
              reporterISO: 'CHN',
              partnerCode: 0,
              partnerISO: 'W00',
              partnerDesc: 'World',
              flowCode: 'X',
              cmdCode: '850760',
              primaryValue: 5000,
            }),
          ],
        }),
      );
      const r = await ingest(dataDir, ['comtrade', file]);
      assert.equal(r.code, 0, r.out);
      assert.match(r.out, /commodity codes that are not HS6 products: 1 code, 1 row: TOTAL All Commodities \(1\)/);
      assert.match(r.out, /aggregates and other codes that name no country [^:]*: 1 code, 1 row: W00 World \(1\)/);
      s = await startTestServer({ dataDir });
      const annual = (await s.get('/v1/trade?reporter=CN&flow=export')).body.data;
      assert.deepEqual(
        annual.map((x: any) => [x.exporter, x.importer, x.hs6, x.period, x.value_usd, x.quantity]),
        [['CN', 'DE', '850760', '2022-01-01', 1050, 11]],
      );
      const q = '/v1/trade/monthly?exporter=CN&importer=DE&from=2022-01&to=2022-12';
      const exp = (await s.get(`${q}&method=exporter`)).body.data.map((x: any) => [
        x.period,
        x.value_usd,
        x.reported_by,
      ]);
      const imp = (await s.get(`${q}&method=importer`)).body.data.map((x: any) => [
        x.period,
        x.value_usd,
        x.reported_by,
      ]);
      const rec_ = (await s.get(q)).body.data.map((x: any) => [x.period, x.value_usd, x.reported_by]);
      assert.deepEqual(exp, [
        ['2022-03-01', 100, 'exporter'],
        ['2022-04-01', 90, 'exporter'],
      ]);
      assert.deepEqual(imp, [['2022-03-01', 104, 'importer']]);
      assert.deepEqual(rec_, [
        ['2022-03-01', 104, 'importer'],
        ['2022-04-01', 90, 'exporter'],
      ]);
      const asia = (await s.get('/v1/trade/monthly?exporter=CN&importer=XA')).body.data;
      assert.deepEqual(
        asia.map((x: any) => [x.period, x.value_usd, x.hs_version, x.reported_by]),
        [['2022-05-01', 70, 2022, 'exporter']],
      );
      const soy = (await s.get('/v1/trade/monthly?importer=CN&product=1201')).body.data;
      assert.deepEqual(
        soy.map((x: any) => [x.exporter, x.value_usd, x.quantity, x.reported_by]),
        [['AR', 500, 900, 'importer']],
      );
      const coverage = (await s.get('/v1/trade/coverage')).body.data;
      assert.deepEqual(
        coverage.map((c: any) => c.country),
        ['CN', 'DE'],
      );
    },
  );

  it(
    'flows keep the HS edition of their records; an ingest of another edition leaves' + ' earlier flows in theirs',
    async () => {
      const file = path.join(dataDir, 'comtrade-h4.json');
      const h4 = (o: Record<string, unknown>) => rec({ classificationCode: 'H4', cmdCode: '850760', netWgt: 1, ...o });
      writeFileSync(
        file,
        JSON.stringify({
          elapsedTime: '0.1 secs',
          count: 2,
          error: '',
          data: [
            h4({
              freqCode: 'A',
              refYear: 2021,
              refMonth: 52,
              period: '2021',
              reporterISO: 'JPN',
              partnerISO: 'USA',
              flowCode: 'X',
              primaryValue: 300,
            }),
            h4({
              freqCode: 'M',
              refYear: 2021,
              refMonth: 7,
              period: '202107',
              reporterISO: 'JPN',
              partnerISO: 'USA',
              flowCode: 'X',
              primaryValue: 30,
            }),
          ],
        }),
      );
      const r = await ingestInProcess(dataDir, 'comtrade', { files: [file] });
      assert.equal(r.hsVersion, 2012);
      await s!.refresh();
      const editions = async (q: string) =>
        (await s!.get(q)).body.data.map((x: any) => [x.exporter, x.period, x.hs_version]);
      assert.deepEqual(await editions('/v1/trade?product=850760'), [
        ['JP', '2021-01-01', 2012],
        ['CN', '2022-01-01', 2022],
      ]);
      assert.deepEqual(await editions('/v1/trade/monthly?product=850760&method=exporter'), [
        ['JP', '2021-07-01', 2012],
        ['CN', '2022-03-01', 2022],
        ['CN', '2022-04-01', 2022],
        ['CN', '2022-05-01', 2022],
      ]);
      const names = (await s!.get('/v1/trade/products/850760')).body.data.matches.map((m: any) => [
        m.hs_version,
        m.name,
      ]);
      assert.ok(
        names.some(([v, n]: [number, string]) => v === 2012 && /HS 2012 code 850760/.test(n)),
        JSON.stringify(names),
      );
      // Records of several editions in one batch are refused: each flow must keep its own.
      writeFileSync(
        file,
        JSON.stringify({
          elapsedTime: '0.1 secs',
          count: 2,
          error: '',
          data: [
            h4({
              freqCode: 'A',
              refYear: 2021,
              refMonth: 52,
              period: '2021',
              reporterISO: 'JPN',
              partnerISO: 'USA',
              flowCode: 'X',
              primaryValue: 300,
            }),
            h4({
              freqCode: 'A',
              refYear: 2021,
              refMonth: 52,
              period: '2021',
              reporterISO: 'KOR',
              partnerISO: 'USA',
              flowCode: 'X',
              primaryValue: 300,
              classificationCode: 'H5',
            }),
          ],
        }),
      );
      await assert.rejects(
        ingestInProcess(dataDir, 'comtrade', { files: [file] }),
        /several HS editions \(HS 2012: 1 records, HS 2017: 1 records\)/,
      );
    },
  );

  it(
    'reports the real China 2010 file (TOTAL commodity rows) and changes nothing',
    { skip: !existsSync(path.join(TRADE, 'comtrade-v1-chn-2010-total.json')) && 'shared/data is not present' },
    async () => {
      const before = readFileSync(path.join(dataDir, 'CURRENT'), 'utf8');
      const r = await ingest(dataDir, ['comtrade', path.join(TRADE, 'comtrade-v1-chn-2010-total.json')]);
      assert.equal(r.code, 1);
      assert.match(
        r.out,
        new RegExp(
          'not loaded: 4 rows under 1 source code\\n.*' +
            'commodity codes that are not HS6 products: 1 code, 4 rows: TOTAL All Commodities \\(4\\)',
        ),
      );
      assert.equal(readFileSync(path.join(dataDir, 'CURRENT'), 'utf8'), before);
    },
  );
});
