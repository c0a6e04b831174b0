import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { JsonWriter, asciiBytes, jsonNumber } from './json-bytes.js';

describe('jsonNumber', () => {
  it('writes finite numbers as JSON does, and null otherwise', () => {
    for (const n of [0, -0, 1e21, 1.5e-7, 0.1 + 0.2, -12]) assert.equal(jsonNumber(n), JSON.stringify(n));
    for (const n of [null, NaN, Infinity]) assert.equal(jsonNumber(n), 'null');
  });
});

describe('JsonWriter', () => {
  it('writes digits zero-padded, numbers as JSON does, and grows past its first size', () => {
    const out = new JsonWriter(1);
    const numbers = [0, -0, 7, -12, 2 ** 53 - 1, -(2 ** 53 - 1), 2 ** 53 + 2, 0.1 + 0.2, 1e21, 1.5e-7, NaN, null];
    const expected: string[] = [];
    out.digits(10121, 6);
    expected.push('010121');
    out.digits(1234567, 6);
    expected.push('1234567');
    for (const n of numbers) {
      out.byte(0x2c);
      out.number(n);
      expected.push(',' + jsonNumber(n));
    }
    out.bytes(asciiBytes('{"a":'));
    out.ascii('1999-12-01');
    expected.push('{"a":1999-12-01');
    assert.equal(out.done().toString(), expected.join(''));
  });
});
