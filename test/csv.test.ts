import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { parse } from 'csv-parse/sync';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { ingest } from './helpers/ingest.js';
import { OPERATIONS, requestPath } from './helpers/operations.js';
import { expectError, startTestServer, type TestServer } from './helpers/server.js';

/** A JSON value as CSV writes it (§1.11, §9): null empty, arrays joined with `;`, formula-like text quoted. */
function asCsvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = Array.isArray(value)
    ? value.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(';')
    : typeof value === 'string'
      ? value
      : JSON.stringify(value);
  return typeof value !== 'number' && /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** Sample requests of every operation whose `data` is rows, with filters that give rows. */
// The concordance answers once HS tables are loaded: its CSV is checked in trade-editions.test.ts.
const LIST_REQUESTS = OPERATIONS.filter((op) => op.list && !op.needsHsTables).map((op) => {
  const extra: Record<string, string[]> = {
    '/v1/history': ['country=DEU', 'indicator=CPI,GDP', 'transform=yoy', 'from=2019'],
    '/v1/trade': ['reporter=DE', 'from=2023', 'to=2023', 'limit=300'],
    '/v1/trade/monthly': ['exporter=DE', 'from=2024-01', 'to=2024-03', 'limit=200'],
  };
  return requestPath(op, extra[op.path] ?? []);
});

describe('CSV answers (§1.11)', () => {
  let s: TestServer;
  before(async () => {
    s = await startTestServer();
  });
  after(() => s.close());

  it('every list operation: the CSV equals the JSON row for row, header in the JSON field order', async () => {
    assert.ok(LIST_REQUESTS.length >= 14, `${LIST_REQUESTS.length} list operations`);
    for (const path of LIST_REQUESTS) {
      const json = await s.get(path);
      assert.equal(json.status, 200, path);
      const rows = json.body.data as Array<Record<string, unknown>>;
      assert.ok(rows.length > 0, `${path} has rows`);
      const csv = await s.get(`${path}${path.includes('?') ? '&' : '?'}format=csv`);
      assert.equal(csv.status, 200, `${path}: ${JSON.stringify(csv.body)}`);
      assert.equal(csv.headers.get('content-type'), 'text/csv; charset=utf-8');
      const text = csv.body as string;
      assert.ok(text.endsWith('\r\n'), 'CRLF line ends');
      const records = parse(text, { relax_column_count: false }) as string[][];
      const [header, ...lines] = records;
      assert.deepEqual(header, Object.keys(rows[0]!), `${path}: header in the JSON order`);
      assert.equal(lines.length, rows.length, path);
      rows.forEach((row, i) => {
        assert.deepEqual(
          lines[i],
          header!.map((name) => asCsvField(row[name])),
          `${path} row ${i}`,
        );
      });
      assert.ok(csv.headers.get('x-request-id'), 'the request id is a header');
      assert.match(csv.headers.get('vary')!, /^Accept, Accept-Encoding$/);
      assert.notEqual(csv.headers.get('etag'), json.headers.get('etag'), 'each representation its own validator');
    }
  });

  it('the envelope fields become headers: x-duration-ms (trade), x-next-cursor (pages)', async () => {
    const trade = await s.get('/v1/trade?reporter=DE&from=2023&to=2023&limit=5&format=csv');
    assert.match(trade.headers.get('x-duration-ms')!, /^\d+$/);
    const cursor = trade.headers.get('x-next-cursor');
    assert.ok(cursor, 'a next page exists');
    const json = await s.get('/v1/trade?reporter=DE&from=2023&to=2023&limit=5');
    assert.equal(cursor, json.body.next_cursor, 'the same cursor as the JSON page');
    const next = await s.get(`/v1/trade?reporter=DE&from=2023&to=2023&limit=5&format=csv&cursor=${cursor}`);
    const nextJson = await s.get(`/v1/trade?reporter=DE&from=2023&to=2023&limit=5&cursor=${cursor}`);
    assert.equal(next.status, 200);
    assert.equal((parse(next.body as string) as string[][]).length - 1, nextJson.body.data.length);
    // A daily series has more than one page (1 000 points).
    const history = await s.get('/v1/history?country=DEU&indicator=BOND_YIELD_10Y&format=csv');
    assert.equal(history.status, 200);
    assert.ok(history.headers.get('x-next-cursor'), 'history pages have a cursor header');
    assert.equal(history.headers.get('x-duration-ms'), null, 'economics answers have no duration');
    const last = await s.get('/v1/countries?format=csv');
    assert.equal(last.headers.get('x-next-cursor'), null, 'no next page, no header');
  });

  it('Accept: text/csv selects CSV when format is absent; format wins; a tie keeps JSON', async () => {
    const csv = await s.get('/v1/indicators', { headers: { accept: 'text/csv' } });
    assert.equal(csv.headers.get('content-type'), 'text/csv; charset=utf-8');
    const preferred = await s.get('/v1/indicators', { headers: { accept: 'application/json;q=0.5, text/csv' } });
    assert.equal(preferred.headers.get('content-type'), 'text/csv; charset=utf-8');
    const tie = await s.get('/v1/indicators', { headers: { accept: 'text/csv, application/json' } });
    assert.equal(tie.headers.get('content-type'), 'application/json; charset=utf-8');
    const forced = await s.get('/v1/indicators?format=json', { headers: { accept: 'text/csv' } });
    assert.equal(forced.headers.get('content-type'), 'application/json; charset=utf-8');
    const object = await s.get('/v1/trade/countries/DE', { headers: { accept: 'text/csv' } });
    assert.equal(object.status, 200, 'an object answer stays JSON');
    assert.equal(object.headers.get('content-type'), 'application/json; charset=utf-8');
  });

  it('format=csv where data is an object is 422; errors stay JSON; compression and 304 apply', async () => {
    for (const path of ['/v1/trade/summary?reporter=DE&from=2023', '/v1/trade/countries/DE', '/v1/trade/products/85']) {
      const r = await s.get(`${path}${path.includes('?') ? '&' : '?'}format=csv`);
      expectError(r, 422, 'validation_error');
      assert.deepEqual(r.body.detail[0].loc, ['query', 'format']);
    }
    const bad = await s.get('/v1/trade?reporter=DE&limit=0&format=csv');
    expectError(bad, 422, 'validation_error');
    const unknown = await s.get('/v1/countries?format=xml');
    expectError(unknown, 422, 'validation_error');
    const gz = await s.get('/v1/countries?format=csv', { headers: { 'accept-encoding': 'gzip' } });
    assert.equal(gz.headers.get('content-encoding'), 'gzip');
    const etag = gz.headers.get('etag')!;
    const again = await s.get('/v1/countries?format=csv', { headers: { 'if-none-match': etag } });
    assert.equal(again.status, 304);
  });

  it('quotes fields with commas, quotes and line breaks (RFC 4180)', async () => {
    const text = (await s.get('/v1/countries?format=csv')).body as string;
    const json = (await s.get('/v1/countries')).body.data as Array<Record<string, unknown>>;
    const quoted = json.find((c) => Object.values(c).some((v) => typeof v === 'string' && /[,"]/.test(v)));
    assert.ok(quoted, 'the sample has a name with a comma or a quote');
    const records = parse(text) as string[][];
    assert.equal(records.length - 1, json.length);
  });
});

describe('CSV answers never carry a formula (§9)', () => {
  let s: TestServer;
  before(async () => {
    s = await startTestServer();
  });
  after(() => s.close());

  it('prefixes a hostile product name with a single quote, and keeps it as is in JSON', async () => {
    const hostile = "=2+5+cmd|' /C calc'!A0";
    const file = path.join(s.dataDir, 'hostile-hs.csv');
    writeFileSync(
      file,
      [
        'section,hscode,description,parent,level',
        'I,01,Live animals,TOTAL,2',
        'I,0101,"Horses, asses, mules and hinnies",01,4',
        `I,010121,"${hostile}",0101,6`,
        'I,010129,@SUM(1+1),0101,6',
      ].join('\n'),
    );
    await ingest(s.dataDir, 'hs', { files: [file] });
    await s.refresh();
    const json = await s.data('/v1/trade/products?q=010121');
    assert.equal(json[0].name, hostile);
    const csv = await s.get('/v1/trade/products?q=0101&format=csv');
    assert.equal(csv.status, 200);
    const records = parse(csv.raw, { columns: true }) as Array<{ hs6: string; name: string }>;
    assert.equal(records.find((r) => r.hs6 === '010121')?.name, `'${hostile}`);
    assert.equal(records.find((r) => r.hs6 === '010129')?.name, "'@SUM(1+1)");
    assert.ok(
      !csv.raw
        .toString()
        .split('\r\n')
        .some((line) => /(^|,)[=+@]/.test(line)),
      'no field starts a formula',
    );
  });
});
