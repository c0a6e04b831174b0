import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { parse } from 'csv-parse/sync';
import { createKeyInProcess, keyUsage } from './helpers/keys.js';
import { expectError, startTestServer, type TestServer } from './helpers/server.js';
import { sampleDataDir, startServerProcess, type ServerProcess } from './helpers/processes.js';

/**
 * `/v1/trade/bulk` (CONTRACT §4): the rows of `/v1/trade` in its order as one file,
 * priced by its rows before the first byte. Parquet is read back in
 * `trade-editions.test.ts`; here the CSV form, the price and the refusals.
 */
describe('trade extracts', () => {
  let s: TestServer;

  before(async () => {
    s = await startTestServer();
  });
  after(async () => {
    await s.close();
  });

  /** Every row of `/v1/trade` for `query`, following the cursors, as CSV records. */
  async function pages(query: string): Promise<string[][]> {
    const rows: string[][] = [];
    let cursor: string | null = null;
    do {
      const r = await s.get(`/v1/trade?${query}&limit=10000&format=csv${cursor ? `&cursor=${cursor}` : ''}`);
      assert.equal(r.status, 200);
      rows.push(...(parse(r.raw, { from_line: 2 }) as string[][]));
      cursor = r.headers.get('x-next-cursor');
    } while (cursor);
    return rows;
  }

  for (const query of [
    'reporter=DE&flow=export',
    'reporter=DE',
    'partner=US&product=85&from=2020',
    'from=2023&to=2023',
  ]) {
    it(`holds exactly the /v1/trade rows in its order (${query})`, async () => {
      const r = await s.get(`/v1/trade/bulk?${query}&format=csv`);
      assert.equal(r.status, 200);
      assert.equal(r.headers.get('content-type'), 'text/csv; charset=utf-8');
      assert.match(String(r.headers.get('content-disposition')), /^attachment; filename="trade-\d{4}-\d{4}\.csv"$/);
      const [header, ...rows] = parse(r.raw) as string[][];
      assert.deepEqual(header, [
        'exporter',
        'importer',
        'hs6',
        'hs_version',
        'period',
        'granularity',
        'value_usd',
        'quantity',
        'quantity_unit',
      ]);
      const listed = await pages(query);
      assert.equal(r.headers.get('x-rows'), String(listed.length));
      assert.equal(rows.length, listed.length);
      // Numbers as numbers (DuckDB may write 1.5e3 where JSON writes 1500).
      const norm = (row: string[]) => row.map((v, i) => ((i === 6 || i === 7) && v !== '' ? String(Number(v)) : v));
      assert.deepEqual(rows.map(norm), listed.map(norm));
    });
  }

  it('refuses a format, an edition without a table and an unknown country before any byte', async () => {
    expectError(await s.get('/v1/trade/bulk?format=xlsx'), 422, 'validation_error');
    expectError(await s.get('/v1/trade/bulk?hs_version=1992'), 422, 'validation_error');
    expectError(await s.get('/v1/trade/bulk?reporter=XX'), 404, 'not_found');
    expectError(await s.get('/v1/trade/bulk?limit=5'), 422, 'validation_error');
  });
});

describe('trade extracts: the price', () => {
  let dataDir: string;
  let env: Record<string, string>;
  let server: ServerProcess;

  before(async () => {
    dataDir = await sampleDataDir();
    env = { DATA_DIR: dataDir };
    server = await startServerProcess(env);
  });
  after(async () => {
    await server.stop('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('charges 1 credit per started 100 000 rows before the first byte, and refuses a key without them', async () => {
    const url = `${server.url}/v1/trade/bulk?format=csv`;
    const { key: counting } = await createKeyInProcess({ name: 'count' }, env);
    const rows = Number((await fetch(url, { headers: { authorization: `Bearer ${counting}` } })).headers.get('x-rows'));
    assert.ok(rows > 100_000, `the test sample holds ${rows} annual rows`);
    const price = Math.ceil(rows / 100_000);
    const { key, id } = await createKeyInProcess({ name: 'extracts', quota: price + 1 }, env);
    const auth = { authorization: `Bearer ${key}` };
    const first = await fetch(url, { headers: auth });
    assert.equal(first.status, 200);
    assert.equal(first.headers.get('x-credits-remaining'), '1');
    assert.equal((await first.text()).trimEnd().split('\n').length, rows + 1);
    assert.deepEqual(await keyUsage(id, env), { credits: price, calls: 1 });
    const answer = await fetch(url, { headers: auth });
    const refused = { status: answer.status, headers: answer.headers, body: await answer.json() };
    expectError(refused, 403, 'quota_exceeded');
    assert.match(refused.body.message, new RegExp(`costs ${price} credit\\(s\\); 1 remain`));
    assert.equal(refused.headers.get('x-credits-remaining'), '1');
    assert.equal(refused.headers.get('content-disposition'), null);
    assert.deepEqual(await keyUsage(id, env), { credits: price, calls: 1 });
  });
});
