import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { parse } from 'csv-parse/sync';
import { readCurrentName, snapshotsDir } from '../src/store/snapshot-layout.js';
import { ingest, type IngestInput } from './helpers/ingest.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { SHARED_DATA } from './helpers/paths.js';

// The ingests run in-process: carrying files over is the snapshot builder's work, the
// same whichever way an ingest is started (the CLI runs in the other ingest tests).
type Adapter = 'hs' | 'worldbank' | 'baci';
type Input = IngestInput;

/** Small inputs in each adapter's real format, written by the test. */
function fixtures(dir: string): Record<Adapter, Input> {
  const hs = path.join(dir, 'hs-fixture.csv');
  writeFileSync(
    hs,
    [
      'section,hscode,description,parent,level',
      'XVI,85,Electrical machinery,TOTAL,2',
      'XVI,8507,Electric accumulators,85,4',
      'XVI,850760,"Electric accumulators; lithium-ion, as named by the fixture",8507,6',
      'XVI,850790,Electric accumulators; parts (fixture),8507,6',
    ].join('\n'),
  );
  const wb = path.join(dir, 'wb-fixture.csv');
  writeFileSync(
    wb,
    [
      'Country Name,Country Code,Year,Value',
      'France,FRA,2021,2957879759263.55',
      'France,FRA,2022,2779092235196.37',
      'World,WLD,2022,100609000000000',
    ].join('\r\n'),
  );
  // BACI: the V202301 numbering (380 Italy) with a code list that lacks 380 and has 490 without an ISO code.
  const flows = path.join(dir, 'baci-hs92-fixture.csv');
  writeFileSync(
    flows,
    [
      '"t","i","j","k","v","q"',
      '2021,710,380,850760,1234.567,"       1.5"',
      '2021,710,490,850790,10.001,NA',
      '2021,4,710,080410,0.5,"        0.001"',
    ].join('\n'),
  );
  const codes = path.join(dir, 'baci-country-codes-fixture.csv');
  writeFileSync(
    codes,
    [
      '"country_code","country_name_abbreviation","country_name_full","iso_2digit_alpha","iso_3digit_alpha"',
      '4,"Afghanistan","Afghanistan","AF","AFG"',
      '381,"Italy","Italy","IT","ITA"',
      '490,"Other Asia, nes","Other Asia, not elsewhere specified","N/A","N/A"',
      '710,"South Africa","South Africa","ZA","ZAF"',
    ].join('\n'),
  );
  return {
    hs: { files: [hs] },
    worldbank: { files: [wb], indicator: 'NY.GDP.MKTP.CD' },
    baci: { files: [flows, codes] },
  };
}

const FILES: Record<Adapter, string> = {
  hs: 'nomenclature.duckdb',
  worldbank: 'economics.duckdb',
  baci: 'trade.duckdb',
};

function permutations<T>(items: T[]): T[][] {
  if (items.length <= 1) return [items];
  return items.flatMap((x, i) =>
    permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [x, ...rest]),
  );
}

async function currentFiles(dataDir: string): Promise<string[]> {
  const name = await readCurrentName(dataDir);
  return readdirSync(path.join(snapshotsDir(dataDir), name!))
    .filter((f) => !f.startsWith('.'))
    .sort();
}

/** What every adapter loaded so far must still serve. */
async function expectLoaded(s: TestServer, done: Set<Adapter>): Promise<void> {
  const files = await currentFiles(s.dataDir);
  for (const a of done)
    assert.ok(files.includes(FILES[a]), `${FILES[a]} after ${[...done].join(', ')}: ${files.join(', ')}`);
  if (done.has('worldbank')) {
    const fr = (await s.get('/v1/latest?country=FRA&indicator=GDP_USD')).body.data;
    assert.deepEqual(
      fr.map((x: any) => [x.latest_value, x.latest_value_date]),
      [[2779092235196.37, '2022-01-01']],
      'economics survive',
    );
  }
  if (done.has('baci')) {
    const partners = (await s.get('/v1/trade/countries/ZA/partners?flow=export')).body.data;
    assert.deepEqual(
      partners.map((p: any) => [p.partner, p.value_usd, p.quantity]),
      [
        ['IT', 1234567, 1500],
        ['XA', 10001, null],
      ],
      'trade flows survive',
    );
    const rows = (await s.get('/v1/trade?reporter=AF&flow=export')).body.data;
    assert.deepEqual(
      rows.map((r: any) => [r.importer, r.hs6, r.hs_version, r.value_usd, r.quantity]),
      [['ZA', '080410', 1992, 500, 1]],
    );
  }
  if (done.has('hs') && done.has('baci')) {
    const m = (await s.get('/v1/trade/products/850760')).body.data.matches;
    assert.ok(
      m.some(
        (x: any) => x.hs_version === 2022 && x.name === 'Electric accumulators; lithium-ion, as named by the fixture',
      ),
      `nomenclature survives: ${JSON.stringify(m)}`,
    );
  }
}

describe('ingest: every ingest carries over the files it does not replace, in any order of adapters', () => {
  let work: string;
  let inputs: Record<Adapter, Input>;
  const load = (dataDir: string, adapter: Adapter) => ingest(dataDir, adapter, inputs[adapter]);
  const dirs: string[] = [];
  before(() => {
    work = mkdtempSync(path.join(tmpdir(), 'econtrade-carry-fixtures-'));
    inputs = fixtures(work);
  });
  after(() => {
    rmSync(work, { recursive: true, force: true });
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  for (const order of permutations<Adapter>(['hs', 'worldbank', 'baci'])) {
    it(order.join(' → '), async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'econtrade-carry-'));
      dirs.push(dataDir);
      const done = new Set<Adapter>();
      let s: TestServer | undefined;
      try {
        for (const adapter of order) {
          await load(dataDir, adapter);
          done.add(adapter);
          // The first ingest publishes into the empty DATA_DIR; the server then serves it (no sample is built).
          s ??= await startTestServer({ dataDir });
          await s.refresh();
          await expectLoaded(s, done);
        }
        assert.deepEqual(await currentFiles(dataDir), ['economics.duckdb', 'nomenclature.duckdb', 'trade.duckdb']);
      } finally {
        await s?.close();
      }
    });
  }

  it('a file the serving snapshot holds beyond the known ones is carried over too, as the same file', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'econtrade-carry-'));
    dirs.push(dataDir);
    await load(dataDir, 'worldbank');
    const first = path.join(snapshotsDir(dataDir), (await readCurrentName(dataDir))!);
    writeFileSync(path.join(first, 'future.duckdb'), 'a later kind of file');
    for (const adapter of ['hs', 'baci', 'worldbank'] as const) await load(dataDir, adapter);
    const last = path.join(snapshotsDir(dataDir), (await readCurrentName(dataDir))!);
    assert.notEqual(last, first);
    assert.equal(readFileSync(path.join(last, 'future.duckdb'), 'utf8'), 'a later kind of file');
  });
});

const REAL_HS = path.join(SHARED_DATA, 'hs/harmonized-system.csv');
const REAL_GDP = path.join(SHARED_DATA, 'worldbank/gdp-current-usd.csv');

describe(
  'ingest: the real HS nomenclature survives a later economics ingest',
  { skip: !(existsSync(REAL_HS) && existsSync(REAL_GDP)) && 'shared/data is not present' },
  () => {
    let s: TestServer;
    before(async () => {
      s = await startTestServer();
    });
    after(() => s.close());

    it('hs then worldbank: /v1/trade/products/85 lists every HS 2022 code of chapter 85', async () => {
      const sampleCodes = (await s.get('/v1/trade/products/85')).body.data.matches.map((m: any) => m.hs6);
      const rows = parse(readFileSync(REAL_HS), { columns: true, bom: true }) as Array<{
        hscode: string;
        level: string;
        description: string;
      }>;
      const chapter = rows.filter((r) => r.level === '6' && r.hscode.startsWith('85'));
      const expected = [...new Set([...sampleCodes, ...chapter.map((r) => r.hscode)])].sort();
      assert.ok(expected.length > sampleCodes.length);
      await ingest(s.dataDir, 'hs', { files: [REAL_HS] });
      await ingest(s.dataDir, 'worldbank', { files: [REAL_GDP], indicator: 'NY.GDP.MKTP.CD' });
      await s.refresh();
      const matches = (await s.get('/v1/trade/products/85')).body.data.matches;
      assert.deepEqual(
        matches.map((m: any) => m.hs6),
        expected,
      );
      const names = new Map(chapter.map((c) => [c.hscode, c.description.trim()]));
      for (const m of matches) if (names.has(m.hs6)) assert.equal(m.name, names.get(m.hs6), m.hs6);
      assert.ok((await s.get('/v1/latest?country=USA&indicator=GDP_USD')).body.data.length === 1);
    });
  },
);
