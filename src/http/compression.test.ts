import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { MIN_COMPRESSED_BYTES, PreparedBody, negotiateEncoding } from './compression.js';

describe('negotiateEncoding', () => {
  it('answers uncompressed without a header, or when it names neither br nor gzip', () => {
    assert.equal(negotiateEncoding(undefined), 'identity');
    assert.equal(negotiateEncoding(''), 'identity');
    assert.equal(negotiateEncoding('deflate, compress'), 'identity');
    assert.equal(negotiateEncoding('identity'), 'identity');
  });

  it('takes the highest q-value, br first on a tie', () => {
    assert.equal(negotiateEncoding('gzip'), 'gzip');
    assert.equal(negotiateEncoding('br'), 'br');
    assert.equal(negotiateEncoding('gzip, deflate, br'), 'br');
    assert.equal(negotiateEncoding('gzip;q=1, br;q=0.5'), 'gzip');
    assert.equal(negotiateEncoding('gzip;q=0.8, br;q=0.8'), 'br');
    assert.equal(negotiateEncoding('gzip;q=0.001, br;q=0'), 'gzip');
  });

  it('refuses what q=0 refuses', () => {
    assert.equal(negotiateEncoding('br;q=0, gzip'), 'gzip');
    assert.equal(negotiateEncoding('br;q=0, gzip;q=0'), 'identity');
    // identity;q=0 refuses nothing this module could send instead: with no other
    // acceptable encoding the answer still goes uncompressed.
    assert.equal(negotiateEncoding('identity;q=0'), 'identity');
    assert.equal(negotiateEncoding('identity;q=0, gzip'), 'gzip');
  });

  it('gives every encoding not named the weight of *', () => {
    assert.equal(negotiateEncoding('*'), 'br');
    assert.equal(negotiateEncoding('*;q=0.5, br;q=0'), 'gzip');
    assert.equal(negotiateEncoding('*;q=0'), 'identity');
    assert.equal(negotiateEncoding('gzip;q=0.4, *;q=0.5'), 'br');
  });

  it('ignores case and spaces, and skips an entry whose q-value is not a number', () => {
    assert.equal(negotiateEncoding(' GZIP ; Q=0.8 ,  Br;q=0.2'), 'gzip');
    assert.equal(negotiateEncoding('br;q=abc, gzip;q=0.1'), 'gzip');
  });
});

describe('PreparedBody', () => {
  const large = Buffer.from('{"data":[' + '{"a":1},'.repeat(500) + '{"a":1}],');
  const tail = Buffer.from('"request_id":"x"}');

  it('sends bodies under the threshold as they are, in whatever encoding was asked', () => {
    const small = new PreparedBody(Buffer.alloc(MIN_COMPRESSED_BYTES - 1, 'a'));
    assert.equal(small.encodingFor('br'), 'identity');
    assert.equal(small.encodingFor('gzip'), 'identity');
    const body = small.render('gzip', Buffer.from('!'));
    assert.equal(body.length, MIN_COMPRESSED_BYTES);
    assert.equal(body.toString(), 'a'.repeat(MIN_COMPRESSED_BYTES - 1) + '!');
    assert.equal(new PreparedBody(Buffer.alloc(MIN_COMPRESSED_BYTES)).encodingFor('br'), 'br');
  });

  it('decodes, in each encoding, to the shared part followed by the tail', () => {
    const body = new PreparedBody(large);
    const whole = Buffer.concat([large, tail]);
    assert.ok(gunzipSync(body.render('gzip', tail)).equals(whole));
    assert.ok(brotliDecompressSync(body.render('br', tail)).equals(whole));
    assert.ok(body.render('identity', tail).equals(whole));
  });

  it('appends the tail to gzip as a second member holding one stored block', () => {
    const body = new PreparedBody(large);
    const out = body.render('gzip', Buffer.from('abc'));
    // 10 header bytes, a 5-byte stored block header (BFINAL, LEN 3, NLEN), the data, CRC-32 and size.
    const member = out.subarray(out.length - 26);
    assert.deepEqual([...member.subarray(0, 3)], [0x1f, 0x8b, 8]);
    assert.deepEqual([...member.subarray(10, 15)], [1, 3, 0, 0xfc, 0xff]);
    assert.equal(member.subarray(15, 18).toString(), 'abc');
    assert.deepEqual([...member.subarray(22, 26)], [3, 0, 0, 0]);
    // The shared part is compressed once: another tail reuses the same bytes before it.
    const other = body.render('gzip', Buffer.from('xyz'));
    assert.ok(other.subarray(0, out.length - 26).equals(out.subarray(0, out.length - 26)));
  });

  it('appends the tail to br as an uncompressed meta-block, then the last empty one', () => {
    const out = new PreparedBody(large).render('br', Buffer.from('abc'));
    // MNIBBLES code 0, MLEN - 1 = 2 at bits 3-18, ISUNCOMPRESSED at bit 19: 0x080010.
    assert.deepEqual([...out.subarray(out.length - 7)], [0x10, 0x00, 0x08, 0x61, 0x62, 0x63, 0x03]);
  });

  it('refuses an empty tail and one larger than a stored block holds', () => {
    const body = new PreparedBody(large);
    assert.throws(() => body.render('gzip', Buffer.alloc(0)), RangeError);
    assert.throws(() => body.render('br', Buffer.alloc(65_536, 'a')), RangeError);
    const longest = Buffer.alloc(65_535, 'a');
    assert.ok(gunzipSync(body.render('gzip', longest)).equals(Buffer.concat([large, longest])));
    assert.ok(brotliDecompressSync(body.render('br', longest)).equals(Buffer.concat([large, longest])));
  });
});
