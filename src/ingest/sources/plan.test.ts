import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildPlan, formatPlan } from './plan.js';
import type { Source } from './schema.js';

const provenance = { source_name: 'A', source_url: 'https://a.example/', license_id: 'L', attribution_text: 'A.' };

function fred(id: string, [kpi_id, country]: [string, string], extra: Partial<Source> = {}): Source {
  return {
    id,
    provider: 'fred',
    url: 'https://api.stlouisfed.org/fred',
    provenance,
    series_id: 'X',
    kpi_id,
    country,
    verified_by: 'unverified',
    ...extra,
  } as Source;
}

describe('update plan', () => {
  const ids = { kpiIds: ['CPI', 'GDP_USD'], countryIds: ['DEU', 'USA'] };
  const sources = [
    fred('us-cpi-backup', ['CPI', 'USA'], { fallback: true }),
    fred('us-cpi', ['CPI', 'USA'], { verified_by: 'test/fixtures/cpi.json' }),
    fred('us-gdp', ['GDP_USD', 'USA']),
  ].map((source, i) => ({ source, file: 'fred.json', pointer: `/sources/${i}` }));

  it('gives every indicator × country its source (the fallbacks after it) or none, and the counts', () => {
    const plan = buildPlan(sources, ids);
    assert.deepEqual(plan.rows, [
      { kpi_id: 'CPI', country_id: 'DEU', source: null, fallbacks: [] },
      { kpi_id: 'CPI', country_id: 'USA', source: 'us-cpi', fallbacks: ['us-cpi-backup'] },
      { kpi_id: 'GDP_USD', country_id: 'DEU', source: null, fallbacks: [] },
      { kpi_id: 'GDP_USD', country_id: 'USA', source: 'us-gdp', fallbacks: [] },
    ]);
    assert.deepEqual(plan.summary, { covered: 2, total: 4, sources: 3, verified: 1, unverified: 2 });
  });

  it('prints one line per pair, then the summary', () => {
    assert.equal(
      formatPlan(buildPlan(sources, ids)),
      [
        'CPI      DEU  no source',
        'CPI      USA  us-cpi (fallback: us-cpi-backup)',
        'GDP_USD  DEU  no source',
        'GDP_USD  USA  us-gdp',
        'covered 2 of 4 indicator × country pairs (2 with no source); ' +
          '3 sources: 1 verified by a recorded message, 2 unverified',
      ].join('\n'),
    );
  });
});
