import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { jsonArray, jsonNumber } from './json-bytes.js';

describe('jsonArray', () => {
  it('writes rows longer than its first guess, and text beyond ASCII, as JSON.stringify does', () => {
    const rows = Array.from({ length: 50 }, (_, i) => ({ i, name: `Côte d’Ivoire ${'€'.repeat(i * 40)}` }));
    assert.equal(jsonArray(rows, (r) => JSON.stringify(r)).toString('utf8'), JSON.stringify(rows));
  });

  it('writes no rows as []', () => {
    assert.equal(jsonArray([], () => '{}').toString(), '[]');
  });
});

describe('jsonNumber', () => {
  it('writes finite numbers as JSON does, and null otherwise', () => {
    for (const n of [0, -0, 1e21, 1.5e-7, 0.1 + 0.2, -12]) assert.equal(jsonNumber(n), JSON.stringify(n));
    for (const n of [null, NaN, Infinity]) assert.equal(jsonNumber(n), 'null');
  });
});
