import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { parse } from 'csv-parse/sync';
import { ingestCli } from './helpers/processes.js';
import { startTestServer, type TestServer } from './helpers/server.js';

const REAL_HS = new URL('../../shared/data/hs/harmonized-system.csv', import.meta.url).pathname;

const ingest = ingestCli;

describe('ingest: HS nomenclature', () => {
  let s: TestServer;
  before(async () => {
    s = await startTestServer();
  });
  after(() => s.close());

  it('loads a nomenclature written in the official CSV form and serves its codes', async () => {
    const file = path.join(s.dataDir, 'hs-fixture.csv');
    writeFileSync(file, [
      'section,hscode,description,parent,level', 'I,TOTAL,All products,,0', 'I,01,Animals; live,TOTAL,2', 'I,0101,"Horses, asses, mules and hinnies; live",01,4',
      'I,010121,"Horses; live, pure-bred breeding animals",0101,6', 'XVI,84,Machinery,TOTAL,2', 'XVI,8471,Automatic data-processing machines,84,4',
      'XVI,847130,"Portable automatic data-processing machines, weighing not more than 10 kg",8471,6', 'XVI,84713,broken,8471,6',
    ].join('\n'));
    const failed = await ingest(s.dataDir, ['hs', file]);
    assert.equal(failed.code, 1);
    assert.match(failed.out, /hs-fixture\.csv:9: "84713" is not a level-6 HS code/);
    const r = await ingest(s.dataDir, ['hs', file, '--max-bad-rows', '1']);
    assert.equal(r.code, 0, r.out);
    await s.store.refresh();
    const detail = (await s.get('/v1/trade/products/847130')).body.data;
    assert.deepEqual(detail.matches, [{ hs6: '847130', hs_version: 2022, name: 'Portable automatic data-processing machines, weighing not more than 10 kg', chapter: '84', heading: '8471' }]);
    // Codes of the trade data stay known even when the nomenclature lacks them.
    assert.equal((await s.get('/v1/trade/products/270900')).status, 200);
    assert.equal((await s.get('/v1/trade?product=2709&limit=1')).status, 200);
  });

  it('after the real nomenclature, product search finds every HS6 code', { skip: !existsSync(REAL_HS) && 'shared/data is not present' }, async () => {
    const r = await ingest(s.dataDir, ['hs', REAL_HS]);
    assert.equal(r.code, 0, r.out);
    await s.store.refresh();
    const rows = parse(readFileSync(REAL_HS), { columns: true, bom: true }) as Array<{ hscode: string; level: string; description: string }>;
    const six = rows.filter((x) => x.level === '6');
    assert.equal(six.length, 5613);
    for (const p of six) {
      const found = (await s.get(`/v1/trade/products?q=${p.hscode}`)).body.data;
      assert.equal(found[0]?.hs6, p.hscode, p.hscode);
      assert.equal(found[0].name, p.description.trim());
    }
    const detail = (await s.get('/v1/trade/products/01')).body.data;
    assert.equal(detail.matches.length, six.filter((p) => p.hscode.startsWith('01')).length);
  });
});

const TRADE = new URL('../../shared/data/trade/', import.meta.url).pathname;
const BACI = path.join(TRADE, 'baci-hs92-v202301-2021-zaf-afg.csv');
const BACI_COUNTRIES = path.join(TRADE, 'baci-country-codes-v202201.csv');

describe('ingest: BACI', { skip: !existsSync(BACI) && 'shared/data is not present' }, () => {
  let s: TestServer;
  let dataDir: string;
  before(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'econtrade-baci-'));
  });
  after(async () => {
    await s?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("serves South Africa's 2021 export partners, totals and quantities equal to an independent aggregation of the file", async () => {
    const r = await ingest(dataDir, ['baci', BACI, BACI_COUNTRIES]);
    assert.equal(r.code, 0, r.out);
    assert.match(r.out, /kept \d+ HS 1992 codes/);
    s = await startTestServer({ dataDir });
    // Independent aggregation: M49 → ISO2 (ISO3 when ISO2 is missing), thousand USD → USD, tonnes → kg.
    const codes = parse(readFileSync(BACI_COUNTRIES), { columns: true, bom: true }) as Array<Record<string, string>>;
    const iso3to2 = new Map<string, string>((await s.get('/v1/trade/countries?q=a&limit=500')).body.data.map((c: any) => [c.iso3, c.id]));
    const known = (code: string | undefined) => (code && code !== 'N/A' ? code : undefined);
    const iso = new Map(codes.map((c) => [String(Number(c.country_code)), known(c.iso_2digit_alpha) ?? iso3to2.get(c.iso_3digit_alpha ?? '')]));
    const rows = parse(readFileSync(BACI), { columns: true, bom: true, trim: true }) as Array<Record<string, string>>;
    const za = rows.filter((x) => x.i === '710' && x.t === '2021');
    const expected = new Map<string, { value: number; qty: number; any: boolean; n: number }>();
    for (const x of za) {
      const partner: string | undefined = iso.get(String(Number(x.j)));
      if (!partner) continue;
      const e = expected.get(partner) ?? { value: 0, qty: 0, any: false, n: 0 };
      e.value += Math.round(Number(x.v) * 1000);
      const q = (x.q ?? '').trim(); // quoted and space-padded
      if (q !== 'NA') {
        e.qty += Math.round(Number(q) * 1000);
        e.any = true;
      }
      e.n++;
      expected.set(partner, e);
    }
    const partners = (await s.get('/v1/trade/countries/ZA/partners?flow=export&from=2021&to=2021&limit=500')).body.data;
    assert.equal(partners.length, expected.size);
    for (const p of partners) {
      const e = expected.get(p.partner)!;
      assert.ok(e, p.partner);
      assert.ok(Math.abs(p.value_usd - e.value) < 1e-6 * e.value + 1, `${p.partner} value ${p.value_usd} != ${e.value}`);
      assert.equal(p.quantity, e.any ? e.qty : null, `${p.partner} quantity`);
      assert.equal(p.flow_count, e.n, `${p.partner} flows`);
    }
    const total = [...expected.values()].reduce((a, e) => a + e.value, 0);
    const summary = (await s.get('/v1/trade/summary?reporter=ZA&flow=export&from=2021&to=2021')).body.data;
    assert.ok(Math.abs(summary.trade_value - total) < 1e-6 * total);
    const coverage = (await s.get('/v1/trade/coverage')).body.data;
    assert.deepEqual(coverage.map((c: any) => c.country), ['AF', 'ZA']);
    assert.equal(coverage[1].yearly_first, 2021);
    assert.equal(coverage[1].monthly_first, null);
    // An HS 1992 code no list knows is kept and named as such.
    const code = za.map((x) => (x.k ?? '').padStart(6, '0')).find((k) => k === '010111');
    if (code) assert.match((await s.get(`/v1/trade/products/${code}`)).body.data.matches[0].name, /HS 1992 code/);
  });
});

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

  const rec = (o: Record<string, unknown>) => ({ typeCode: 'C', partner2ISO: 'W00', customsCode: 'C00', motCode: 0, isReported: true, isAggregate: false, netWgt: null, ...o });

  it('loads annual and monthly declarations; monthly methods see each side, annual keeps the importer side', async () => {
    const file = path.join(dataDir, 'comtrade-fixture.json');
    writeFileSync(file, JSON.stringify({
      elapsedTime: '0.1 secs', count: 7, error: '',
      data: [
        rec({ freqCode: 'A', refYear: 2022, refMonth: 52, period: '2022', reporterISO: 'CHN', partnerISO: 'DEU', flowCode: 'X', cmdCode: '850760', primaryValue: 1000, netWgt: 10 }),
        rec({ freqCode: 'A', refYear: 2022, refMonth: 52, period: '2022', reporterISO: 'DEU', partnerISO: 'CHN', flowCode: 'M', cmdCode: '850760', primaryValue: 1050, netWgt: 11 }),
        rec({ freqCode: 'M', refYear: 2022, refMonth: 3, period: '202203', reporterISO: 'CHN', partnerISO: 'DEU', flowCode: 'X', cmdCode: '850760', primaryValue: 100, netWgt: 1 }),
        rec({ freqCode: 'M', refYear: 2022, refMonth: 3, period: '202203', reporterISO: 'DEU', partnerISO: 'CHN', flowCode: 'M', cmdCode: '850760', primaryValue: 104 }),
        rec({ freqCode: 'M', refYear: 2022, refMonth: 4, period: '202204', reporterISO: 'CHN', partnerISO: 'DEU', flowCode: 'X', cmdCode: '850760', primaryValue: 90, netWgt: 1 }),
        rec({ freqCode: 'M', refYear: 2022, refMonth: 4, period: '202204', reporterISO: 'CHN', partnerISO: 'ARG', flowCode: 'M', cmdCode: '120190', primaryValue: 500, netWgt: 900 }),
        rec({ freqCode: 'A', refYear: 2022, refMonth: 52, period: '2022', reporterISO: 'CHN', partnerISO: 'W00', flowCode: 'X', cmdCode: 'TOTAL', primaryValue: 9e12 }),
      ],
    }));
    const r = await ingest(dataDir, ['comtrade', file]);
    assert.equal(r.code, 0, r.out);
    assert.match(r.out, /not loaded: commodity TOTAL/);
    s = await startTestServer({ dataDir });
    const annual = (await s.get('/v1/trade?reporter=CN&flow=export')).body.data;
    assert.deepEqual(annual.map((x: any) => [x.exporter, x.importer, x.hs6, x.period, x.value_usd, x.quantity]), [['CN', 'DE', '850760', '2022-01-01', 1050, 11]]);
    const q = '/v1/trade/monthly?exporter=CN&importer=DE&from=2022-01&to=2022-12';
    const exp = (await s.get(`${q}&method=exporter`)).body.data.map((x: any) => [x.period, x.value_usd, x.reported_by]);
    const imp = (await s.get(`${q}&method=importer`)).body.data.map((x: any) => [x.period, x.value_usd, x.reported_by]);
    const rec_ = (await s.get(q)).body.data.map((x: any) => [x.period, x.value_usd, x.reported_by]);
    assert.deepEqual(exp, [['2022-03-01', 100, 'exporter'], ['2022-04-01', 90, 'exporter']]);
    assert.deepEqual(imp, [['2022-03-01', 104, 'importer']]);
    assert.deepEqual(rec_, [['2022-03-01', 104, 'importer'], ['2022-04-01', 90, 'exporter']]);
    const soy = (await s.get('/v1/trade/monthly?importer=CN&product=1201')).body.data;
    assert.deepEqual(soy.map((x: any) => [x.exporter, x.value_usd, x.quantity, x.reported_by]), [['AR', 500, 900, 'importer']]);
    const coverage = (await s.get('/v1/trade/coverage')).body.data;
    assert.deepEqual(coverage.map((c: any) => c.country), ['CN', 'DE']);
  });

  it('reports the real China 2010 file (TOTAL commodity rows) and changes nothing', { skip: !existsSync(path.join(TRADE, 'comtrade-v1-chn-2010-total.json')) && 'shared/data is not present' }, async () => {
    const before = readFileSync(path.join(dataDir, 'CURRENT'), 'utf8');
    const r = await ingest(dataDir, ['comtrade', path.join(TRADE, 'comtrade-v1-chn-2010-total.json')]);
    assert.equal(r.code, 1);
    assert.match(r.out, /not loaded: commodity TOTAL \(not an HS6 code\) \(4 rows\)/);
    assert.equal(readFileSync(path.join(dataDir, 'CURRENT'), 'utf8'), before);
  });
});
