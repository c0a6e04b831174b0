import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { periodOfDate } from './long-csv.js';

describe('periodOfDate', () => {
  it('dates a period by its first day, whether a file wrote its start or its end', () => {
    assert.equal(periodOfDate('1927-03-31', 'quarterly'), '1927-01-01');
    assert.equal(periodOfDate('1927-12-31', 'quarterly'), '1927-10-01');
    assert.equal(periodOfDate('2024-07-01', 'quarterly'), '2024-07-01');
    assert.equal(periodOfDate('2024-07-31', 'monthly'), '2024-07-01');
    assert.equal(periodOfDate('2024-12-31', 'annual'), '2024-01-01');
    assert.equal(periodOfDate('2024-07-15', 'daily'), '2024-07-15');
  });

  it('leaves other shapes to the period rules of the collector', () => {
    for (const t of ['2024', '2024-Q3', '2024-07', 'soon']) assert.equal(periodOfDate(t, 'quarterly'), t);
  });
});
