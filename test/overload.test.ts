import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { expectError, startTestServer, type TestServer } from './helpers/server.js';

describe('overload', () => {
  let server: TestServer;
  before(async () => {
    // One query may wait for one of the heavy lane's connections; the answer cache is
    // bypassed by distinct queries, so every heavy request below needs DuckDB.
    server = await startTestServer({ duckdbQueueMax: 1 });
  });
  after(() => server.close());

  it('answers 503 with Retry-After when the queue in front of DuckDB is full; cheap requests still pass', async () => {
    const heavy = Array.from({ length: 24 }, (_, i) =>
      server.get(
        `/v1/trade/monthly?group_by=hs6&from=${2015 + (i % 10)}-01&to=2026-${String(1 + (i % 12)).padStart(2, '0')}`,
      ),
    );
    const cheap = await server.get('/v1/countries');
    // A year series reads its own lane's connection: not queued behind the heavy ones.
    const light = await Promise.all([
      server.get('/v1/trade/countries/DE/imports?from=2016'),
      server.get('/v1/trade/products/8703/history?from=2017'),
    ]);
    const answers = await Promise.all(heavy);
    assert.equal(cheap.status, 200);
    assert.deepEqual(
      light.map((r) => r.status),
      [200, 200],
    );
    const refused = answers.filter((r) => r.status === 503);
    assert.ok(refused.length > 0, `statuses: ${answers.map((r) => r.status).join(' ')}`);
    for (const r of refused) {
      expectError(r, 503, 'provider_unavailable');
      assert.equal(r.headers.get('retry-after'), '1');
    }
    assert.ok(answers.every((r) => r.status === 200 || r.status === 503));
    // Once the burst is over, the same requests are served.
    assert.equal((await server.get('/v1/trade/monthly?group_by=hs6&from=2019-01&to=2026-01')).status, 200);
  });
});
