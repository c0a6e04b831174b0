import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { parse } from 'csv-parse/sync';
import { readCurrentName } from '../src/store/snapshot-layout.js';
import { ingestCli } from './helpers/processes.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { SHARED_DATA } from './helpers/paths.js';

const shared = SHARED_DATA;
const REAL_GDP = path.join(shared, 'worldbank/gdp-current-usd.csv');
const ISO_CODES = path.join(shared, 'countries/country-codes.csv');

describe('ingest reports: what was not loaded is summarised, bad rows are capped', () => {
  let dataDir: string;
  let work: string;
  let s: TestServer | undefined;
  before(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'econtrade-report-'));
    work = mkdtempSync(path.join(tmpdir(), 'econtrade-report-fixtures-'));
  });
  after(async () => {
    await s?.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(work, { recursive: true, force: true });
  });

  it('lists the first bad rows with their lines, then how many more, and loads nothing', async () => {
    const file = path.join(work, 'wb-bad.csv');
    const bad = Array.from({ length: 25 }, (_, k) => `France,FRA,20x${k},1`);
    writeFileSync(
      file,
      ['Country Name,Country Code,Year,Value', 'France,FRA,2021,2957879759263.55', ...bad].join('\n'),
    );
    const r = await ingestCli(dataDir, ['worldbank', file, '--indicator', 'NY.GDP.MKTP.CD']);
    assert.equal(r.code, 1);
    const lines = r.out
      .trim()
      .split('\n')
      .filter((l) => !l.startsWith('progress: ') && !l.startsWith('DATA_DIR '));
    const shown = lines.filter((l) => l.startsWith('bad row '));
    assert.equal(shown.length, 10);
    assert.equal(shown[0], 'bad row wb-bad.csv:3: period "20x0" is not an annual period');
    assert.ok(lines.includes('… and 15 more bad rows (25 in all)'), r.out);
    assert.match(r.out, /25 bad rows, more than the 0 allowed: nothing was loaded/);
    assert.equal(lines.length, 12, r.out);
    assert.equal(await readCurrentName(dataDir), undefined);
  });

  it(
    'the real World Bank GDP file: aggregates apart from countries, with names and row counts, in a few lines',
    { skip: !(existsSync(REAL_GDP) && existsSync(ISO_CODES)) && 'shared/data is not present' },
    async () => {
      const r = await ingestCli(dataDir, ['worldbank', REAL_GDP, '--indicator', 'NY.GDP.MKTP.CD']);
      assert.equal(r.code, 0, r.out);
      const lines = r.out
        .trim()
        .split('\n')
        .filter((l) => !l.startsWith('progress: ') && !l.startsWith('DATA_DIR '));
      assert.ok(lines.length <= 5, `a summary, not a line per code:\n${r.out}`);
      s = await startTestServer({ dataDir });
      // Independently: rows of codes outside the catalogue, split by whether the code is an ISO 3166 country.
      const catalogue = new Set((await s.get('/v1/countries')).body.data.map((c: any) => c.country_id as string));
      const isoCountries = new Set(
        (parse(readFileSync(ISO_CODES), { columns: true, bom: true }) as Array<Record<string, string>>).map(
          (c) => c['ISO3166-1-Alpha-3'],
        ),
      );
      isoCountries.add('XKX'); // Kosovo: a country, under the user-assigned code in common use
      const rows = parse(readFileSync(REAL_GDP), { columns: true, bom: true }) as Array<Record<string, string>>;
      const out = new Map<string, { name: string; rows: number }>();
      for (const row of rows) {
        const code = row['Country Code']!;
        if (catalogue.has(code)) continue;
        const e = out.get(code) ?? { name: row['Country Name']!, rows: 0 };
        e.rows++;
        out.set(code, e);
      }
      const total = [...out.values()].reduce((a, e) => a + e.rows, 0);
      assert.match(r.out, new RegExp(`^not loaded: ${total} rows under ${out.size} source codes$`, 'm'));
      const kinds = {
        aggregates: [...out].filter(([c]) => !isoCountries.has(c)),
        countries: [...out].filter(([c]) => isoCountries.has(c)),
      };
      const line = (label: RegExp) => lines.find((l) => label.test(l)) ?? '';
      const agg = line(/^ {2}aggregates/);
      const ctry = line(/^ {2}countries outside the catalogue/);
      const sum = (list: typeof kinds.aggregates) => list.reduce((a, [, e]) => a + e.rows, 0);
      assert.match(agg, new RegExp(`: ${kinds.aggregates.length} codes, ${sum(kinds.aggregates)} rows: `));
      assert.match(ctry, new RegExp(`: ${kinds.countries.length} codes, ${sum(kinds.countries)} rows: `));
      // Largest first, then by code: the first codes of each kind are listed with their names and rows.
      const order = (list: typeof kinds.aggregates) =>
        [...list].sort((a, b) => b[1].rows - a[1].rows || (a[0] < b[0] ? -1 : 1));
      for (const [text, list] of [
        [agg, kinds.aggregates],
        [ctry, kinds.countries],
      ] as const) {
        const first = order(list)
          .slice(0, 20)
          .map(([code, e]) => `${code} ${e.name} (${e.rows})`)
          .join(', ');
        assert.ok(text.includes(`rows: ${first}`), `${text}\nshould list ${first}`);
      }
      const wld = out.get('WLD')!;
      assert.ok(agg.includes(`WLD ${wld.name} (${wld.rows})`), agg);
      assert.ok(!ctry.includes('WLD ') && !agg.includes('DZA '));
    },
  );
});
