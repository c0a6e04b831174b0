import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { readSdmx } from '../src/ingest/adapters/sdmx.js';
import { loadMapping } from '../src/ingest/mapping.js';
import type { SdmxObservation } from '../src/ingest/sdmx/observation.js';
import { readSdmxFileSync, sdmxObservations } from '../src/ingest/sdmx/read.js';
import { ROOT, SHARED_DATA } from './helpers/paths.js';

const FIXTURES = path.join(ROOT, 'test', 'fixtures', 'sdmx');
const REAL = path.join(SHARED_DATA, 'sdmx');
const skipReal = !existsSync(REAL) && 'shared/data/sdmx is not present';

/** Every observation and bad row of a file, in order. */
function read(file: string): { obs: SdmxObservation[]; bad: Array<[number, string]> } {
  const obs: SdmxObservation[] = [];
  const bad: Array<[number, string]> = [];
  readSdmxFileSync(file, { observation: (o) => obs.push(o), bad: (line, reason) => bad.push([line, reason]) });
  return { obs, bad };
}

/** An observation as one comparable line: its dimensions (time among them) sorted by id, and its value. */
const lineOf = (o: SdmxObservation) =>
  [
    ...Object.entries({ ...o.key, TIME_PERIOD: o.period })
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([k, v]) => `${k}=${v}`),
    String(o.value),
  ].join(' ');

describe('SDMX readers', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'econtrade-sdmx-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  const write = (name: string, content: string) => {
    const file = path.join(dir, name);
    writeFileSync(file, content);
    return file;
  };

  it('SDMX-ML generic, time at the observation: keys, group, series and observation attributes merged', () => {
    const { obs, bad } = read(path.join(FIXTURES, 'generic-ts.xml'));
    assert.deepEqual(bad, []);
    assert.equal(obs.length, 6);
    assert.deepEqual(obs[0], {
      key: { FREQ: 'Q', REF_AREA: 'DE', INDICATOR: 'GDP' },
      period: '2024-Q1',
      value: 1.5,
      attributes: { UNIT_MULT: '3', TITLE: 'Germany & more', UNIT_MEASURE: 'EUR', OBS_STATUS: 'A' },
      action: 'replace',
      line: 21,
    });
    assert.equal(obs[2]!.value, null, 'NaN is no value');
    assert.deepEqual(obs[4]!.attributes, { OBS_STATUS: 'E' }, "another area's series has none of DE's group");
  });

  it('SDMX-ML generic across a dimension (cross-section) and flat (AllDimensions)', () => {
    const head = (at: string) =>
      `<message:GenericData xmlns:message="m" xmlns:generic="g"><message:Header>` +
      `<message:Structure structureID="S" dimensionAtObservation="${at}"/></message:Header>` +
      `<message:DataSet structureRef="S">`;
    const xs = write(
      'xs.xml',
      head('CURRENCY') +
        `<generic:Group><generic:GroupKey><generic:Value id="CURRENCY" value="GBP"/></generic:GroupKey>` +
        `<generic:Attributes><generic:Value id="TITLE" value="Pound"/></generic:Attributes></generic:Group>` +
        `<generic:Series><generic:SeriesKey><generic:Value id="FREQ" value="M"/>` +
        `<generic:Value id="TIME_PERIOD" value="2010-08"/></generic:SeriesKey>` +
        `<generic:Obs><generic:ObsDimension id="CURRENCY" value="CHF"/>` +
        `<generic:ObsValue value="1.3413"/></generic:Obs>` +
        `<generic:Obs><generic:ObsDimension value="GBP"/><generic:ObsValue value="0.82363"/></generic:Obs>` +
        `</generic:Series></message:DataSet></message:GenericData>`,
    );
    const xsObs = read(xs).obs;
    assert.deepEqual(xsObs.map(lineOf), [
      'CURRENCY=CHF FREQ=M TIME_PERIOD=2010-08 1.3413',
      'CURRENCY=GBP FREQ=M TIME_PERIOD=2010-08 0.82363',
    ]);
    // A group keyed by the dimension at the observation applies to that observation only.
    assert.deepEqual(
      xsObs.map((o) => o.attributes),
      [{}, { TITLE: 'Pound' }],
    );
    const flat = write(
      'flat.xml',
      head('AllDimensions') +
        `<generic:Obs><generic:ObsKey><generic:Value id="FREQ" value="A"/>` +
        `<generic:Value id="TIME_PERIOD" value="2020"/>` +
        `</generic:ObsKey><generic:ObsValue value="-4e2"/></generic:Obs></message:DataSet></message:GenericData>`,
    );
    assert.deepEqual(read(flat).obs.map(lineOf), ['FREQ=A TIME_PERIOD=2020 -400']);
  });

  it('SDMX-ML structure-specific, any prefix: time series with a group, cross-section, flat; a Delete data set', () => {
    const ts = write(
      'ss-ts.xml',
      `<x:StructureSpecificTimeSeriesData xmlns:x="m" xmlns:d="d"><x:Header><x:Structure structureID="S" ` +
        `dimensionAtObservation="TIME_PERIOD"/></x:Header><x:DataSet d:structureRef="S">` +
        `<Group type="G" REF_AREA="DE" TITLE="Germany"/>` +
        `<Series FREQ="A" REF_AREA="DE" UNIT_MULT="2"><Obs TIME_PERIOD="2024" OBS_VALUE="1.25" OBS_STATUS="P" ` +
        `NOTE="n"/></Series><Series FREQ="A" REF_AREA="FR"><Obs TIME_PERIOD="2024" OBS_VALUE="3"/></Series>` +
        `</x:DataSet></x:StructureSpecificTimeSeriesData>`,
    );
    const { obs } = read(ts);
    assert.deepEqual(
      obs.map((o) => [o.key, o.period, o.value, o.attributes]),
      [
        [{ FREQ: 'A', REF_AREA: 'DE' }, '2024', 1.25, { TITLE: 'Germany', UNIT_MULT: '2', OBS_STATUS: 'P', NOTE: 'n' }],
        [{ FREQ: 'A', REF_AREA: 'FR' }, '2024', 3, {}],
      ],
    );
    const xs = read(path.join(FIXTURES, 'structure-specific-xs.xml')).obs;
    assert.deepEqual(xs.map(lineOf), [
      'FREQ=S INDICATOR=GDP REF_AREA=DE TIME_PERIOD=2024-S1 10',
      'FREQ=S INDICATOR=GDP REF_AREA=FR TIME_PERIOD=2024-S1 11',
    ]);
    assert.ok(
      xs.every((o) => o.action === 'delete'),
      "the header's DataSetAction Delete",
    );
    const flat = write(
      'ss-flat.xml',
      `<StructureSpecificData><Header><Structure dimensionAtObservation="AllDimensions"/></Header>` +
        `<DataSet action="Replace"><Obs FREQ="M" REF_AREA="IT" TIME_PERIOD="2024-02" OBS_VALUE="5" DECIMALS="2"/>` +
        `</DataSet></StructureSpecificData>`,
    );
    assert.deepEqual(read(flat).obs, [
      {
        key: { FREQ: 'M', REF_AREA: 'IT' },
        period: '2024-02',
        value: 5,
        attributes: { DECIMALS: '2' },
        action: 'replace',
        line: 1,
      },
    ]);
  });

  it('SDMX-JSON 1.0: series and flat data sets by positions, attributes by index, a Delete data set', () => {
    const structure = {
      dimensions: {
        dataSet: [{ id: 'FREQ', values: [{ id: 'D' }] }],
        series: [{ id: 'CURRENCY', values: [{ id: 'NZD' }, { id: 'RUB' }] }],
        observation: [{ id: 'TIME_PERIOD', role: 'time', values: [{ id: '2013-01-18' }, { id: '2013-01-21' }] }],
      },
      attributes: { observation: [{ id: 'OBS_STATUS', values: [{ id: 'A' }, { id: 'P' }] }] },
    };
    const series = write(
      'series.json',
      JSON.stringify({
        structure,
        dataSets: [
          { action: 'Information', series: { '0': { observations: { '0': [1.5931, 0], '1': [1.5925, 1] } } } },
          { action: 'Delete', series: { '1': { observations: { '1': [40.3, null] } } } },
        ],
      }),
    );
    const { obs, bad } = read(series);
    assert.deepEqual(bad, []);
    assert.deepEqual(
      obs.map((o) => [lineOf(o), o.attributes, o.action, o.line]),
      [
        ['CURRENCY=NZD FREQ=D TIME_PERIOD=2013-01-18 1.5931', { OBS_STATUS: 'A' }, 'replace', 1],
        ['CURRENCY=NZD FREQ=D TIME_PERIOD=2013-01-21 1.5925', { OBS_STATUS: 'P' }, 'replace', 2],
        ['CURRENCY=RUB FREQ=D TIME_PERIOD=2013-01-21 40.3', {}, 'delete', 3],
      ],
    );
    const flatStructure = {
      ...structure,
      dimensions: {
        ...structure.dimensions,
        series: [],
        observation: [...structure.dimensions.series, ...structure.dimensions.observation],
      },
    };
    const flat = write(
      'flat.json',
      JSON.stringify({ structure: flatStructure, dataSets: [{ observations: { '1:0': [40.3426], '9:0': [1] } }] }),
    );
    const f = read(flat);
    assert.deepEqual(f.obs.map(lineOf), ['CURRENCY=RUB FREQ=D TIME_PERIOD=2013-01-18 40.3426']);
    assert.equal(f.bad.length, 1, 'a position no dimension value has');
  });

  it('SDMX-JSON 2.0: structures under data, measures before attributes, uncoded values', () => {
    const { obs, bad } = read(path.join(FIXTURES, 'json-2.0.json'));
    assert.deepEqual(bad, []);
    assert.deepEqual(
      obs.map((o) => [lineOf(o), o.attributes]),
      [
        ['FREQ=A INDICATOR=GDP REF_AREA=DE TIME_PERIOD=2023 4.1', { UNIT_MULT: '6', OBS_STATUS: 'A' }],
        ['FREQ=A INDICATOR=GDP REF_AREA=DE TIME_PERIOD=2024-A1 4.2', { UNIT_MULT: '6', OBS_STATUS: 'E' }],
        ['FREQ=W INDICATOR=GDP REF_AREA=IT TIME_PERIOD=2024-W05 7', {}],
      ],
    );
  });

  it('SDMX-CSV 1.0 and 2.0: separators, labels, a decimal comma, ACTION D, quoted line breaks', () => {
    const v1 = write(
      'v1.csv',
      'DATAFLOW,FREQ,REF_AREA,TIME_PERIOD,OBS_VALUE,OBS_STATUS,UNIT_MULT\n' +
        'ECB:EXR(1.0),Q,DE,2024-Q3,1.5,A,0\nECB:EXR(1.0),Q,DE,2024-Q4,,M,0\n',
    );
    assert.deepEqual(
      read(v1).obs.map((o) => [lineOf(o), o.attributes, o.line]),
      [
        ['FREQ=Q REF_AREA=DE TIME_PERIOD=2024-Q3 1.5', { OBS_STATUS: 'A', UNIT_MULT: '0' }, 2],
        ['FREQ=Q REF_AREA=DE TIME_PERIOD=2024-Q4 null', { OBS_STATUS: 'M', UNIT_MULT: '0' }, 3],
      ],
    );
    const { obs, bad } = read(path.join(FIXTURES, 'csv-2.0.csv'));
    assert.deepEqual(
      obs.map((o) => [lineOf(o), o.action, o.line]),
      [
        ['FREQ=A INDICATOR=GDP REF_AREA=DE TIME_PERIOD=2022 12.5', 'replace', 2],
        ['FREQ=A INDICATOR=GDP REF_AREA=DE TIME_PERIOD=2023 13', 'replace', 3],
        ['FREQ=A INDICATOR=GDP REF_AREA=DE TIME_PERIOD=2021 null', 'delete', 5],
      ],
    );
    assert.deepEqual(bad, [[6, 'value "x" is not a number']]);
  });

  it('streams: observations come out before the message has all come in, whatever the pieces', async () => {
    const text = readFileSync(path.join(FIXTURES, 'generic-ts.xml'), 'utf8');
    let fed = 0;
    async function* pieces(size: number) {
      for (let i = 0; i < text.length; i += size) {
        fed = i + size;
        yield Buffer.from(text.slice(i, i + size));
      }
    }
    const whole = read(path.join(FIXTURES, 'generic-ts.xml')).obs;
    for (const size of [1, 7, 4096]) {
      const got: SdmxObservation[] = [];
      let fedAtFirst = -1;
      for await (const o of sdmxObservations(pieces(size))) {
        if (got.length === 0) fedAtFirst = fed;
        got.push(o);
      }
      assert.deepEqual(got, whole, `pieces of ${size}`);
      const firstEnd = text.indexOf('</generic:Obs>') + '</generic:Obs>'.length;
      assert.ok(fedAtFirst < firstEnd + size, 'the first observation as soon as its element has come in');
    }
  });

  it('reads a message after a byte-order mark, whatever its format', () => {
    const bom = '\uFEFF';
    const json = JSON.stringify({
      structure: {
        dimensions: { series: [], observation: [{ id: 'TIME_PERIOD', values: [{ id: '2020' }] }] },
      },
      dataSets: [{ observations: { '0': [1] } }],
    });
    const xml =
      '<GenericData><DataSet><Obs><ObsDimension value="2020"/><ObsValue value="1"/></Obs></DataSet></GenericData>';
    const csv = 'DATAFLOW,TIME_PERIOD,OBS_VALUE\nX:Y(1.0),2020,1\n';
    for (const [name, text] of [
      ['bom.json', json],
      ['bom.xml', xml],
      ['bom.csv', csv],
    ] as const)
      assert.deepEqual(read(write(name, bom + text)).obs.map(lineOf), ['TIME_PERIOD=2020 1'], name);
  });

  it('refuses a document type declaration, other XML and other content', () => {
    const doctype = write(
      'doctype.xml',
      '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]><GenericData><DataSet/></GenericData>',
    );
    assert.throws(() => read(doctype), /document type declaration/);
    assert.throws(() => read(write('other.xml', '<html><body/></html>')), /not an SDMX-ML 2.1 data message/);
    assert.throws(() => read(write('other.txt', 'year,value\n2020,1\n')), /not an SDMX data message/);
    assert.throws(() => read(write('cut.xml', '<GenericData><DataSet>')), /line 1/);
  });
});

describe('sdmx ingest adapter', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'econtrade-sdmx-adapter-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  const mappingFile = path.join(dir, 'mapping.json');
  writeFileSync(
    mappingFile,
    JSON.stringify({
      series: [{ match: { INDICATOR: 'GDP' }, kpi_id: 'GDP_TEST', country_dimension: 'REF_AREA' }],
      frequencies: { S: 'annual' },
    }),
  );
  const mapping = loadMapping('sdmx', mappingFile);

  it('maps series through the mapping, applies §7 (status, UNIT_MULT, forecasts, missing), reports bad periods', () => {
    const file = path.join(FIXTURES, 'generic-ts.xml');
    const b = readSdmx([file], mapping);
    assert.deepEqual(
      b.observations.map((o) => [o.country_id, o.kpi_id, o.frequency, o.date, o.value, o.obs_status]),
      [
        ['DEU', 'GDP_TEST', 'quarterly', '2024-01-01', 1500, null],
        ['DEU', 'GDP_TEST', 'quarterly', '2024-04-01', 1700, 'provisional'],
        ['FRA', 'GDP_TEST', 'monthly', '2024-07-01', 2, 'estimated'],
      ],
    );
    assert.deepEqual(b.skipped, { deleted: 0, forecast: 1, missing: 1 });
    const obsLine = readFileSync(file, 'utf8')
      .split('\n')
      .findIndex((l) => l.includes('"2024-7"'));
    assert.deepEqual(b.badRows, [
      { file: 'generic-ts.xml', line: obsLine, reason: 'period "2024-7" is not an SDMX time period' },
    ]);
  });

  it('reads every format through one entry point; withdrawn observations are counted, not loaded', () => {
    const files = ['structure-specific-xs.xml', 'json-2.0.json', 'csv-2.0.csv'].map((f) => path.join(FIXTURES, f));
    const b = readSdmx(files, mapping);
    assert.deepEqual(
      b.observations.map((o) => [o.country_id, o.frequency, o.date, o.value, o.obs_status]),
      [
        ['DEU', 'annual', '2023-01-01', 4100000, null],
        ['DEU', 'annual', '2024-01-01', 4200000, 'estimated'],
        ['DEU', 'annual', '2022-01-01', 12.5, null],
        ['DEU', 'annual', '2023-01-01', 13, 'provisional'],
      ],
    );
    assert.equal(b.skipped.deleted, 3, 'the Delete data set (2) and the CSV row of ACTION D');
    assert.deepEqual(
      b.badRows.map((r) => [r.file, r.line, r.reason]),
      [
        ['json-2.0.json', 3, 'period "2024-W05" is weekly, a frequency the catalogue does not have'],
        ['csv-2.0.csv', 6, 'value "x" is not a number'],
      ],
    );
    assert.deepEqual([...b.unmapped], []);
  });

  it('dates every period shape by its first day, checked against the series frequency', () => {
    const file = path.join(dir, 'periods.csv');
    const rows = [
      ['A', '2024'],
      ['A', '2023-A1'],
      ['Q', '2024-Q3'],
      ['Q', '2024Q4'],
      ['M', '2024-07'],
      ['M', '2024-M08'],
      ['D', '2024-07-15'],
      ['M', '2024'],
      ['D', '2024-W05'],
      ['S', '2024-S2'],
    ];
    writeFileSync(
      file,
      'DATAFLOW,FREQ,REF_AREA,INDICATOR,TIME_PERIOD,OBS_VALUE\n' +
        rows.map(([f, p]) => `X:Y(1.0),${f},JP,GDP,${p},1\n`).join(''),
    );
    const b = readSdmx([file], mapping);
    assert.deepEqual(
      b.observations.map((o) => [o.frequency, o.date]),
      [
        ['annual', '2024-01-01'],
        ['annual', '2023-01-01'],
        ['quarterly', '2024-07-01'],
        ['quarterly', '2024-10-01'],
        ['monthly', '2024-07-01'],
        ['monthly', '2024-08-01'],
        ['daily', '2024-07-15'],
      ],
    );
    assert.deepEqual(
      b.badRows.map((r) => [r.line, r.reason]),
      [
        [9, 'period "2024" is not a monthly period'],
        [10, 'period "2024-W05" is not a daily period'],
        [11, 'period "2024-S2" is not an annual period'],
      ],
    );
  });

  it('matches rules on attributes too: a dimension read as an attribute of its id still places its series', () => {
    const file = path.join(dir, 'unit.csv');
    writeFileSync(
      file,
      'DATAFLOW,FREQ,REF_AREA,MEASURE,UNIT_MEASURE,TIME_PERIOD,OBS_VALUE\n' +
        'OECD:X(1.0),A,CA,PRICES,IX,2020,101\nOECD:X(1.0),A,CA,PRICES,PC,2020,2\n',
    );
    const rules = path.join(dir, 'unit-mapping.json');
    writeFileSync(
      rules,
      JSON.stringify({
        series: [
          { match: { MEASURE: 'PRICES', UNIT_MEASURE: 'PC' }, kpi_id: 'CPI_YOY', country_dimension: 'REF_AREA' },
        ],
      }),
    );
    const b = readSdmx([file], loadMapping('sdmx', rules));
    assert.deepEqual(
      b.observations.map((o) => [o.country_id, o.kpi_id, o.value]),
      [['CAN', 'CPI_YOY', 2]],
    );
  });

  it('reports a message it cannot read as one bad row naming why', () => {
    const file = path.join(dir, 'broken.xml');
    writeFileSync(file, '<GenericData>\n<DataSet>\n<Series>');
    const b = readSdmx([file], mapping);
    assert.equal(b.observations.length, 0);
    assert.equal(b.badRows.length, 1);
    assert.match(b.badRows[0]!.reason, /^not read: /);
  });
});

/** The observations of an `expected/` file: a table (one a line), or for few observations the table turned. */
function expectedLines(text: string): string[] {
  const rows = text
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => l.trim().split(/\s+/));
  const out: string[] = [];
  const line = (dims: Record<string, string>, value: string) =>
    [
      ...Object.entries(dims)
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([k, v]) => `${k}=${v}`),
      String(Number(value)),
    ].join(' ');
  if (rows[0]!.at(-1) === 'value') {
    const header = rows[0]!;
    for (const r of rows.slice(1))
      out.push(line(Object.fromEntries(header.slice(0, -1).map((h, i) => [h, r[i]!])), r.at(-1)!));
    return out;
  }
  // Turned: a row per dimension fixed by column, a line naming the row dimension, then its rows.
  const split = rows.findIndex((r) => r.length === 1);
  const columns = rows.slice(0, split);
  const rowDimension = rows[split]![0]!;
  for (const r of rows.slice(split + 1))
    r.slice(1).forEach((value, c) =>
      out.push(
        line({ ...Object.fromEntries(columns.map((col) => [col[0]!, col[c + 1]!])), [rowDimension]: r[0]! }, value),
      ),
    );
  return out;
}

describe('SDMX readers on the agencies’ messages', { skip: skipReal }, () => {
  const real = (f: string) => path.join(REAL, f);
  const sorted = (lines: string[]) => [...lines].sort();

  for (const [file, expected] of [
    ['ecb-exr/ng-xs.xml', 'ng-xs-xml.txt'],
    ['ecb-exr/ng-flat.xml', 'ng-flat-xml.txt'],
    ['ecb-exr/flat.json', 'flat-json.txt'],
    ['ecb-exr/xs.json', 'xs-json.txt'],
    ['ecb-exr/action-delete.json', 'action-delete-json.txt'],
  ] as const) {
    it(`${file} gives the observations of expected/${expected}`, () => {
      const { obs, bad } = read(real(file));
      assert.deepEqual(bad, []);
      const want = expectedLines(readFileSync(real(`expected/${expected}`), 'utf8'));
      const replaced = obs.filter((o) => o.action === 'replace');
      assert.deepEqual(sorted(replaced.map(lineOf)), sorted(want));
      // action-delete.json: a Replace data set, then a Delete one withdrawing NZD on 18 January.
      const deleted = obs.filter((o) => o.action === 'delete').map(lineOf);
      const withdrawn = 'CURRENCY=NZD CURRENCY_DENOM=EUR EXR_SUFFIX=A EXR_TYPE=SP00 FREQ=D TIME_PERIOD=2013-01-18 null';
      assert.deepEqual(deleted, file.includes('action-delete') ? [withdrawn] : []);
    });
  }

  it('the generic and structure-specific forms of the same ECB data give the same observations', () => {
    const want = sorted(expectedLines(readFileSync(real('expected/ng-flat-xml.txt'), 'utf8')));
    for (const f of [
      'ng-ts.xml',
      'ng-ts-gf.xml',
      'sg-ts.xml',
      'rg-ts.xml',
      'ng-ts-ss.xml',
      'ng-xs-ss.xml',
      'ng-flat-ss.xml',
    ]) {
      const { obs, bad } = read(real(`ecb-exr/${f}`));
      assert.deepEqual(bad, [], f);
      assert.deepEqual(sorted(obs.map(lineOf)), want, f);
      assert.ok(
        obs.every((o) => o.attributes.OBS_STATUS === 'A'),
        `${f}: observation attributes`,
      );
    }
    const ts = read(real('ecb-exr/ts.json')).obs;
    assert.deepEqual(
      sorted(ts.map(lineOf)),
      sorted(expectedLines(readFileSync(real('expected/flat-json.txt'), 'utf8'))),
    );
  });

  it('every other SDMX-ML message reads whole: one observation per Obs element', () => {
    const files = [
      'ecb-exr/M.USD.EUR.SP00.A-generic.xml',
      'insee/ipi-2010-a21-generic.xml',
      'insee/cna-2010-conso-si-a17-generic.xml',
    ];
    for (const d of ['imf', 'estat', 'istat']) for (const f of readdirSync(real(d))) files.push(`${d}/${f}`);
    for (const f of files) {
      const text = readFileSync(real(f), 'utf8');
      const count = (text.match(/<(?:\w+:)?Obs[\s/>]/g) ?? []).length;
      const { obs, bad } = read(real(f));
      assert.deepEqual(bad, [], f);
      assert.equal(obs.length, count, f);
      assert.ok(count > 0, f);
      assert.ok(
        obs.every((o) => o.period !== '' && Object.keys(o.key).length > 0),
        f,
      );
    }
  });

  it('the OECD SDMX-JSON message: one observation per entry', () => {
    const doc = JSON.parse(readFileSync(real('oecd/part2-sdmxjson.json'), 'utf8')) as {
      dataSets: Array<{ observations: Record<string, unknown> }>;
    };
    const { obs, bad } = read(real('oecd/part2-sdmxjson.json'));
    // Its dimensions (LOCATION, IND, PER, GRD, FLD, MSR) have no time: every observation is reported, none lost.
    assert.equal(obs.length + bad.length, Object.keys(doc.dataSets[0]!.observations).length);
    assert.ok(bad.every(([, reason]) => reason === 'an observation without a time period (TIME_PERIOD)'));
    assert.ok(bad.length > 0);
  });

  it('the SDMX-CSV 2.0 examples read without error; their rows are observations or bad rows', () => {
    for (const f of readdirSync(real('sdmx-csv-2.0'))) {
      const { obs, bad } = read(real(`sdmx-csv-2.0/${f}`));
      assert.ok(obs.length + bad.length > 0, f);
      const actions = readFileSync(real(`sdmx-csv-2.0/${f}`), 'utf8').includes(',D,');
      if (actions)
        assert.ok(
          obs.every((o) => o.action === 'delete'),
          f,
        );
    }
  });
});
