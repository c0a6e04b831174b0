import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { parse } from 'csv-parse/sync';
import { createKeyInProcess, keyUsage } from './helpers/keys.js';
import { expectError, startTestServer, type TestServer } from './helpers/server.js';
import { sampleDataDir, servicesUnavailable, startServerProcess, type ServerProcess } from './helpers/processes.js';
import { startCluster } from './helpers/cluster.js';

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

/**
 * An extract asked for on a raw socket that never reads: the server's buffers fill
 * and its copy waits on the client. Resolves once the answer's head has arrived.
 */
async function stalledExtract(url: string, key: string): Promise<Socket> {
  const { hostname, port, pathname, search } = new URL(url);
  const socket = connect(Number(port), hostname);
  await once(socket, 'connect');
  socket.write(`GET ${pathname}${search} HTTP/1.1\r\nHost: ${hostname}\r\nAuthorization: Bearer ${key}\r\n\r\n`);
  const [head] = (await once(socket, 'data')) as [Buffer];
  assert.match(head.toString('latin1'), /^HTTP\/1\.1 200/);
  socket.pause();
  return socket;
}

const distributedUnavailable = await servicesUnavailable();
if (distributedUnavailable && process.env.REQUIRE_SERVICES === '1')
  throw new Error(`distributed tests need Redis and PostgreSQL: ${distributedUnavailable}`);

for (const mode of ['embedded', 'distributed'] as const) {
  describe(
    `trade extracts, ${mode}: the price and the slots (CONTRACT §9)`,
    {
      skip: mode === 'distributed' && (distributedUnavailable || false),
    },
    () => {
      let env: Record<string, string>;
      let server: ServerProcess;
      let close: () => Promise<void>;
      const limits = { EXTRACT_IDLE_S: '2', EXTRACT_CONCURRENCY: '2' };

      before(async () => {
        if (mode === 'embedded') {
          const dataDir = await sampleDataDir();
          env = { DATA_DIR: dataDir, ...limits };
          server = await startServerProcess(env);
          close = async () => {
            await server.stop('SIGKILL');
            rmSync(dataDir, { recursive: true, force: true });
          };
        } else {
          const cluster = await startCluster(limits, 1);
          ({ env } = cluster);
          server = cluster.replicas[0]!;
          close = () => cluster.close();
        }
      });
      after(async () => close());

      it('charges 1 credit per started 100 000 rows before the first byte, refuses a key without them', async () => {
        const url = `${server.url}/v1/trade/bulk?format=csv`;
        const { key: counting } = await createKeyInProcess({ name: 'count' }, env);
        const counted = await fetch(url, { headers: { authorization: `Bearer ${counting}` } });
        const rows = Number(counted.headers.get('x-rows'));
        await counted.body?.cancel();
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
        // A small quota is refused the whole price, and nothing is charged.
        const { key: small, id: smallId } = await createKeyInProcess({ name: 'small', quota: 1 }, env);
        const tooSmall = await fetch(url, { headers: { authorization: `Bearer ${small}` } });
        expectError(
          { status: tooSmall.status, headers: tooSmall.headers, body: await tooSmall.json() },
          403,
          'quota_exceeded',
        );
        assert.equal(tooSmall.headers.get('x-credits-remaining'), '1');
        assert.deepEqual(await keyUsage(smallId, env), { credits: 0, calls: 0 });
      });

      it('runs one extract per key, two in all, and cuts off clients that read nothing', async () => {
        const url = `${server.url}/v1/trade/bulk?format=csv`;
        const keys = await Promise.all(['a', 'b', 'c'].map((name) => createKeyInProcess({ name }, env)));
        const [a, b, c] = keys.map((k) => k.key) as [string, string, string];
        const stalledA = await stalledExtract(url, a);
        const again = await fetch(url, { headers: { authorization: `Bearer ${a}` } });
        expectError(
          { status: again.status, headers: again.headers, body: await again.json() },
          429,
          'rate_limit_exceeded',
        );
        assert.ok(Number(again.headers.get('retry-after')) >= 1);
        const stalledB = await stalledExtract(url, b);
        const third = await fetch(url, { headers: { authorization: `Bearer ${c}` } });
        expectError(
          { status: third.status, headers: third.headers, body: await third.json() },
          503,
          'provider_unavailable',
        );
        assert.ok(Number(third.headers.get('retry-after')) >= 1);
        // Cut off after EXTRACT_IDLE_S without a byte read: their slots are free again.
        const cutAt = Date.now();
        let answered: Response | undefined;
        while (Date.now() - cutAt < 20_000) {
          answered = await fetch(url, { headers: { authorization: `Bearer ${c}` } });
          if (answered.status === 200) break;
          await answered.arrayBuffer();
          await new Promise((r) => setTimeout(r, 250));
        }
        assert.equal(answered?.status, 200, 'a slot was freed by the cut-off');
        assert.ok(Date.now() - cutAt < 10_000, `freed within the idle time and a little (${Date.now() - cutAt} ms)`);
        await answered!.arrayBuffer();
        stalledA.destroy();
        stalledB.destroy();
        assert.match(server.output(), /extract cut off: the client read nothing for 2 s/);
      });
    },
  );
}
