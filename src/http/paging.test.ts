import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ApiError } from '../errors.js';
import { encodeCursor, openCursor, queryFingerprint } from './cursor.js';
import { Walk, bySize, type Listing } from './paging.js';

/** A listing of the integers 1..n in order: a position is the last integer returned. */
const numbers: Listing<number> = {
  operation: '/v1/numbers',
  query: { n: 7 },
  keys: {
    read: (key) => (key.length === 1 && Number.isSafeInteger(key[0]) ? (key[0] as number) : undefined),
    write: (p) => [p],
  },
};

/** Up to `limit` of 1..7 after `after`, recording each call. */
function source(calls: Array<{ limit: number; after: number | undefined }>) {
  return async (limit: number, after: number | undefined) => {
    calls.push({ limit, after });
    return [1, 2, 3, 4, 5, 6, 7].filter((x) => x > (after ?? 0)).slice(0, limit);
  };
}

const is422 = (msg: RegExp) => (err: unknown) =>
  err instanceof ApiError && err.status === 422 && msg.test(err.detail?.[0]?.msg ?? '');

describe('bySize', () => {
  it('asks for one row more than a page and ends the page at its last row', async () => {
    const calls: Array<{ limit: number; after: number | undefined }> = [];
    const read = bySize(3, source(calls), (rows: number[], i) => rows[i]! * 10);
    assert.deepEqual(await read(undefined), { rows: [1, 2, 3], next: 30 });
    assert.deepEqual(await read(3), { rows: [4, 5, 6], next: 60 });
    assert.deepEqual(calls, [
      { limit: 4, after: undefined },
      { limit: 4, after: 3 },
    ]);
  });

  it('says a page is the last when the extra row does not come, also when it is exactly full', async () => {
    const read = bySize(3, source([]), (rows: number[], i) => rows[i]!);
    assert.deepEqual(await read(4), { rows: [5, 6, 7], next: null });
    assert.deepEqual(await read(6), { rows: [7], next: null });
    assert.deepEqual(await read(7), { rows: [], next: null });
  });
});

describe('Walk', () => {
  it('walks a listing page by page with the cursors it writes, and ends with null', async () => {
    const seen: number[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await Walk.open(cursor).page(
        numbers,
        bySize(3, source([]), (rows: number[], i) => rows[i]!),
      );
      seen.push(...page.rows);
      cursor = page.next_cursor ?? undefined;
      pages++;
    } while (cursor !== undefined);
    assert.deepEqual(seen, [1, 2, 3, 4, 5, 6, 7]);
    assert.equal(pages, 3);
  });

  it("writes the cursor format of cursor.ts: the query's fingerprint and the position's key", async () => {
    const page = await Walk.open(undefined).page(numbers, async () => ({ rows: ['a'], next: 5 }));
    const fingerprint = queryFingerprint('/v1/numbers', { n: 7 });
    assert.equal(page.next_cursor, encodeCursor(fingerprint, [5]));
    assert.deepEqual(openCursor(page.next_cursor!), { fingerprint, key: [5] });
  });

  it('gives the reader the position of the cursor, or nothing on the first page', async () => {
    const afters: Array<number | undefined> = [];
    const read = async (after: number | undefined) => {
      afters.push(after);
      return { rows: [], next: null };
    };
    assert.deepEqual(await Walk.open(undefined).page(numbers, read), { rows: [], next_cursor: null });
    const cursor = encodeCursor(queryFingerprint('/v1/numbers', { n: 7 }), [4]);
    await Walk.open(cursor).page(numbers, read);
    assert.deepEqual(afters, [undefined, 4]);
  });

  it('refuses a malformed cursor when opened, before any query is known', () => {
    assert.throws(() => Walk.open('not-a-cursor'), is422(/is not a cursor/));
  });

  it("refuses another query's or operation's cursor, and a key of another shape, without reading", async () => {
    const read = () => assert.fail('nothing is read for a refused cursor');
    const otherQuery = encodeCursor(queryFingerprint('/v1/numbers', { n: 8 }), [4]);
    const otherOperation = encodeCursor(queryFingerprint('/v1/other', { n: 7 }), [4]);
    const otherKey = encodeCursor(queryFingerprint('/v1/numbers', { n: 7 }), ['4']);
    await assert.rejects(Walk.open(otherQuery).page(numbers, read), is422(/other parameters/));
    await assert.rejects(Walk.open(otherOperation).page(numbers, read), is422(/other parameters/));
    await assert.rejects(Walk.open(otherKey).page(numbers, read), is422(/is not a cursor/));
  });
});
