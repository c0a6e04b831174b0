import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { periodStart } from '../src/ingest/collector.js';
import { readFred } from '../src/ingest/adapters/fred.js';
import { readJsonStat } from '../src/ingest/adapters/jsonstat.js';
import { readSdmx } from '../src/ingest/adapters/sdmx.js';
import { readWorldBank } from '../src/ingest/adapters/worldbank.js';
import { loadMapping } from '../src/ingest/mapping.js';
import { SHARED_DATA } from './helpers/paths.js';

const formats = path.join(SHARED_DATA, 'econ-formats');
const real = (f: string) => path.join(formats, f);
const skipReal = (f: string) => !existsSync(real(f)) && 'shared/data is not present';

describe('economics adapters', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'econtrade-formats-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  const write = (name: string, content: unknown) => {
    const file = path.join(dir, name);
    writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
    return file;
  };

  it('reads periods as the first day of the period, and refuses the wrong frequency', () => {
    assert.equal(periodStart('2023', 'annual'), '2023-01-01');
    assert.equal(periodStart('2023Q3', 'quarterly'), '2023-07-01');
    assert.equal(periodStart('2023-Q3', 'quarterly'), '2023-07-01');
    assert.equal(periodStart('2023-07', 'monthly'), '2023-07-01');
    assert.equal(periodStart('2023M07', 'monthly'), '2023-07-01');
    assert.equal(periodStart('2023-07-14', 'daily'), '2023-07-14');
    assert.equal(periodStart('2023-07-14', 'monthly'), undefined);
    assert.equal(periodStart('2023-02-30', 'daily'), undefined);
    assert.equal(periodStart('2023', 'monthly'), undefined);
  });

  it('FRED: maps the series, skips "." (no value), reports a bad value with its line', () => {
    const file = write('fred-observations-unrate.json', {
      observations: [
        { date: '2020-01-01', value: '3.6' },
        { date: '2020-02-01', value: '.' },
        { date: '2020-03-01', value: 'x' },
        { date: '2020-04-01', value: '14.8' },
      ],
    });
    const b = readFred([file], {}, loadMapping('fred'));
    assert.deepEqual(
      b.observations.map((o) => [o.country_id, o.kpi_id, o.frequency, o.date, o.value]),
      [
        ['USA', 'UNEMPLOYMENT', 'monthly', '2020-01-01', 3.6],
        ['USA', 'UNEMPLOYMENT', 'monthly', '2020-04-01', 14.8],
      ],
    );
    assert.deepEqual(b.badRows, [
      { file: 'fred-observations-unrate.json', line: 3, reason: 'value "x" is not a number' },
    ]);
    assert.match(b.provenance.source_name, /FRED/);
  });

  it('JSON-stat: walks the cube in row-major order, maps ISO2 areas, reports unmapped ones', () => {
    const file = write('tiny.json', {
      version: '2.0',
      class: 'dataset',
      id: ['concept', 'area', 'year'],
      size: [1, 3, 2],
      dimension: {
        concept: { category: { index: ['UNR'] } },
        area: { category: { index: { FR: 0, JP: 1, XX: 2 } } },
        year: { category: { index: ['2019', '2020'] } },
      },
      value: [8.4, 8.0, 2.4, 2.8, 1, 2],
      status: { 1: 'e' },
    });
    const b = readJsonStat([file], loadMapping('jsonstat'));
    assert.deepEqual(
      b.observations.map((o) => [o.country_id, o.date, o.value, o.obs_status]),
      [
        ['FRA', '2019-01-01', 8.4, null],
        ['FRA', '2020-01-01', 8.0, 'estimated'],
        ['JPN', '2019-01-01', 2.4, null],
        ['JPN', '2020-01-01', 2.8, null],
      ],
    );
    assert.deepEqual([...b.unmapped], [['aggregate XX', 2]]); // no ISO country: reported apart from countries
  });

  it('SDMX-JSON: series keys through the mapping rules', () => {
    const file = write('tiny-sdmx.json', {
      structure: {
        dimensions: {
          dataSet: [
            { id: 'FREQ', values: [{ id: 'M' }] },
            { id: 'CURRENCY_DENOM', values: [{ id: 'EUR' }] },
            { id: 'EXR_TYPE', values: [{ id: 'SP00' }] },
            { id: 'EXR_SUFFIX', values: [{ id: 'A' }] },
          ],
          series: [{ id: 'CURRENCY', values: [{ id: 'JPY' }, { id: 'XAU' }] }],
          observation: [{ id: 'TIME_PERIOD', values: [{ id: '2024-01' }, { id: '2024-02' }] }],
        },
        attributes: { observation: [{ id: 'OBS_STATUS', values: [{ id: 'A' }, { id: 'P' }] }] },
      },
      dataSets: [
        {
          series: {
            '0': { observations: { '0': [160.1, 0], '1': [158.5, 1] } },
            '1': { observations: { '0': [1900, 0] } },
          },
        },
      ],
    });
    const b = readSdmx([file], loadMapping('sdmx'));
    assert.deepEqual(
      b.observations.map((o) => [o.country_id, o.kpi_id, o.frequency, o.date, o.value, o.obs_status]),
      [
        ['JPN', 'FX_EUR', 'monthly', '2024-01-01', 160.1, null],
        ['JPN', 'FX_EUR', 'monthly', '2024-02-01', 158.5, 'provisional'],
      ],
    );
    assert.deepEqual([...b.unmapped], [['aggregate XAU', 1]]);
  });

  it(
    'World Bank v2 JSON on the real file',
    { skip: skipReal('worldbank-v2-usa-gni-per-capita-1990-1997.json') },
    () => {
      const b = readWorldBank([real('worldbank-v2-usa-gni-per-capita-1990-1997.json')], {}, loadMapping('worldbank'));
      assert.equal(b.observations.length, 8);
      assert.ok(
        b.observations.every(
          (o) => o.country_id === 'USA' && o.kpi_id === 'GNI_PER_CAPITA' && o.frequency === 'annual',
        ),
      );
      assert.equal(b.observations.find((o) => o.date === '1997-01-01')!.value, 31270);
    },
  );

  it('FRED on the real file: US real GNP, annual', { skip: skipReal('fred-observations-gnpca.json') }, () => {
    const doc = JSON.parse(readFileSync(real('fred-observations-gnpca.json'), 'utf8'));
    const b = readFred([real('fred-observations-gnpca.json')], {}, loadMapping('fred'));
    assert.equal(b.observations.length, doc.observations.length);
    assert.deepEqual(b.observations[0], {
      country_id: 'USA',
      kpi_id: 'GNP_REAL',
      frequency: 'annual',
      date: doc.observations[0].date,
      value: Number(doc.observations[0].value),
      obs_status: null,
      // The file's real-time period: the value as FRED published it on that day.
      realtime_start: doc.observations[0].realtime_start,
    });
    assert.equal(b.revisions, undefined, 'one vintage: no revision');
  });

  it(
    'SDMX-ML 2.1 generic on the real ECB file: USD per euro, monthly',
    { skip: skipReal('ecb-exr-m-usd-eur-sdmxml21.xml') },
    () => {
      const xml = readFileSync(real('ecb-exr-m-usd-eur-sdmxml21.xml'), 'utf8');
      const b = readSdmx([real('ecb-exr-m-usd-eur-sdmxml21.xml')], loadMapping('sdmx'));
      assert.equal(b.observations.length, (xml.match(/<generic:Obs>/g) ?? []).length);
      assert.deepEqual(b.observations[0], {
        country_id: 'USA',
        kpi_id: 'FX_EUR',
        frequency: 'monthly',
        date: '1999-01-01',
        value: 1.16078,
        obs_status: null,
      });
    },
  );

  it(
    'SDMX-JSON on the real ECB sample: daily rates of two currencies',
    { skip: skipReal('ecb-exr-sample-sdmxjson10.json') },
    () => {
      const b = readSdmx([real('ecb-exr-sample-sdmxjson10.json')], loadMapping('sdmx'));
      assert.deepEqual(
        b.observations.map((o) => [o.country_id, o.frequency, o.date, o.value]),
        [
          ['NZL', 'daily', '2013-01-18', 1.5931],
          ['NZL', 'daily', '2013-01-21', 1.5925],
          ['RUS', 'daily', '2013-01-18', 40.3426],
          ['RUS', 'daily', '2013-01-21', 40.3],
        ],
      );
    },
  );

  it(
    'JSON-stat on the real OECD file: unemployment of the 33 catalogue countries (UK included), 2003–2014',
    { skip: skipReal('oecd-unemployment-jsonstat2.json') },
    () => {
      const doc = JSON.parse(readFileSync(real('oecd-unemployment-jsonstat2.json'), 'utf8'));
      const b = readJsonStat([real('oecd-unemployment-jsonstat2.json')], loadMapping('jsonstat'));
      const fr = b.observations.filter((o) => o.country_id === 'FRA');
      assert.equal(fr.length, 12);
      const fi = doc.dimension.area.category.index.FR as number;
      assert.equal(fr[0]!.value, doc.value[fi * 12]);
      const countries = new Set(b.observations.map((o) => o.country_id));
      assert.equal(countries.size, 33);
      // The OECD writes the United Kingdom `UK` and Greece `GR`: both are ours by default.
      assert.ok(countries.has('GBR') && countries.has('GRC'));
      assert.ok(b.observations.every((o) => o.kpi_id === 'UNEMPLOYMENT' && o.frequency === 'annual'));
    },
  );
});
