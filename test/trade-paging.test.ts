import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { expectError, startTestServer, type TestServer, type TestResponse } from './helpers/server.js';
import { encodeCursor, type CursorKey } from '../src/http/cursor.js';

type Row = { exporter: string; importer: string; hs6: string; period: string; value_usd: number };

const text = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
/** The documented order of both listings: period, value descending, then exporter, importer, hs6. */
const listingOrder = (a: Row, b: Row) =>
  text(a.period, b.period) ||
  b.value_usd - a.value_usd ||
  text(a.exporter, b.exporter) ||
  text(a.importer, b.importer) ||
  text(a.hs6, b.hs6);
const rowKey = (r: Row) => `${r.exporter}>${r.importer}:${r.hs6}@${r.period}`;
const withCursor = (path: string, cursor: string) => `${path}&cursor=${encodeURIComponent(cursor)}`;

/** A cursor's JSON body (`[version, fingerprint, ...key]`); a cursor is opaque to clients, not to these tests. */
const cursorBody = (cursor: string): unknown[] => {
  const decoded = Buffer.from(cursor, 'base64url').toString('utf8');
  return JSON.parse(decoded.slice(0, decoded.lastIndexOf('\n')));
};
/** A cursor signed over `body` as the service signs it (the in-process server's key). */
const craftCursor = ([, fingerprint, ...key]: unknown[]) => encodeCursor(String(fingerprint), key as CursorKey);
/** A cursor whose body carries an unkeyed SHA-256 checksum: anyone can write one. */
const unkeyedCursor = (body: unknown[]) => {
  const json = JSON.stringify(body);
  const sum = createHash('sha256').update(json).digest('base64url').slice(0, 16);
  return Buffer.from(`${json}\n${sum}`).toString('base64url');
};

/**
 * The exact 422 a refused cursor gets: a malformed one fails the parameter checks
 * (`checked`, listed with the other parameters' faults), one of another query or with
 * a key this listing never writes fails when the listing reads it.
 */
function expectCursorError(res: TestResponse, msg: string, checked = false): void {
  expectError(res, 422, 'validation_error');
  assert.equal(res.body.message, checked ? 'Invalid parameter: cursor.' : `Invalid parameter "cursor": ${msg}`);
  assert.deepEqual(res.body.detail, [{ loc: ['query', 'cursor'], msg, type: 'value_error' }]);
}

const NOT_A_CURSOR = 'is not a cursor returned by this operation';
const OTHER_QUERY = 'belongs to a query with other parameters';

describe('trade: cursor paging', () => {
  let s: TestServer;
  before(async () => {
    s = await startTestServer();
  });
  after(() => s.close());

  /** One page: a 200 with the paged trade envelope, `next_cursor` before the closing fields. */
  async function page(path: string): Promise<{ data: Row[]; next_cursor: string | null }> {
    const r = await s.get(path);
    assert.equal(r.status, 200, `${path}: ${JSON.stringify(r.body)}`);
    assert.deepEqual(Object.keys(r.body), ['data', 'next_cursor', 'request_id', 'duration_ms']);
    assert.ok(r.body.next_cursor === null || typeof r.body.next_cursor === 'string');
    return r.body;
  }

  /** Follows next_cursor to the last page; `limits` gives each page's size in turn (the last one repeats). */
  async function walk(path: string, limits: number[]): Promise<{ rows: Row[]; pages: number }> {
    const rows: Row[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const limit = limits[Math.min(pages, limits.length - 1)]!;
      const p = await page(`${path}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      if (p.next_cursor !== null) assert.equal(p.data.length, limit, 'a page before the last one is full');
      else assert.ok(p.data.length > 0 || pages === 0, 'the last page is never an empty one');
      rows.push(...p.data);
      cursor = p.next_cursor;
      pages++;
      assert.ok(pages <= 200, 'the walk ends');
    } while (cursor);
    return { rows, pages };
  }

  /** Every row once, in the documented order (each row strictly after the previous one). */
  function assertListing(rows: Row[]): void {
    assert.equal(new Set(rows.map(rowKey)).size, rows.length, 'no row twice');
    for (let i = 1; i < rows.length; i++) {
      assert.ok(listingOrder(rows[i - 1]!, rows[i]!) < 0, `rows ${i - 1} and ${i} out of order`);
    }
  }

  /**
   * The same rows fetched without paging: the HS chapters of `rows` split in two sets
   * of fewer than 10 000 rows each, each set answered by one single-page request.
   */
  async function unpaged(path: string, rows: Row[]): Promise<Row[]> {
    const byChapter = new Map<string, number>();
    for (const r of rows) byChapter.set(r.hs6.slice(0, 2), (byChapter.get(r.hs6.slice(0, 2)) ?? 0) + 1);
    const chapters = [...byChapter.keys()].sort();
    const halves: string[][] = [[], []];
    let seen = 0;
    for (const c of chapters) {
      halves[seen < rows.length / 2 ? 0 : 1]!.push(c);
      seen += byChapter.get(c)!;
    }
    const parts = await Promise.all(
      halves.map(async (half) => {
        const p = await page(`${path}&product=${half.join(',')}&limit=10000`);
        assert.equal(p.next_cursor, null);
        assert.ok(p.data.length < 10000, 'one page holds the whole half');
        return p.data;
      }),
    );
    return parts.flat().sort(listingOrder);
  }

  it('walks more than 10 000 annual observations, each once, in the documented order', async () => {
    const path = '/v1/trade?from=2023&to=2023';
    const { rows, pages } = await walk(path, [1000]);
    assert.ok(rows.length > 10_000, `${rows.length} rows`);
    assert.equal(pages, Math.ceil(rows.length / 1000));
    assertListing(rows);
    assert.deepEqual(rows, await unpaged(path, rows));
    const summary = (await s.get('/v1/trade/summary?from=2023&to=2023')).body.data;
    const total = rows.reduce((sum, r) => sum + r.value_usd, 0);
    assert.ok(Math.abs(total - summary.trade_value) <= 1e-6 * summary.trade_value, 'values add up to the summary');
    // The largest page size, and a page size that changes along the walk, give the same rows.
    assert.deepEqual((await walk(path, [10000])).rows, rows);
    assert.deepEqual((await walk(path, [1, 999, 4321, 2500])).rows.length, rows.length);
  });

  it('walks listings that merge two orientations or sort several leading values', async () => {
    // No flow: rows exported and imported by DE, read as two terms and merged.
    const both = '/v1/trade?reporter=DE&from=2015&to=2025';
    const { rows } = await walk(both, [997]);
    assert.ok(rows.length > 10_000, `${rows.length} rows`);
    assertListing(rows);
    const years = [];
    for (let y = 2015; y <= 2025; y++) {
      const p = await page(`/v1/trade?reporter=DE&from=${y}&to=${y}&limit=10000`);
      assert.equal(p.next_cursor, null);
      years.push(...p.data);
    }
    assert.deepEqual(rows, years);
    // Several exporters: a sort over a window of years rather than the stored order.
    const several = '/v1/trade?reporter=DE,FR,IT&flow=export&from=2021&to=2024';
    const sorted = await walk(several, [1500]);
    assertListing(sorted.rows);
    assert.deepEqual(sorted.rows, await unpaged(several, sorted.rows));
  });

  it('walks more than 10 000 monthly flows, each once, in the documented order', async () => {
    const path = '/v1/trade/monthly?from=2024-01&to=2024-02';
    const { rows } = await walk(path, [1000]);
    assert.ok(rows.length > 10_000, `${rows.length} rows`);
    assertListing(rows);
    assert.deepEqual(rows, await unpaged(path, rows));
    assert.deepEqual((await walk(path, [10000])).rows, rows);
    // Exporter declarations only: the listing is sorted, not read in stored order.
    const declared = '/v1/trade/monthly?from=2024-01&to=2024-02&method=exporter';
    const exp = await walk(declared, [2500]);
    assertListing(exp.rows);
    assert.ok(exp.rows.every((r: any) => r.reported_by === 'exporter'));
    assert.deepEqual(exp.rows, await unpaged(declared, exp.rows));
    // One exporter: its stored order, continued within and across months.
    const one = '/v1/trade/monthly?exporter=DE&from=2024-01&to=2024-06';
    const de = await walk(one, [333]);
    assertListing(de.rows);
    assert.deepEqual(de.rows, (await page(`${one}&limit=10000`)).data);
  });

  it('keeps next_cursor in every answer, null on the last page and on a single page', async () => {
    const path = '/v1/trade?reporter=ZA&flow=export&product=26';
    const all = await page(`${path}&limit=10000`);
    assert.equal(all.next_cursor, null);
    const n = all.data.length;
    assert.ok(n > 2);
    // A page exactly as long as the listing is the last one.
    assert.equal((await page(`${path}&limit=${n}`)).next_cursor, null);
    const first = await page(`${path}&limit=${n - 1}`);
    assert.ok(first.next_cursor);
    const last = await page(withCursor(`${path}&limit=${n - 1}`, first.next_cursor));
    assert.deepEqual(last.data, all.data.slice(n - 1));
    assert.equal(last.next_cursor, null);
    // The default page size, one page: the cursor is there, and null.
    const single = await page('/v1/trade?reporter=ZA&flow=export&product=26&from=2023&to=2023');
    assert.ok(single.data.length > 0 && single.data.length < 1000);
    assert.equal(single.next_cursor, null);
    const empty = await page('/v1/trade/monthly?exporter=DE&from=2010-01&to=2010-12');
    assert.deepEqual([empty.data, empty.next_cursor], [[], null]);
  });

  it('binds a cursor to its query: same filters written differently share it, others get 422', async () => {
    const path = '/v1/trade?reporter=DE&product=27,84&from=2023&to=2024';
    const first = await page(`${path}&limit=100`);
    const cursor = first.next_cursor!;
    assert.ok(cursor);
    const next = await page(withCursor(`${path}&limit=100`, cursor));
    // ISO3 and any case, products in another order and another page size continue the same walk.
    const same = await page(withCursor('/v1/trade?reporter=deu&product=hs:84,27&from=2023&to=2024&limit=50', cursor));
    assert.deepEqual(same.data, next.data.slice(0, 50));
    for (const other of [
      '/v1/trade?reporter=FR&product=27,84&from=2023&to=2024',
      '/v1/trade?reporter=DE&product=27&from=2023&to=2024',
      '/v1/trade?reporter=DE&product=27,84&from=2023&to=2025',
      '/v1/trade?reporter=DE&product=27,84&from=2023&to=2024&flow=export',
      '/v1/trade/monthly?exporter=DE&product=27,84&from=2023&to=2024',
    ]) {
      expectCursorError(await s.get(withCursor(other, cursor)), OTHER_QUERY);
    }
    // A history cursor is not a trade cursor, nor the reverse.
    const history = (await s.get('/v1/history?country=USA&indicator=FX_USD,BOND_YIELD_10Y')).body.next_cursor;
    assert.ok(history);
    expectCursorError(await s.get(withCursor(path, history)), OTHER_QUERY);
    expectCursorError(await s.get(withCursor('/v1/history?country=USA', cursor)), OTHER_QUERY);
  });

  it('refuses a cursor beside a token that names nothing with 422, before any 404', async () => {
    const de = (await page('/v1/trade?reporter=DE&limit=5')).next_cursor!;
    expectCursorError(await s.get(withCursor('/v1/trade?reporter=QQ&limit=5', de)), OTHER_QUERY);
    expectCursorError(await s.get(withCursor('/v1/trade?reporter=DE&product=9999&limit=5', de)), OTHER_QUERY);
    const monthly = (await page('/v1/trade/monthly?exporter=DE&limit=5')).next_cursor!;
    expectCursorError(await s.get(withCursor('/v1/trade/monthly?exporter=QQ&limit=5', monthly)), OTHER_QUERY);
    const history = (await s.get('/v1/history?country=USA&indicator=FX_USD,BOND_YIELD_10Y')).body.next_cursor;
    expectCursorError(await s.get(withCursor('/v1/history?country=QQQ', history)), OTHER_QUERY);
    // Without a cursor, the unknown token is the 404 it always was.
    expectError(await s.get('/v1/trade?reporter=QQ'), 404, 'not_found');
  });

  it('refuses an edited, truncated or forged cursor with 422', async () => {
    const path = '/v1/trade?from=2023&to=2023';
    const cursor = (await page(`${path}&limit=10`)).next_cursor!;
    const flipped = cursor.slice(0, 10) + (cursor[10] === 'A' ? 'B' : 'A') + cursor.slice(11);
    for (const bad of [flipped, cursor.slice(0, -2), `${cursor}AA`, 'not-a-cursor', '%20']) {
      expectCursorError(await s.get(withCursor(path, bad)), NOT_A_CURSOR, true);
    }
    // A valid checksum over a key this listing never writes.
    const [version, fingerprint, period, value] = cursorBody(cursor);
    for (const key of [
      [period, value],
      [period, 'x', 'DE', 'FR', 10190],
      [period, value, 'DEU', 'FR', 10190],
    ]) {
      expectCursorError(await s.get(withCursor(path, craftCursor([version, fingerprint, ...key]))), NOT_A_CURSOR);
    }
    // Signed by no one but the service: a body edited and re-checksummed is refused.
    const edited = [version, fingerprint, period, value, 'DE', 'FR', 10190];
    expectCursorError(await s.get(withCursor(path, unkeyedCursor(edited))), NOT_A_CURSOR, true);
    // A malformed cursor is a 422 even beside a token that does not resolve.
    expectCursorError(await s.get(withCursor('/v1/trade?reporter=QQ', flipped)), NOT_A_CURSOR, true);
  });

  it('continues after a country the serving snapshot does not know, as after its code', async () => {
    // A snapshot that adds countries renumbers them, so a cursor names countries by code;
    // a replica whose snapshot lacks the code continues between its neighbours.
    const path = '/v1/trade?from=2023&to=2023';
    const all = (await walk(path, [10000])).rows;
    const [version, fingerprint] = cursorBody((await page(`${path}&limit=10`)).next_cursor!);
    const unassigned = ['DF', 'GZ', 'KA', 'MB', 'OA', 'RA', 'TA', 'WA'];
    let checked = 0;
    for (let i = 1; i < all.length && checked < 3; i++) {
      const [a, b] = [all[i - 1]!, all[i]!];
      const code = unassigned.find((c) => a.exporter < c && c < b.exporter);
      if (a.value_usd !== b.value_usd || !code) continue;
      // Equal values: the exporter decides, and the unknown code sorts between the two rows.
      const forged = craftCursor([version, fingerprint, 2023, a.value_usd, code, 'AA', 0]);
      const at: Row = { period: a.period, value_usd: a.value_usd, exporter: code, importer: 'AA', hs6: '000000' };
      const data = (await page(withCursor(`${path}&limit=50`, forged))).data;
      assert.deepEqual(data[0], b);
      assert.deepEqual(data, all.filter((r) => listingOrder(r, at) > 0).slice(0, 50));
      checked++;
    }
    assert.ok(checked > 0, 'two rows of equal value whose exporters surround an unassigned code');
  });

  it('does not page grouped monthly answers', async () => {
    const path = '/v1/trade/monthly?exporter=DE&from=2024-01&to=2024-06';
    const grouped = await s.get(`${path}&group_by=importer&limit=5`);
    assert.equal(grouped.status, 200);
    assert.deepEqual(Object.keys(grouped.body).sort(), ['data', 'duration_ms', 'request_id']);
    const cursor = (await page(`${path}&limit=10`)).next_cursor!;
    assert.ok(cursor);
    for (const by of ['period', 'exporter', 'importer', 'hs6']) {
      expectCursorError(
        await s.get(withCursor(`${path}&group_by=${by}`, cursor)),
        'is not accepted with group_by: grouped answers are not paged',
      );
    }
    // The method is part of the query a monthly cursor belongs to.
    expectCursorError(await s.get(withCursor(`${path}&method=importer`, cursor)), OTHER_QUERY);
  });
});
