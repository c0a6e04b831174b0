import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkSourceFile } from './validate.js';

const provenance = {
  source_name: 'Agency',
  source_url: 'https://agency.example/',
  license_id: 'CC-BY-4.0',
  attribution_text: 'Source: Agency.',
};

const sdmx = {
  id: 'agency-cpi',
  provider: 'sdmx',
  url: 'https://agency.example/rest',
  provenance,
  flow: 'AG,PRICES,1.0',
  key: 'M.DE+FR.CPI',
  country_dimension: 'REF_AREA',
  countries: { DE: 'DEU', FR: 'FRA' },
  kpi_id: 'CPI',
  verified_by: 'unverified',
};

describe('source file schema', () => {
  it('accepts the three providers', () => {
    const worldbank = {
      id: 'wb-pop',
      provider: 'worldbank',
      url: 'https://api.worldbank.org/v2',
      provenance,
      indicator: 'SP.POP.TOTL',
      countries: 'all',
      kpi_id: 'POPULATION',
      verified_by: 'test/fixtures/wb.json',
    };
    const fred = {
      id: 'fred-gnp',
      provider: 'fred',
      url: 'https://api.stlouisfed.org/fred',
      provenance,
      series_id: 'GNPCA',
      kpi_id: 'GNP_REAL',
      country: 'USA',
      derive: 'pc1',
      scale: 1e9,
      fallback: true,
      verified_by: '../shared/data/econ-formats/fred-observations-gnpca.json',
    };
    const checked = checkSourceFile('a.json', { sources: [sdmx, worldbank, fred] });
    assert.deepEqual(checked.problems, []);
    assert.deepEqual(
      checked.sources.map((s) => [s.source.id, s.pointer]),
      [
        ['agency-cpi', '/sources/0'],
        ['wb-pop', '/sources/1'],
        ['fred-gnp', '/sources/2'],
      ],
    );
  });

  it('reports one line per error, naming the file and the field as a JSON pointer', () => {
    const bad = {
      ...sdmx,
      id: 'Agency CPI',
      rest_version: '2.0',
      derive: 'square',
      colour: 'red',
      verified_by: '/etc/passwd',
      countries: { DE: 'deu' },
    };
    delete (bad as Partial<typeof bad>).flow;
    const { problems, sources } = checkSourceFile('agency.json', { sources: [bad] });
    assert.deepEqual(sources, []);
    assert.deepEqual([...problems].sort(), [
      'agency.json: /sources/0/colour: unknown field',
      'agency.json: /sources/0/countries/DE: must match pattern "^[A-Z]{3}$"',
      'agency.json: /sources/0/derive: must be "yoy" or "mom" or "log_diff" or "3mma" or "chg" or "ch1" ' +
        'or "pch" or "pc1" or "pca" or "cch" or "cca" or "log"',
      'agency.json: /sources/0/flow: is required',
      'agency.json: /sources/0/id: must match pattern "^[a-z0-9-]+$"',
      'agency.json: /sources/0/rest_version: must be "2.1" or "3.0"',
      'agency.json: /sources/0/verified_by: must be "unverified" or ' +
        'a string matching ^(test/|\\.\\./shared/data/)[A-Za-z0-9._/+-]+$',
    ]);
  });

  it('takes a flow as AGENCY,ID,VERSION or ID, nothing between', () => {
    for (const flow of ['EXR', 'ECB,EXR,1.0', 'IMF.RES,WEO,~', 'OECD.SDD.TPS,DSD_LFS@DF_IALFS_UNE_M,latest']) {
      assert.deepEqual(checkSourceFile('f.json', { sources: [{ ...sdmx, flow }] }).problems, [], flow);
    }
    for (const flow of ['ECB,EXR', 'ECB,EXR,', 'ECB/EXR']) {
      const { problems } = checkSourceFile('f.json', { sources: [{ ...sdmx, flow }] });
      assert.equal(problems.length, 1, flow);
      assert.match(problems[0]!, /^f\.json: \/sources\/0\/flow: must match pattern/);
    }
  });

  it('names an unknown or missing provider, and a source that is not an object', () => {
    const { problems } = checkSourceFile('x.json', {
      sources: [{ ...sdmx, provider: 'ftp' }, { id: 'a' }, 'text'],
    });
    assert.deepEqual(problems, [
      'x.json: /sources/0/provider: must be one of "sdmx", "worldbank", "fred", got "ftp"',
      'x.json: /sources/1/provider: is required',
      'x.json: /sources/2: must be an object',
    ]);
  });

  it('checks the envelope: sources required, no other field than about', () => {
    assert.deepEqual(checkSourceFile('e.json', { source: [] }).problems, [
      'e.json: /sources: is required',
      'e.json: /source: unknown field',
    ]);
    assert.deepEqual(checkSourceFile('e.json', []).problems, ['e.json: /: must be object']);
  });

  it('wants either kpi_id or per-series rules of an SDMX source', () => {
    const both = { ...sdmx, series: [{ match: { UNIT: 'IX' }, kpi_id: 'CPI' }] };
    const neither = { ...sdmx };
    delete (neither as Partial<typeof neither>).kpi_id;
    const { problems } = checkSourceFile('s.json', { sources: [both, neither] });
    assert.equal(problems.length, 2);
    assert.match(problems[0]!, /^s\.json: \/sources\/0\/kpi_id: give either kpi_id or series/);
    assert.match(problems[1]!, /^s\.json: \/sources\/1\/kpi_id: give either kpi_id or series/);
  });

  it('checks a World Bank source\'s countries: ISO3 codes or "all"', () => {
    const wb = {
      id: 'wb',
      provider: 'worldbank',
      url: 'https://api.worldbank.org/v2',
      provenance,
      indicator: 'SP.POP.TOTL',
      countries: ['USA', 'us'],
      kpi_id: 'POPULATION',
      verified_by: 'unverified',
    };
    assert.deepEqual(checkSourceFile('w.json', { sources: [wb] }).problems, [
      'w.json: /sources/0/countries/1: must match pattern "^[A-Z]{3}$"',
    ]);
    assert.deepEqual(checkSourceFile('w.json', { sources: [{ ...wb, countries: 3 }] }).problems, [
      'w.json: /sources/0/countries: must be "all" or of type array',
    ]);
  });
});
