import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { periodDays, sdmxPeriodOf } from './periods.js';

describe('SDMX periods', () => {
  it('writes a date at its frequency as SDMX does', () => {
    assert.equal(sdmxPeriodOf('2024-01-01', 'annual'), '2024');
    assert.equal(sdmxPeriodOf('2024-07-01', 'quarterly'), '2024-Q3');
    assert.equal(sdmxPeriodOf('2024-10-01', 'quarterly'), '2024-Q4');
    assert.equal(sdmxPeriodOf('2024-07-01', 'monthly'), '2024-07');
    assert.equal(sdmxPeriodOf('2024-07-15', 'daily'), '2024-07-15');
  });

  it('reads the days a period spans', () => {
    assert.deepEqual(periodDays('2024'), { first: '2024-01-01', last: '2024-12-31' });
    assert.deepEqual(periodDays('2024-S2'), { first: '2024-07-01', last: '2024-12-31' });
    assert.deepEqual(periodDays('2024-Q1'), { first: '2024-01-01', last: '2024-03-31' });
    assert.deepEqual(periodDays('2024-02'), { first: '2024-02-01', last: '2024-02-29' });
    assert.deepEqual(periodDays('2024-W01'), { first: '2024-01-01', last: '2024-01-07' });
    assert.deepEqual(periodDays('2024-07-15'), { first: '2024-07-15', last: '2024-07-15' });
    assert.equal(periodDays('2024-13'), undefined);
    assert.equal(periodDays('July'), undefined);
  });
});
