import assert from 'node:assert/strict';
import { createHash, createHmac } from 'node:crypto';
import { before, describe, it } from 'node:test';
import { ApiError } from '../errors.js';
import { cursorPosition, encodeCursor, isCursor, openCursor, queryFingerprint, useCursorSecret } from './cursor.js';

/** The key these tests sign with, as `CURSOR_SECRET` would give it. */
const SECRET = 'a-cursor-secret-of-thirty-two-characters';
before(() => useCursorSecret(SECRET));

/** The 22-character signature of a cursor body, as the format defines it (HMAC-SHA256, base64url). */
const signatureOf = (body: string, secret = SECRET) =>
  createHmac('sha256', secret).update(body).digest('base64url').slice(0, 22);
/** A cursor made by hand from its body: well-formed whatever the body says. */
const handMade = (body: string, secret = SECRET) =>
  Buffer.from(`${body}\n${signatureOf(body, secret)}`).toString('base64url');

/** A cursor written by this module: the format clients hold, which must keep decoding the same way. */
const TRADE_FINGERPRINT = '8AMUjIVY4CFlap09';
const TRADE_BODY = '[2,"8AMUjIVY4CFlap09",2023,1234.5,"DE","FR",10121]';
const TRADE_CURSOR = handMade(TRADE_BODY);
/** The fingerprint's checksum (SHA-256, base64url, 16 characters). */
const checksumOf = (body: string) => createHash('sha256').update(body).digest('base64url').slice(0, 16);

/** Asserts that `fn` throws the 422 on `cursor` with `msg`. */
function refused(fn: () => unknown, msg: RegExp): void {
  assert.throws(fn, (err: unknown) => {
    assert.ok(err instanceof ApiError);
    assert.equal(err.status, 422);
    assert.deepEqual(err.detail?.[0]?.loc, ['query', 'cursor']);
    assert.match(err.detail[0].msg, msg);
    return true;
  });
}

describe('cursor format', () => {
  it('is the base64url of [version, fingerprint, ...key], a line break and its signature', () => {
    const text = Buffer.from(TRADE_CURSOR, 'base64url').toString('utf8');
    assert.equal(text, `${TRADE_BODY}\n${signatureOf(TRADE_BODY)}`);
    assert.equal(encodeCursor(TRADE_FINGERPRINT, [2023, 1234.5, 'DE', 'FR', 10121]), TRADE_CURSOR);
  });

  it('opens a cursor written before into the same fingerprint and key', () => {
    assert.deepEqual(openCursor(TRADE_CURSOR), {
      fingerprint: TRADE_FINGERPRINT,
      key: [2023, 1234.5, 'DE', 'FR', 10121],
    });
  });

  it('round-trips keys of strings and numbers, unicode and quotes included', () => {
    for (const key of [[], ['DEU.CPI', '2020-01-01'], [0, -1.5, 'a"b', 'ü\n,'], [Number.MAX_SAFE_INTEGER]]) {
      assert.deepEqual(openCursor(encodeCursor('fp', key)), { fingerprint: 'fp', key });
    }
  });

  it('has no cursor when none is given', () => {
    assert.equal(openCursor(undefined), undefined);
  });
});

describe('tampered cursors', () => {
  it('refuses an edited character anywhere in the cursor', () => {
    for (const at of [0, 10, TRADE_CURSOR.length - 1]) {
      const c = TRADE_CURSOR[at] === 'A' ? 'B' : 'A';
      const edited = TRADE_CURSOR.slice(0, at) + c + TRADE_CURSOR.slice(at + 1);
      refused(() => openCursor(edited), /is not a cursor returned by this operation/);
      assert.equal(isCursor(edited), false);
    }
  });

  it('refuses an edited key even when the text is re-encoded', () => {
    const text = Buffer.from(TRADE_CURSOR, 'base64url').toString('utf8').replace('2023', '2024');
    refused(() => openCursor(Buffer.from(text).toString('base64url')), /is not a cursor/);
  });

  it('refuses characters outside base64url, padding, and a truncated cursor', () => {
    for (const bad of [`${TRADE_CURSOR}=`, `${TRADE_CURSOR.slice(0, 20)}!${TRADE_CURSOR.slice(20)}`, '', 'abc']) {
      refused(() => openCursor(bad), /is not a cursor/);
    }
    refused(() => openCursor(TRADE_CURSOR.slice(0, -4)), /is not a cursor/);
  });

  it('refuses a body with a good signature but another version, no fingerprint or no JSON', () => {
    for (const body of ['[1,"fp",1]', '[2,5,1]', '{"v":2}', 'not json', '[2]']) {
      refused(() => openCursor(handMade(body)), /is not a cursor/);
    }
    assert.deepEqual(openCursor(handMade('[2,"fp"]')), { fingerprint: 'fp', key: [] });
  });

  it('refuses an edited body with a recomputed checksum, or signed with another secret', () => {
    const edited = TRADE_BODY.replace('2023', '2024');
    const unkeyed = Buffer.from(`${edited}\n${checksumOf(edited)}`).toString('base64url');
    refused(() => openCursor(unkeyed), /is not a cursor/);
    refused(() => openCursor(handMade(edited, 'another-secret-of-thirty-two-characters')), /is not a cursor/);
    // The earlier, unkeyed format is refused too.
    const v1 = '[1,"fp",2023]';
    refused(() => openCursor(Buffer.from(`${v1}\n${checksumOf(v1)}`).toString('base64url')), /is not a cursor/);
  });
});

describe('cursorPosition', () => {
  const read = (key: unknown[]) => (key.length === 1 && typeof key[0] === 'number' ? key[0] : undefined);

  it('reads the key of a cursor of the same query', () => {
    assert.equal(cursorPosition({ fingerprint: 'q', key: [42] }, 'q', read), 42);
  });

  it("refuses another query's cursor, and a key the listing does not write", () => {
    refused(() => cursorPosition({ fingerprint: 'other', key: [42] }, 'q', read), /query with other parameters/);
    refused(() => cursorPosition({ fingerprint: 'q', key: ['42'] }, 'q', read), /is not a cursor/);
  });
});

describe('queryFingerprint', () => {
  it('is 16 base64url characters that change with the operation and the query', () => {
    const fp = queryFingerprint('/v1/trade', '{"terms":[]}');
    assert.equal(fp, TRADE_FINGERPRINT);
    assert.equal(fp, checksumOf(JSON.stringify(['/v1/trade', '{"terms":[]}'])));
    assert.notEqual(queryFingerprint('/v1/trade/monthly', '{"terms":[]}'), fp);
    assert.notEqual(queryFingerprint('/v1/trade', '{"terms":[{}]}'), fp);
    assert.equal(queryFingerprint('/v1/history', [['DEU'], null]), queryFingerprint('/v1/history', [['DEU'], null]));
  });
});
