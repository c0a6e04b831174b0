import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sdmxPeriod } from './period.js';

describe('sdmxPeriod', () => {
  it('reads every SDMX period shape as its first day and frequency', () => {
    const cases: Array<[string, string, string]> = [
      ['2024', '2024-01-01', 'annual'],
      ['2024-A1', '2024-01-01', 'annual'],
      ['2024-S1', '2024-01-01', 'semiannual'],
      ['2024-S2', '2024-07-01', 'semiannual'],
      ['2024-Q1', '2024-01-01', 'quarterly'],
      ['2024-Q3', '2024-07-01', 'quarterly'],
      ['2024Q4', '2024-10-01', 'quarterly'],
      ['2024-07', '2024-07-01', 'monthly'],
      ['2024-M07', '2024-07-01', 'monthly'],
      ['2024M12', '2024-12-01', 'monthly'],
      ['2024-W05', '2024-01-29', 'weekly'],
      ['2024-W01', '2024-01-01', 'weekly'],
      ['2021-W01', '2021-01-04', 'weekly'], // 1-3 January 2021 are in 2020's week 53
      ['2020-W53', '2020-12-28', 'weekly'],
      ['2026-W01', '2025-12-29', 'weekly'], // week 1 of 2026 starts in 2025
      ['2024-07-15', '2024-07-15', 'daily'],
      ['2024-02-29', '2024-02-29', 'daily'],
      ['2024-D001', '2024-01-01', 'daily'],
      ['2024-D366', '2024-12-31', 'daily'],
      [' 2024-Q2 ', '2024-04-01', 'quarterly'],
    ];
    for (const [text, date, frequency] of cases) assert.deepEqual(sdmxPeriod(text), { date, frequency }, text);
  });

  it('refuses other shapes and days that do not exist', () => {
    for (const text of [
      '',
      '24',
      '2024-13',
      '2024-M13',
      '2024-Q5',
      '2024-S3',
      '2024-A2',
      '2024-W54',
      '2021-W53',
      '2023-02-29',
      '2024-D367',
      '2023-D366',
      '2024-07-15T00:00:00',
      'abcd',
      '2024-7',
    ])
      assert.equal(sdmxPeriod(text), undefined, text);
  });
});
