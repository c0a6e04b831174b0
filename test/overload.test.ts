import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { expectError, startTestServer, type TestServer } from './helpers/server.js';

describe('overload', () => {
  let server: TestServer;
  before(async () => {
    // One query may wait for one of the four connections; the answer cache is bypassed
    // by distinct queries, so every request below needs DuckDB.
    server = await startTestServer({ duckdbQueueMax: 1 });
  });
  after(() => server.close());

  it('answers 503 with Retry-After when the queue in front of DuckDB is full; cheap requests still pass', async () => {
    const heavy = Array.from({ length: 24 }, (_, i) =>
      server.get(`/v1/history?transform=yoy&from=${2000 + (i % 20)}&to=2026&indicator=CPI,UNEMPLOYMENT`),
    );
    const cheap = await server.get('/v1/countries');
    const answers = await Promise.all(heavy);
    assert.equal(cheap.status, 200);
    const refused = answers.filter((r) => r.status === 503);
    assert.ok(refused.length > 0, `statuses: ${answers.map((r) => r.status).join(' ')}`);
    for (const r of refused) {
      expectError(r, 503, 'provider_unavailable');
      assert.equal(r.headers.get('retry-after'), '1');
    }
    assert.ok(answers.every((r) => r.status === 200 || r.status === 503));
    // Once the burst is over, the same requests are served.
    assert.equal((await server.get('/v1/history?transform=yoy&from=2019&to=2026&indicator=CPI')).status, 200);
  });
});
