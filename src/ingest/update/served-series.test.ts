import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Source } from '../sources/schema.js';
import type { EconomicsBatch, EconomicsObservation } from '../types.js';
import { servedBatch, servedObservations, treatmentOf } from './served-series.js';

const provenance = { source_name: 'A', source_url: 'https://a.example/', license_id: 'x', attribution_text: 'A' };
const base = { url: 'https://a.example/api', provenance, verified_by: 'unverified' as const };
const fred = (more: Partial<Source> = {}) =>
  ({ ...base, id: 'f', provider: 'fred', series_id: 'X', kpi_id: 'CPI_YOY', country: 'USA', ...more }) as Source;

const month = (date: string, value: number): EconomicsObservation => ({
  country_id: 'USA',
  kpi_id: 'CPI_YOY',
  frequency: 'monthly',
  date,
  value,
  obs_status: null,
});

const year = (date: string, value: number, country_id = 'USA'): EconomicsObservation => ({
  ...month(date, value),
  country_id,
  frequency: 'annual',
});

describe('servedObservations', () => {
  it('multiplies by scale, and leaves values alone without one', () => {
    assert.deepEqual(
      servedObservations(fred({ scale: 1e6 }), [month('2024-01-01', 1.5)]).map((o) => o.value),
      [1_500_000],
    );
    assert.deepEqual(
      servedObservations(fred(), [month('2024-01-01', 1.5)]).map((o) => o.value),
      [1.5],
    );
  });

  it('derives the change on a year earlier from an index, over the whole series in date order', () => {
    const index = [year('2024-01-01', 110), year('2022-01-01', 100), year('2023-01-01', 105)];
    const served = servedObservations(fred({ derive: 'pc1' }), index);
    assert.deepEqual(
      served.map((o) => [o.date, Math.round(o.value * 1e9) / 1e9]),
      [
        ['2023-01-01', 5],
        ['2024-01-01', Math.round(100 * (110 / 105 - 1) * 1e9) / 1e9],
      ],
    );
  });

  it('derives each country apart', () => {
    const served = servedObservations(fred({ derive: 'pc1' }), [
      year('2023-01-01', 100),
      year('2023-01-01', 100, 'FRA'),
      year('2024-01-01', 101),
      year('2024-01-01', 200, 'FRA'),
    ]);
    assert.deepEqual(served.map((o) => [o.country_id, Math.round(o.value)]).sort(), [
      ['FRA', 100],
      ['USA', 1],
    ]);
  });
});

describe('treatmentOf', () => {
  it("takes an SDMX rule's scale and derive before the source's", () => {
    const sdmx = {
      ...base,
      id: 's',
      provider: 'sdmx',
      flow: 'F',
      key: '',
      country_dimension: 'REF_AREA',
      scale: 10,
      series: [
        { match: { A: 'x' }, kpi_id: 'CPI_YOY', derive: 'pc1' },
        { match: { A: 'y' }, kpi_id: 'GDP_USD', scale: 1e9 },
      ],
    } as unknown as Source;
    assert.deepEqual(treatmentOf(sdmx, 'CPI_YOY'), { scale: 10, derive: 'pc1' });
    assert.deepEqual(treatmentOf(sdmx, 'GDP_USD'), { scale: 1e9, derive: undefined });
  });
});

describe('servedBatch', () => {
  it('marks the batch whole and drops the source revisions of a derived series', () => {
    const fetched: EconomicsBatch = {
      provenance,
      observations: [month('2023-01-01', 100), month('2024-01-01', 110)],
      revisions: [{ ...month('2024-01-01', 108), realtime_start: '2024-02-01', realtime_end: '2024-02-28' }],
      badRows: [],
      unmapped: new Map() as unknown as EconomicsBatch['unmapped'],
    };
    const derived = servedBatch(fred({ derive: 'pc1' }), fetched);
    assert.equal(derived.whole_series, true);
    assert.equal(derived.source_id, 'f');
    assert.equal(derived.revisions, undefined);
    const scaled = servedBatch(fred({ scale: 2 }), fetched);
    assert.deepEqual(
      scaled.revisions?.map((r) => r.value),
      [216],
    );
  });
});
