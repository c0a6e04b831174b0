import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { catalogueProblems } from './check.js';
import type { Source } from './schema.js';
import type { PlacedSource } from './validate.js';

const provenance = { source_name: 'A', source_url: 'https://a.example/', license_id: 'L', attribution_text: 'A.' };
const ids = { kpiIds: ['CPI', 'CPI_YOY', 'GDP_USD'], countryIds: ['DEU', 'FRA', 'USA', 'EMU'] };

function sdmx(id: string, countries: Record<string, string>, extra: Partial<Source> = {}): Source {
  return {
    id,
    provider: 'sdmx',
    url: 'https://a.example/rest',
    provenance,
    flow: 'CPI',
    key: '',
    country_dimension: 'REF_AREA',
    countries,
    kpi_id: 'CPI',
    verified_by: 'unverified',
    ...extra,
  } as Source;
}

const placed = (file: string, ...sources: Source[]): PlacedSource[] =>
  sources.map((source, i) => ({ source, file, pointer: `/sources/${i}` }));

describe('source catalogue checks across files', () => {
  it('finds nothing wrong in a catalogue whose sources feed distinct series', () => {
    const sources = [
      ...placed('a.json', sdmx('a-cpi', { DE: 'DEU', FR: 'FRA' })),
      ...placed('b.json', sdmx('b-cpi', { US: 'USA' })),
    ];
    assert.deepEqual(catalogueProblems(sources, ids), []);
  });

  it('names both places of a duplicate id', () => {
    const sources = [...placed('a.json', sdmx('cpi', { DE: 'DEU' })), ...placed('b.json', sdmx('cpi', { US: 'USA' }))];
    assert.deepEqual(catalogueProblems(sources, ids), [
      'b.json: /sources/0/id: duplicate source id "cpi" (also a.json: /sources/0/id)',
    ]);
  });

  it('refuses a series fed by two sources, in one line naming both, unless one is a fallback', () => {
    const clash = [
      ...placed('a.json', sdmx('a-cpi', { DE: 'DEU', FR: 'FRA' })),
      ...placed('b.json', sdmx('b-cpi', { DE: 'DEU', FRA: 'FRA', USA: 'USA' })),
    ];
    assert.deepEqual(catalogueProblems(clash, ids), [
      'b.json: /sources/0: source "b-cpi" feeds CPI×DEU, CPI×FRA, also fed by "a-cpi" (a.json: /sources/0): ' +
        'set "fallback": true on one of them',
    ]);
    const withFallback = [
      ...placed('a.json', sdmx('a-cpi', { DE: 'DEU', FR: 'FRA' })),
      ...placed('b.json', sdmx('b-cpi', { DE: 'DEU', USA: 'USA' }, { fallback: true })),
    ];
    assert.deepEqual(catalogueProblems(withFallback, ids), []);
  });

  it('sees clashes between per-series rules, World Bank country lists (and "all") and FRED series', () => {
    const rules = sdmx('rules', { DE: 'DEU' }, { kpi_id: undefined, series: [{ match: { U: 'IX' }, kpi_id: 'CPI' }] });
    const fred = {
      id: 'fred-cpi',
      provider: 'fred',
      url: 'https://api.stlouisfed.org/fred',
      provenance,
      series_id: 'CPIAUCSL',
      kpi_id: 'CPI',
      country: 'USA',
      verified_by: 'unverified',
    } as Source;
    const wb = {
      id: 'wb-cpi',
      provider: 'worldbank',
      url: 'https://api.worldbank.org/v2',
      provenance,
      indicator: 'X',
      countries: 'all',
      kpi_id: 'CPI',
      verified_by: 'unverified',
    } as Source;
    const problems = catalogueProblems([...placed('a.json', rules, fred), ...placed('w.json', wb)], ids);
    assert.deepEqual(problems, [
      'w.json: /sources/0: source "wb-cpi" feeds CPI×DEU, also fed by "rules" (a.json: /sources/0): ' +
        'set "fallback": true on one of them',
      'w.json: /sources/0: source "wb-cpi" feeds CPI×USA, also fed by "fred-cpi" (a.json: /sources/1): ' +
        'set "fallback": true on one of them',
    ]);
  });

  it('names an unknown kpi_id or country_id at the field that says it', () => {
    const sources = placed(
      'a.json',
      sdmx('a', { DE: 'DEU', XX: 'XXX' }, { kpi_id: 'NOPE' }),
      sdmx(
        'b',
        { DE: 'DEU' },
        {
          kpi_id: undefined,
          series: [
            { match: { U: 'A' }, kpi_id: 'GDP_USD' },
            { match: { U: 'B' }, kpi_id: 'GDP' },
          ],
        },
      ),
    );
    assert.deepEqual(catalogueProblems(sources, ids), [
      'a.json: /sources/0/kpi_id: unknown kpi_id "NOPE"',
      'a.json: /sources/0/countries/XX: unknown country_id "XXX"',
      'a.json: /sources/1/series/1/kpi_id: unknown kpi_id "GDP"',
    ]);
  });
});
