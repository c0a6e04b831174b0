import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseEvery } from './every.js';

describe('parseEvery', () => {
  it('reads seconds, minutes, hours and days', () => {
    assert.equal(parseEvery('90s'), 90_000);
    assert.equal(parseEvery('30m'), 1_800_000);
    assert.equal(parseEvery('6h'), 21_600_000);
    assert.equal(parseEvery('1d'), 86_400_000);
  });

  it('refuses another shape, a zero and an absurd length', () => {
    for (const bad of ['', '30', 'm', '1.5h', '-1h', '0m', '1w', '1234567h', '1h 30m'])
      assert.equal(parseEvery(bad), undefined, bad);
  });
});
