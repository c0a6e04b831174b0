import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { parse } from 'csv-parse/sync';
import { ApiError, EcontradeClient, TransportError, type ClientOptions } from '../client/src/index.js';
import {
  createDatabase,
  sampleDataDir,
  startRedis,
  startServerProcess,
  type RedisProcess,
  type ServerProcess,
} from './helpers/processes.js';

const KEY = 'client-key';

/** A client whose fetch counts the attempts it makes. */
function countingClient(url: string, options: Partial<ClientOptions> = {}) {
  const attempts: string[] = [];
  const client = new EcontradeClient({
    baseUrl: url,
    apiKey: KEY,
    retry: { baseDelayMs: 50 },
    ...options,
    fetch: (input, init) => {
      attempts.push(input instanceof Request ? input.url : input.toString());
      return fetch(input, init);
    },
  });
  return { client, attempts };
}

describe('TypeScript client against a real server', () => {
  let dataDir: string;
  let server: ServerProcess;
  before(async () => {
    dataDir = await sampleDataDir();
    server = await startServerProcess({ DATA_DIR: dataDir, BOOTSTRAP_API_KEY: KEY });
  });
  after(async () => {
    await server.stop('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('calls the 22 JSON operations, leaving every default to the service', async () => {
    const { client } = countingClient(server.url);
    const answers = await Promise.all([
      client.countries(),
      client.indicators(),
      client.latest({ country: 'USA' }),
      client.history({ country: 'DEU', indicator: 'CPI' }),
      client.search({ q: 'germany' }),
      client.updates({ since: '2020-01-01' }),
      client.vintages({ country: 'USA', indicator: 'GDP_REAL_QOQ' }),
      client.trade({ reporter: 'DE', from: '2023', to: '2023' }),
      client.tradeSummary({ reporter: 'DE', partner: 'CN' }),
      client.monthly({ exporter: 'DE', from: '2024-01', to: '2024-01' }),
      client.coverage(),
      client.products({ q: 'coffee' }),
      client.product('0901'),
      client.productHistory('0901'),
      client.productMarkets('0901'),
      client.tradeCountries({ q: 'ger' }),
      client.tradeCountry('DE'),
      client.countryImports('DE'),
      client.countryExports('DE'),
      client.countryPartners('DE', { flow: 'export' }),
      client.countryProducts('DE'),
      client.countryAdvantage('DE'),
      client.countryComplexity({ min_country_exports: 0, min_product_trade: 0, limit: 5 }),
      client.productComplexity({ level: 'hs6', limit: 5 }),
      client.countryOpportunities('DE', { limit: 5 }),
      client.relatedProducts('0901', { limit: 5 }),
    ]);
    assert.equal(answers.length, 26);
    for (const a of answers) assert.match(a.request_id, /^[0-9a-f-]{36}$/);
    const [countries, , , history] = answers;
    assert.ok(countries.data.some((c) => c.country_id === 'DEU'));
    assert.ok(history.data.every((p) => p.series_id === 'DEU.CPI'));
  });

  it('streams an extract (api.bulk) and names a concordance without tables as the service does', async () => {
    const { client } = countingClient(server.url);
    const stream = await client.bulk({ reporter: 'DE', flow: 'export', from: '2023', to: '2023' });
    const chunks: Uint8Array[] = [];
    for await (const chunk of stream) chunks.push(chunk);
    const file = Buffer.concat(chunks);
    // A Parquet file starts and ends with its magic number.
    assert.equal(file.subarray(0, 4).toString(), 'PAR1');
    assert.equal(file.subarray(-4).toString(), 'PAR1');
    const csvChunks: Uint8Array[] = [];
    for await (const chunk of await client.bulk({
      reporter: 'DE',
      flow: 'export',
      from: '2023',
      to: '2023',
      format: 'csv',
    }))
      csvChunks.push(chunk);
    const csv = Buffer.concat(csvChunks).toString();
    const page = await client.trade({ reporter: 'DE', flow: 'export', from: '2023', to: '2023', limit: 10000 });
    assert.equal(csv.trimEnd().split('\n').length, page.data.length + 1);
    await assert.rejects(client.productConcordance('0901', { to: 1992 }), (err: unknown) => {
      assert.ok(err instanceof ApiError);
      assert.equal(err.status, 422);
      assert.equal(err.code, 'validation_error');
      return true;
    });
  });

  it('iterates over every page: history rows and trade rows, each once', async () => {
    const { client, attempts } = countingClient(server.url);
    // A daily series spans several pages of 1 000 points.
    const dates: string[] = [];
    for await (const point of client.historyRows({ country: 'DEU', indicator: 'BOND_YIELD_10Y' }))
      dates.push(point.date);
    assert.ok(attempts.length > 1, `${attempts.length} pages`);
    assert.equal(new Set(dates).size, dates.length, 'each point once');
    assert.deepEqual(dates, [...dates].sort(), 'in order');
    const rows = [];
    for await (const row of client.tradeRows({ reporter: 'DE', from: '2023', to: '2023', limit: 1000 })) rows.push(row);
    const summary = await client.tradeSummary({ reporter: 'DE', from: '2023', to: '2023' });
    const total = rows.reduce((sum, r) => sum + r.value_usd, 0);
    assert.ok(Math.abs(total - summary.data.trade_value!) < 1e-3 * summary.data.trade_value!, 'every row once');
  });

  it('downloads CSV', async () => {
    const { client } = countingClient(server.url);
    const text = await client.csv('/v1/trade/countries/{cid}/partners', { flow: 'export' }, { path: { cid: 'DE' } });
    const json = await client.countryPartners('DE', { flow: 'export' });
    const [header, ...lines] = parse(text) as string[][];
    assert.deepEqual(header, Object.keys(json.data[0]!));
    assert.equal(lines.length, json.data.length);
  });

  it('throws typed errors and never retries a 4xx other than 429', async () => {
    const { client, attempts } = countingClient(server.url);
    const notFound = await client.latest({ country: 'atlantis' }).catch((e: unknown) => e);
    assert.ok(notFound instanceof ApiError);
    assert.equal(notFound.code, 'not_found');
    assert.equal(notFound.status, 404);
    assert.match(notFound.requestId!, /^[0-9a-f-]{36}$/);
    const invalid = await client.trade({ limit: 0 }).catch((e: unknown) => e);
    assert.ok(invalid instanceof ApiError && invalid.code === 'validation_error');
    assert.deepEqual(invalid.detail?.[0]?.loc, ['query', 'limit']);
    const wrongKey = new EcontradeClient({ baseUrl: server.url, apiKey: 'nope' });
    await assert.rejects(wrongKey.countries(), (e: unknown) => e instanceof ApiError && e.code === 'invalid_key');
    assert.equal(attempts.length, 2, 'one attempt each');
  });

  it('gives up after the 15 s time-out (here shortened) without retrying', async () => {
    const { client, attempts } = countingClient(server.url, { timeoutMs: 1 });
    const err = await client.monthly({ limit: 10_000 }).catch((e: unknown) => e);
    assert.ok(err instanceof TransportError && err.timedOut, String(err));
    assert.equal(attempts.length, 1);
  });
});

describe('TypeScript client retries', () => {
  let dataDir: string;
  before(async () => {
    dataDir = await sampleDataDir();
  });
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  it('on 429 waits for Retry-After, then passes; at most 3 retries', async () => {
    const server = await startServerProcess({
      DATA_DIR: dataDir,
      BOOTSTRAP_API_KEY: KEY,
      RATE_LIMIT_REQUESTS: '2',
      // Long enough that three calls fall in one window on a busy machine too.
      RATE_LIMIT_WINDOW_S: '2',
    });
    try {
      const { client, attempts } = countingClient(server.url);
      const started = Date.now();
      for (let i = 0; i < 3; i++) await client.indicators();
      assert.ok(attempts.length >= 4, `${attempts.length} attempts: the third call was refused, then retried`);
      assert.ok(Date.now() - started >= 900, 'it waited for Retry-After');
      const windowPassed = () => new Promise((r) => setTimeout(r, 2100));
      await windowPassed();
      const impatient = countingClient(server.url, { retry: { maxRetries: 0 } });
      await impatient.client.indicators();
      await impatient.client.indicators();
      const refused = await impatient.client.indicators().catch((e: unknown) => e);
      assert.ok(refused instanceof ApiError && refused.code === 'rate_limit_exceeded');
      assert.ok(refused.retryAfterS !== undefined && refused.retryAfterS >= 1);
      await windowPassed();
      // Waits shorter than Retry-After (maxDelayMs 1): every retry is refused, and there are 3.
      const flooded = countingClient(server.url, { retry: { baseDelayMs: 1, maxDelayMs: 1 } });
      await flooded.client.indicators().catch(() => undefined);
      await flooded.client.indicators().catch(() => undefined);
      const attemptsBefore = flooded.attempts.length;
      await flooded.client.indicators().catch(() => undefined);
      assert.equal(flooded.attempts.length - attemptsBefore, 4, 'one attempt and 3 retries, no more');
    } finally {
      await server.stop();
    }
  });

  it('on 503 retries with backoff until the service is back', async () => {
    const redis: RedisProcess = await startRedis();
    const db = await createDatabase();
    const server = await startServerProcess({
      DATA_DIR: dataDir,
      BOOTSTRAP_API_KEY: KEY,
      REDIS_URL: redis.url,
      DATABASE_URL: db.url,
    });
    try {
      const { client, attempts } = countingClient(server.url, { retry: { baseDelayMs: 300 } });
      await client.countries();
      await redis.stop();
      const unavailable = countingClient(server.url, { retry: { maxRetries: 1, baseDelayMs: 10 } });
      const err = await unavailable.client.countries().catch((e: unknown) => e);
      assert.ok(err instanceof ApiError && err.code === 'provider_unavailable', String(err));
      assert.equal(unavailable.attempts.length, 2, 'one retry');
      const before = attempts.length;
      const call = client.countries();
      setTimeout(() => void redis.start(), 400);
      const answer = await call;
      assert.ok(answer.data.length > 0);
      assert.ok(attempts.length - before >= 2, 'answered after at least one retry');
    } finally {
      await server.stop();
      await redis.stop();
      await db.drop();
    }
  });
});
