import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { EconomicsObservation } from '../types.js';
import { mergeIncrement } from './merge-increment.js';

const obs = (country_id: string, date: string, value: number): EconomicsObservation => ({
  country_id,
  kpi_id: 'CPI_YOY',
  frequency: 'monthly',
  date,
  value,
  obs_status: null,
});

describe('mergeIncrement', () => {
  const kept = [obs('FRA', '2024-01-01', 1), obs('FRA', '2024-02-01', 2), obs('DEU', '2024-01-01', 3)];

  it('keeps the dates an answer does not mention, revises and adds the ones it does', () => {
    const merged = mergeIncrement(kept, {
      observations: [obs('FRA', '2024-02-01', 2.5), obs('FRA', '2024-03-01', 4)],
      withdrawn: [],
    });
    assert.deepEqual(
      merged.map((o) => [o.country_id, o.date, o.value]),
      [
        ['DEU', '2024-01-01', 3],
        ['FRA', '2024-01-01', 1],
        ['FRA', '2024-02-01', 2.5],
        ['FRA', '2024-03-01', 4],
      ],
    );
  });

  it('drops withdrawn observations, whatever value the withdrawal carries', () => {
    const merged = mergeIncrement(kept, { observations: [], withdrawn: [obs('FRA', '2024-02-01', 0)] });
    assert.deepEqual(
      merged.map((o) => [o.country_id, o.date]),
      [
        ['DEU', '2024-01-01'],
        ['FRA', '2024-01-01'],
      ],
    );
  });

  it('takes a value sent back in the same answer that withdraws it as the new one', () => {
    const merged = mergeIncrement(kept, {
      observations: [obs('DEU', '2024-01-01', 9)],
      withdrawn: [obs('DEU', '2024-01-01', 0)],
    });
    assert.equal(merged.find((o) => o.country_id === 'DEU')?.value, 9);
  });

  it('tells series of another frequency apart', () => {
    const annual = { ...obs('FRA', '2024-01-01', 7), frequency: 'annual' as const };
    assert.equal(mergeIncrement(kept, { observations: [annual], withdrawn: [] }).length, 4);
  });
});
