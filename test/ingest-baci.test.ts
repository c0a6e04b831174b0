import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { parse } from 'csv-parse/sync';
import { IngestError } from '../src/ingest/errors.js';
import { badRowLines } from '../src/ingest/report.js';
import { readCurrentName } from '../src/store/snapshot-layout.js';
import { ingest } from './helpers/ingest.js';
import { ingestCli } from './helpers/processes.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { SHARED_DATA } from './helpers/paths.js';

const shared = SHARED_DATA;
const BACI = path.join(shared, 'trade/baci-hs92-v202301-2021-zaf-afg.csv');
const BACI_COUNTRIES = path.join(shared, 'trade/baci-country-codes-v202201.csv');
const ISO_CODES = path.join(shared, 'countries/country-codes.csv');
const H0 = path.join(shared, 'hs/comtrade-classification-H0-hs1992.json');
const HS2022 = path.join(shared, 'hs/harmonized-system.csv');

/** The documented codes of areas without an ISO code (docs/decisions.md) that the file uses. */
const DOCUMENTED_AREAS: Record<number, string> = { 490: 'XA' };

/**
 * A decimal of the file as an exact integer of 10^-`places` units (thousand USD → USD,
 * tonnes → kg), without floating point.
 */
function units(text: string, places: number): bigint {
  const t = text.trim();
  const m = /^(\d*)(?:\.(\d*))?$/.exec(t);
  if (!m) throw new Error(`not a decimal: "${text}"`);
  const frac = (m[2] ?? '').padEnd(places, '0');
  if (frac.length > places) throw new Error(`more than ${places} decimals: "${text}"`);
  return BigInt((m[1] || '0') + frac);
}

interface Sum {
  value: bigint;
  qty: bigint;
  anyQty: boolean;
  rows: number;
}
const add = (map: Map<string, Sum>, key: string, [value, qty]: [bigint, bigint | null]) => {
  const s = map.get(key) ?? { value: 0n, qty: 0n, anyQty: false, rows: 0 };
  s.value += value;
  if (qty !== null) {
    s.qty += qty;
    s.anyQty = true;
  }
  s.rows++;
  map.set(key, s);
};

/** An exact API number as an integer (USD and kg of this file are whole). */
const whole = (n: number) => {
  assert.ok(Number.isSafeInteger(n), `${n} is not a whole number`);
  return BigInt(n);
};

describe(
  'ingest: BACI with a code list of another release',
  { skip: !(existsSync(BACI) && existsSync(ISO_CODES)) && 'shared/data is not present' },
  () => {
    let s: TestServer;
    let dataDir: string;
    let out: string;
    let rows: Array<Record<string, string>>;
    let iso: (code: string) => string | undefined;

    before(async () => {
      dataDir = mkdtempSync(path.join(tmpdir(), 'econtrade-baci-'));
      const r = await ingestCli(dataDir, ['baci', BACI, BACI_COUNTRIES]);
      assert.equal(r.code, 0, r.out);
      out = r.out;
      s = await startTestServer({ dataDir });
      rows = parse(readFileSync(BACI), { columns: true, bom: true, trim: true }) as Array<Record<string, string>>;
      // Independent placement: the release's list where it has an ISO code, the ISO 3166 numeric table otherwise.
      const list = parse(readFileSync(BACI_COUNTRIES, 'latin1'), { columns: true, bom: true }) as Array<
        Record<string, string>
      >;
      const std = parse(readFileSync(ISO_CODES), { columns: true, bom: true }) as Array<Record<string, string>>;
      const byNumeric = new Map(
        std.filter((c) => c['ISO3166-1-numeric']).map((c) => [Number(c['ISO3166-1-numeric']), c['ISO3166-1-Alpha-2']!]),
      );
      const byIso3 = new Map(std.map((c) => [c['ISO3166-1-Alpha-3']!, c['ISO3166-1-Alpha-2']!]));
      const listed = new Map(
        list.map((c) => {
          const a2 =
            c.iso_2digit_alpha && c.iso_2digit_alpha !== 'N/A'
              ? c.iso_2digit_alpha
              : byIso3.get(c.iso_3digit_alpha ?? '');
          return [Number(c.country_code), a2] as const;
        }),
      );
      iso = (code) => listed.get(Number(code)) ?? byNumeric.get(Number(code)) ?? DOCUMENTED_AREAS[Number(code)];
    });
    after(async () => {
      await s?.close();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('loads every row of the file: no bad row, nothing left out', () => {
      assert.equal(rows.length, 71192);
      assert.match(out, new RegExp(`: ${rows.length} annual flows, 0 monthly flows \\(HS 1992\\), 0 bad rows`));
      assert.doesNotMatch(out, /not loaded/);
      assert.match(out, /partners served under codes beyond the ISO list: XA Other Asia, nes/);
      const unplaced = rows.filter((r) => !iso(r.i!) || !iso(r.j!));
      assert.deepEqual(unplaced, [], 'the independent placement covers the file');
    });

    it('every exporter-partner total, value, quantity and row count equals the file to the last dollar', async () => {
      const pairs = new Map<string, Map<string, Sum>>();
      for (const r of rows) {
        const e = iso(r.i!)!;
        const m = pairs.get(e) ?? new Map<string, Sum>();
        const q = r.q!.trim();
        add(m, iso(r.j!)!, [units(r.v!, 3), q === 'NA' ? null : units(q, 3)]);
        pairs.set(e, m);
      }
      assert.deepEqual([...pairs.keys()].sort(), ['AF', 'ZA']);
      for (const [exporter, expected] of pairs) {
        const got = (await s.get(`/v1/trade/countries/${exporter}/partners?flow=export&from=2021&to=2021&limit=500`))
          .body.data;
        assert.equal(got.length, expected.size, `${exporter}: partners`);
        for (const p of got) {
          const e = expected.get(p.partner);
          assert.ok(e, `${exporter} → ${p.partner} is not in the file`);
          assert.equal(whole(p.value_usd), e.value, `${exporter} → ${p.partner} value`);
          assert.equal(
            p.quantity === null ? null : whole(p.quantity),
            e.anyQty ? e.qty : null,
            `${exporter} → ${p.partner} quantity (kg)`,
          );
          assert.equal(p.flow_count, e.rows, `${exporter} → ${p.partner} rows`);
        }
        const total = [...expected.values()].reduce((a, x) => a + x.value, 0n);
        const summary = (await s.get(`/v1/trade/summary?reporter=${exporter}&flow=export&from=2021&to=2021`)).body.data;
        assert.equal(whole(summary.trade_value), total, `${exporter} total exports`);
        const top = [...expected]
          .sort((a, b) => (b[1].value > a[1].value ? 1 : b[1].value < a[1].value ? -1 : a[0] < b[0] ? -1 : 1))
          .slice(0, 10);
        assert.deepEqual(
          summary.top_partners.map((t: any) => [t.partner, whole(t.value_usd)]),
          top.map(([k, v]) => [k, v.value]),
        );
        const series = (await s.get(`/v1/trade/countries/${exporter}/exports`)).body.data;
        assert.deepEqual(
          series.map((x: any) => [x.period, whole(x.value_usd), x.flow_count]),
          [['2021-01-01', total, [...expected.values()].reduce((a, x) => a + x.rows, 0)]],
        );
      }
      // Italy (380 in these flows, 381 in the code list) and Other Asia, nes (490, no ISO
      // code) are South Africa's partners.
      const za = pairs.get('ZA')!;
      const italy = rows.filter((r) => r.i === '710' && Number(r.j) === 380);
      assert.ok(italy.length > 0 && za.get('IT')!.rows === italy.length);
      assert.ok(za.get('XA')!.rows > 0);
    });

    it('every importer total equals the file, and so does the grand total', async () => {
      const importers = new Map<string, Sum>();
      let grand = 0n;
      for (const r of rows) {
        const v = units(r.v!, 3);
        add(importers, iso(r.j!)!, [v, null]);
        grand += v;
      }
      for (const [importer, e] of importers) {
        const got = (await s.get(`/v1/trade/countries/${importer}/imports?from=2021&to=2021`)).body.data;
        assert.deepEqual(
          got.map((x: any) => [whole(x.value_usd), x.flow_count]),
          [[e.value, e.rows]],
          `${importer} imports`,
        );
      }
      const all = (await s.get('/v1/trade/summary')).body.data;
      assert.equal(whole(all.trade_value), grand);
      // In USD: 2.16 bn of South Africa's exports go to Italy and Other Asia, nes.
      const za = (await s.get('/v1/trade/countries/ZA/partners?flow=export&limit=500')).body.data;
      const both = za
        .filter((p: any) => p.partner === 'IT' || p.partner === 'XA')
        .reduce((a: bigint, p: any) => a + whole(p.value_usd), 0n);
      const fromFile = rows
        .filter((r) => r.i === '710' && ['380', '490'].includes(String(Number(r.j))))
        .reduce((a, r) => a + units(r.v!, 3), 0n);
      assert.equal(both, fromFile);
      assert.ok(fromFile > 2_000_000_000n);
    });

    it('an area without an ISO code is found by country search and has a CountryDetail', async () => {
      for (const q of ['Other Asia', 'other asia, nes', 'XA']) {
        const found = (await s.get(`/v1/trade/countries?q=${encodeURIComponent(q)}`)).body.data;
        assert.deepEqual(found[0], { id: 'XA', iso3: null, name: 'Other Asia, nes', is_group: false }, q);
      }
      const detail = await s.get('/v1/trade/countries/xa');
      assert.equal(detail.status, 200);
      assert.equal(detail.body.data.id, 'XA');
      assert.equal(detail.body.data.region, 'Asia');
      assert.equal(detail.body.data.is_group, false);
      assert.deepEqual(
        (await s.get('/v1/trade/coverage')).body.data.map((c: any) => c.country),
        ['AF', 'ZA'],
      );
    });

    it(
      'flows keep HS 1992; after the HS 1992 nomenclature every BACI code has its HS 1992 name',
      { skip: !existsSync(H0) && 'shared/data is not present' },
      async () => {
        // Before: the codes are kept and named as HS 1992 codes without a name.
        assert.match(out, /kept \d+ HS 1992 codes the loaded nomenclature lacks/);
        const r = await ingestCli(dataDir, ['hs', H0]);
        assert.equal(r.code, 0, r.out);
        assert.match(r.out, /HS 1992: 5040 HS6 codes/);
        await s.refresh();
        const doc = JSON.parse(readFileSync(H0, 'utf8')) as { results: Array<{ id: string; text: string }> };
        const h0 = new Map(
          doc.results.filter((x) => /^\d{6}$/.test(x.id)).map((x) => [x.id, x.text.slice(x.id.length + 3).trim()]),
        );
        const codes = new Set(rows.map((x) => x.k!.padStart(6, '0')));
        const byChapter = new Map<string, number>();
        for (const x of rows)
          byChapter.set(x.k!.padStart(6, '0').slice(0, 2), (byChapter.get(x.k!.padStart(6, '0').slice(0, 2)) ?? 0) + 1);
        let named = 0;
        let flows = 0;
        for (const [chapter, n] of byChapter) {
          const matches = (await s.get(`/v1/trade/products/${chapter}`)).body.data.matches as Array<{
            hs6: string;
            hs_version: number;
            name: string;
          }>;
          for (const code of [...codes].filter((c) => c.startsWith(chapter))) {
            const m = matches.find((x) => x.hs6 === code && x.hs_version === 1992);
            assert.ok(m, `${code} has an HS 1992 row`);
            assert.equal(m.name, h0.get(code), `${code} HS 1992 name`);
            named++;
          }
          assert.ok(n <= 10000);
          const got = (await s.get(`/v1/trade?product=${chapter}&limit=10000`)).body.data as Array<{
            hs_version: number;
          }>;
          assert.equal(got.length, n, `chapter ${chapter} rows`);
          assert.deepEqual([...new Set(got.map((x) => x.hs_version))], [1992], `chapter ${chapter} editions`);
          flows += got.length;
        }
        assert.equal(named, codes.size);
        assert.equal(flows, rows.length);
        const found = (await s.get('/v1/trade/products?q=010111')).body.data;
        assert.deepEqual(found, [{ hs6: '010111', hs_version: 1992, name: h0.get('010111') }]);
      },
    );

    it(
      'loading the HS 2022 nomenclature keeps HS 1992: codes of both editions are named from their own edition',
      { skip: !(existsSync(H0) && existsSync(HS2022)) && 'shared/data is not present' },
      async () => {
        // In-process: the CLI's line for these editions is checked after the HS 1992 nomenclature above.
        const r = await ingest(dataDir, 'hs', { files: [HS2022] });
        assert.deepEqual(
          r.editions.map((e) => [e.hs_version, e.codes, e.loaded ? 'loaded' : 'kept']),
          [
            [1992, 5040, 'kept'],
            [2022, 5613, 'loaded'],
          ],
        );
        await s.refresh();
        const doc = JSON.parse(readFileSync(H0, 'utf8')) as { results: Array<{ id: string; text: string }> };
        const h0 = new Map(
          doc.results.filter((x) => /^\d{6}$/.test(x.id)).map((x) => [x.id, x.text.slice(x.id.length + 3).trim()]),
        );
        const hs22 = new Map(
          (parse(readFileSync(HS2022), { columns: true, bom: true }) as Array<Record<string, string>>)
            .filter((x) => x.level === '6')
            .map((x) => [x.hscode!, x.description!.trim()]),
        );
        const both = [...h0.keys()].find((c) => hs22.has(c) && hs22.get(c) !== h0.get(c))!;
        const only92 = [...h0.keys()].find((c) => !hs22.has(c))!;
        const only22 = [...hs22.keys()].find((c) => !h0.has(c))!;
        const matches = async (code: string) =>
          (await s.get(`/v1/trade/products/${code}`)).body.data.matches.map((m: any) => [m.hs_version, m.name]);
        assert.deepEqual(await matches(both), [
          [1992, h0.get(both)],
          [2022, hs22.get(both)],
        ]);
        assert.deepEqual(await matches(only92), [[1992, h0.get(only92)]]);
        assert.deepEqual(await matches(only22), [[2022, hs22.get(only22)]]);
        const search = (await s.get(`/v1/trade/products?q=${both}`)).body.data;
        assert.deepEqual(
          search.map((x: any) => x.hs_version),
          [1992, 2022],
        );
        const flows = (await s.get('/v1/trade?reporter=ZA&flow=export&limit=50')).body.data;
        assert.ok(flows.length === 50 && flows.every((x: any) => x.hs_version === 1992));
      },
    );
  },
);

describe('ingest: BACI rows that cannot be placed', () => {
  let dataDir: string;
  let work: string;
  before(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'econtrade-baci-bad-'));
    work = mkdtempSync(path.join(tmpdir(), 'econtrade-baci-fixtures-'));
  });
  after(() => {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(work, { recursive: true, force: true });
  });

  it('reports each with its line and fails past --max-bad-rows; special areas get their documented codes', async () => {
    const flows = path.join(work, 'baci-hs92-fixture.csv');
    writeFileSync(
      flows,
      [
        '"t","i","j","k","v","q"',
        '2021,710,999,850760,1,NA',
        '2021,710,837,850760,2,NA',
        '2021,710,899,850760,3,NA',
        '2021,710,838,850760,4,NA',
        '2021,710,839,850760,5,NA',
        '2021,710,536,850760,6,NA',
        '2021,710,842,850760,7,NA',
        '2021,710,381,850760,8,NA',
      ].join('\n'),
    );
    const codes = path.join(work, 'country-codes.csv');
    writeFileSync(
      codes,
      [
        '"country_code","country_name_abbreviation","country_name_full","iso_2digit_alpha","iso_3digit_alpha"',
        '710,"South Africa","South Africa","ZA","ZAF"',
        '999,"Nowhere, nes","Nowhere, not elsewhere specified","N/A","N/A"',
      ].join('\n'),
    );
    // In-process: the CLI's listing of bad rows and its exit code are checked in test/ingest-reports.test.ts.
    const failed = await ingest(dataDir, 'baci', { files: [flows, codes] }).then(
      () => assert.fail('the ingest should fail'),
      (e: unknown) => e,
    );
    assert.ok(failed instanceof IngestError, String(failed));
    assert.match(
      badRowLines(failed.badRows).join('\n'),
      /bad row baci-hs92-fixture\.csv:2: importer "999" \(Nowhere, not elsewhere specified\) has no ISO code/,
    );
    assert.match(failed.message, /1 bad rows, more than the 0 allowed: nothing was loaded/);
    assert.equal(await readCurrentName(dataDir), undefined);
    const ok = await ingestCli(dataDir, ['baci', flows, codes, '--max-bad-rows', '1']);
    assert.equal(ok.code, 0, ok.out);
    const s = await startTestServer({ dataDir });
    try {
      const partners = (await s.get('/v1/trade/countries/ZA/partners?flow=export')).body.data;
      assert.deepEqual(partners.map((p: any) => [p.partner, p.value_usd]).sort(), [
        ['IT', 8000],
        ['US', 7000],
        ['XB', 3000],
        ['XC', 2000],
        ['XD', 4000],
        ['XE', 5000],
        ['XF', 6000],
      ]);
      for (const [code, name] of [
        ['XB', 'Areas, nes'],
        ['XC', 'Bunkers'],
        ['XD', 'Free Zones'],
        ['XE', 'Special Categories'],
        ['XF', 'Neutral Zone'],
      ]) {
        const found = (await s.get(`/v1/trade/countries?q=${encodeURIComponent(name!)}`)).body.data;
        assert.equal(found[0]?.id, code, name);
        assert.equal((await s.get(`/v1/trade/countries/${code}`)).body.data.name, name);
      }
    } finally {
      await s.close();
    }
  });
});
