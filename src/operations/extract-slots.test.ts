import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ApiError } from '../errors.js';
import { ExtractSlots } from './extract-slots.js';

const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    assert.ok(err instanceof ApiError);
    return { code: err.code, retryAfter: err.headers?.['retry-after'] };
  }
  assert.fail('not refused');
};

describe('ExtractSlots', () => {
  it('runs one extract per key: a second of the same key is 429 with Retry-After', () => {
    const slots = new ExtractSlots(2);
    const release = slots.take('k1');
    assert.deepEqual(
      refusal(() => slots.take('k1')),
      { code: 'rate_limit_exceeded', retryAfter: '10' },
    );
    release();
    slots.take('k1');
  });

  it('runs at most `concurrency` in all: one more is 503 with Retry-After, until a slot is freed', () => {
    const slots = new ExtractSlots(2);
    const first = slots.take('a');
    slots.take('b');
    assert.deepEqual(
      refusal(() => slots.take('c')),
      { code: 'provider_unavailable', retryAfter: '10' },
    );
    first();
    first(); // a second release frees nothing more
    slots.take('c');
    assert.equal(slots.size, 2);
    assert.deepEqual(
      refusal(() => slots.take('d')),
      { code: 'provider_unavailable', retryAfter: '10' },
    );
  });
});
