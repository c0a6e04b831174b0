import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { SHARED_DATA } from './helpers/paths.js';
import { ingestCli } from './helpers/processes.js';
import { startTestServer, type TestServer } from './helpers/server.js';

/**
 * FRED and ALFRED files through the ingest CLI: each value known from the day its
 * file says, earlier vintages kept as revisions, and FRED's units on the real file
 * checked against the file's own values.
 */

const REAL_FRED = path.join(SHARED_DATA, 'econ-formats/fred-observations-gnpca.json');

async function points(s: TestServer, query: string) {
  const data = await s.data(`/v1/history?${query}`);
  return data.map((p: any) => [p.date, p.value, p.realtime_start]);
}

describe(
  'FRED on the real file: units and its vintage',
  { skip: !existsSync(REAL_FRED) && `${REAL_FRED} is absent` },
  () => {
    let dataDir: string;
    let s: TestServer;
    const file = existsSync(REAL_FRED) ? JSON.parse(readFileSync(REAL_FRED, 'utf8')) : { observations: [] };
    const raw: Array<{ date: string; value: number }> = file.observations
      .filter((o: any) => o.value !== '.')
      .map((o: any) => ({ date: o.date, value: Number(o.value) }));

    before(async () => {
      dataDir = mkdtempSync(path.join(tmpdir(), 'econtrade-fred-'));
      const r = await ingestCli(dataDir, ['fred', REAL_FRED]);
      assert.equal(r.code, 0, r.out);
      s = await startTestServer({ dataDir });
    });
    after(async () => {
      await s?.close();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('every unit of the annual series equals its formula on the file’s values (n = 1, k = 1)', async () => {
      const x = raw.map((o) => o.value);
      const prev = (i: number) => (i > 0 ? x[i - 1]! : undefined);
      const formulas: Record<string, (i: number) => number | undefined> = {
        chg: (i) => (i > 0 ? x[i]! - prev(i)! : undefined),
        ch1: (i) => (i > 0 ? x[i]! - prev(i)! : undefined),
        pch: (i) => (i > 0 ? 100 * (x[i]! / prev(i)! - 1) : undefined),
        pc1: (i) => (i > 0 ? 100 * (x[i]! / prev(i)! - 1) : undefined),
        pca: (i) => (i > 0 ? 100 * (x[i]! / prev(i)! - 1) : undefined),
        cch: (i) => (i > 0 ? 100 * Math.log(x[i]! / prev(i)!) : undefined),
        cca: (i) => (i > 0 ? 100 * Math.log(x[i]! / prev(i)!) : undefined),
        log: (i) => Math.log(x[i]!),
      };
      assert.ok(raw.length >= 20, `${raw.length} observations in the file`);
      for (const [unit, f] of Object.entries(formulas)) {
        const got = await points(s, `country=USA&indicator=GNP_REAL&transform=${unit}`);
        const expected = raw.flatMap((o, i) => (f(i) === undefined ? [] : [[o.date, f(i)]]));
        assert.equal(got.length, expected.length, unit);
        got.forEach(([date, value]: [string, number], i: number) => {
          assert.equal(date, expected[i]![0], unit);
          assert.ok(
            Math.abs(value - (expected[i]![1] as number)) < 1e-9 * Math.max(1, Math.abs(value)),
            `${unit} ${date}`,
          );
        });
      }
    });

    it('each value is known from the file’s real-time day, and that day is the one vintage', async () => {
      const day = file.observations[0].realtime_start as string;
      const known = await points(s, `country=USA&indicator=GNP_REAL&as_of=${day}`);
      assert.equal(known.length, raw.length);
      assert.ok(known.every(([, , start]: string[]) => start === day));
      assert.deepEqual(await points(s, 'country=USA&indicator=GNP_REAL&as_of=2020-05-18'), []);
      const [row] = await s.data('/v1/vintages?country=USA&indicator=GNP_REAL');
      assert.deepEqual(row, { series_id: 'USA.GNP_REAL', vintage_dates: [day] });
    });
  },
);

describe('ALFRED files: earlier vintages kept as revisions', () => {
  let work: string;
  const dirs: string[] = [];
  const servers: TestServer[] = [];
  before(() => {
    work = mkdtempSync(path.join(tmpdir(), 'econtrade-alfred-'));
  });
  after(async () => {
    for (const s of servers) await s.close();
    for (const d of [work, ...dirs]) rmSync(d, { recursive: true, force: true });
  });

  async function served(name: string, content: unknown): Promise<TestServer> {
    const file = path.join(work, name);
    writeFileSync(file, JSON.stringify(content));
    const dataDir = mkdtempSync(path.join(tmpdir(), 'econtrade-alfred-data-'));
    dirs.push(dataDir);
    const r = await ingestCli(dataDir, ['fred', file]);
    assert.equal(r.code, 0, r.out);
    const s = await startTestServer({ dataDir });
    servers.push(s);
    return s;
  }

  /** April 2020 unemployment first published 14.7 on 8 May, revised to 14.8 on 5 June, when May came out. */
  async function expectTwoVintages(s: TestServer): Promise<void> {
    const q = 'country=USA&indicator=UNEMPLOYMENT&from=2020-04-01&to=2020-05-31';
    assert.deepEqual(await points(s, `${q}&as_of=2020-05-07`), []);
    assert.deepEqual(await points(s, `${q}&as_of=2020-06-04`), [['2020-04-01', 14.7, '2020-05-08']]);
    assert.deepEqual(await points(s, `${q}&as_of=2020-06-05`), [
      ['2020-04-01', 14.8, '2020-06-05'],
      ['2020-05-01', 13.3, '2020-06-05'],
    ]);
    assert.deepEqual(await points(s, q), [
      ['2020-04-01', 14.8, undefined],
      ['2020-05-01', 13.3, undefined],
    ]);
    const [row] = await s.data('/v1/vintages?country=USA&indicator=UNEMPLOYMENT');
    assert.deepEqual(row.vintage_dates, ['2020-05-08', '2020-06-05']);
  }

  it('output type 1 (a real-time period per observation)', async () => {
    const s = await served('alfred-observations-unrate.json', {
      output_type: 1,
      observations: [
        { realtime_start: '2020-05-08', realtime_end: '2020-06-04', date: '2020-04-01', value: '14.7' },
        { realtime_start: '2020-06-05', realtime_end: '9999-12-31', date: '2020-04-01', value: '14.8' },
        { realtime_start: '2020-06-05', realtime_end: '9999-12-31', date: '2020-05-01', value: '13.3' },
      ],
    });
    await expectTwoVintages(s);
  });

  it('output type 2 repeats unchanged values: no vintage from a repeat, known from its first column', async () => {
    const s = await served('alfred-wide-repeats-unrate.json', {
      output_type: 2,
      observations: [
        { date: '2020-04-01', UNRATE_20200508: '14.7', UNRATE_20200605: '14.8', UNRATE_20200702: '14.8' },
        { date: '2020-05-01', UNRATE_20200508: '.', UNRATE_20200605: '13.3', UNRATE_20200702: '13.3' },
      ],
    });
    await expectTwoVintages(s);
  });

  it('a value withdrawn (".") from a day is absent from then on, and no longer current', async () => {
    const s = await served('alfred-withdrawn-unrate.json', {
      output_type: 1,
      observations: [
        { realtime_start: '2020-05-08', realtime_end: '2020-06-04', date: '2020-04-01', value: '14.7' },
        { realtime_start: '2020-06-05', realtime_end: '9999-12-31', date: '2020-04-01', value: '.' },
        { realtime_start: '2020-06-05', realtime_end: '9999-12-31', date: '2020-05-01', value: '13.3' },
      ],
    });
    const q = 'country=USA&indicator=UNEMPLOYMENT&from=2020-04-01&to=2020-05-31';
    assert.deepEqual(await points(s, `${q}&as_of=2020-06-04`), [['2020-04-01', 14.7, '2020-05-08']]);
    assert.deepEqual(await points(s, `${q}&as_of=2020-06-05`), [['2020-05-01', 13.3, '2020-06-05']]);
    assert.deepEqual(await points(s, q), [['2020-05-01', 13.3, undefined]]);
  });

  it('a plain file, then ALFRED vintages of the same values: one version of a date on any day', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'econtrade-alfred-data-'));
    dirs.push(dir);
    const plain = path.join(work, 'fred-observations-unrate.json');
    const day = (d: string) => ({ realtime_start: d, realtime_end: d });
    writeFileSync(
      plain,
      JSON.stringify({ observations: [{ ...day('2020-06-01'), date: '2020-04-01', value: '14.7' }] }),
    );
    assert.equal((await ingestCli(dir, ['fred', plain])).code, 0);
    const alfred = path.join(work, 'alfred-later-unrate.json');
    writeFileSync(
      alfred,
      JSON.stringify({
        observations: [
          { realtime_start: '2020-05-08', realtime_end: '2020-06-04', date: '2020-04-01', value: '14.7' },
          { realtime_start: '2020-06-05', realtime_end: '9999-12-31', date: '2020-04-01', value: '14.8' },
        ],
      }),
    );
    assert.equal((await ingestCli(dir, ['fred', alfred])).code, 0);
    const s = await startTestServer({ dataDir: dir });
    servers.push(s);
    const q = 'country=USA&indicator=UNEMPLOYMENT&from=2020-04-01&to=2020-04-30';
    for (const [asOf, want] of [
      ['2020-05-07', []],
      ['2020-05-08', [['2020-04-01', 14.7, '2020-05-08']]],
      ['2020-06-02', [['2020-04-01', 14.7, '2020-05-08']]],
      ['2020-06-05', [['2020-04-01', 14.8, '2020-06-05']]],
    ] as const)
      assert.deepEqual(await points(s, `${q}&as_of=${asOf}`), want, asOf);
    const [row] = await s.data('/v1/vintages?country=USA&indicator=UNEMPLOYMENT');
    assert.deepEqual(row.vintage_dates, ['2020-05-08', '2020-06-05']);
  });

  it('output type 2 (a column per vintage, "." before a value was published)', async () => {
    const s = await served('alfred-wide-unrate.json', {
      output_type: 2,
      observations: [
        { date: '2020-04-01', UNRATE_20200508: '14.7', UNRATE_20200605: '14.8' },
        { date: '2020-05-01', UNRATE_20200508: '.', UNRATE_20200605: '13.3' },
      ],
    });
    await expectTwoVintages(s);
  });
});
