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
    const out = JsonWriter.of(1);
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

  it('writes every integer below 2^53 as its digits, two at a time and in two parts past 2^31', () => {
    const out = JsonWriter.of(1);
    const expected: string[] = [];
    const edges = [0, 9, 10, 99, 100, 101, 2 ** 31 - 1, 2 ** 31, 99_999_999, 1e8, 1e8 + 1, 1e16 - 1, 2 ** 53 - 1];
    const powers = Array.from({ length: 16 }, (_, k) => 10 ** k).flatMap((p) => [p - 1, p, p + 1]);
    let seed = 7;
    const random = Array.from({ length: 2000 }, () => {
      seed = (seed * 16807) % 2147483647;
      return Math.floor((seed / 2147483647) * 10 ** (seed % 16));
    });
    for (const n of [...edges, ...powers, ...random]) {
      for (const width of [1, 6, 12]) {
        out.digits(n, width);
        out.byte(0x20);
        expected.push(String(n).padStart(width, '0'));
      }
    }
    assert.deepEqual(out.done().toString().trim().split(' '), expected);
  });

  it('shares one scratch buffer between scratch writers, and gives a writer of its own bytes that stay', () => {
    const write = (out: JsonWriter, text: string) => (out.ascii(text), out.done());
    const kept = write(JsonWriter.of(4), 'kept');
    const first = write(JsonWriter.onScratch(4), 'first page');
    assert.equal(first.toString(), 'first page');
    const copy = Buffer.from(first);
    const second = write(JsonWriter.onScratch(4), 'second');
    assert.equal(second.toString(), 'second');
    assert.equal(second.buffer, first.buffer, 'the same memory: the second page wrote over the first');
    assert.equal(first.toString(), 'secondpage');
    assert.equal(copy.toString(), 'first page', 'a copy made before stays');
    assert.equal(kept.toString(), 'kept');
    const large = write(JsonWriter.onScratch(1), 'x'.repeat(5 * 2 ** 20));
    const after = write(JsonWriter.onScratch(1), 'y');
    assert.notEqual(after.buffer, large.buffer, "a buffer past the kept size is the page's own");
    assert.equal(large.length, 5 * 2 ** 20);
  });
});
