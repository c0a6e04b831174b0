import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createKeyInProcess, keyUsage } from './helpers/keys.js';
import { sampleDataDir, startServerProcess, type ServerProcess } from './helpers/processes.js';
import { TEST_KEY, startTestServer, type TestServer } from './helpers/server.js';

// The server is a real process (`src/main.ts`) on the sample data; the client is the MCP SDK's own.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/**
 * Valid arguments of every tool on the sample data, and the GET of /v1 each stands for;
 * `refused`: the operation's own refusal there (the sample loads no HS conversion table).
 */
const CALLS: Record<string, { args: Record<string, unknown>; url: string; refused?: string }> = {
  list_countries: { args: {}, url: '/v1/countries' },
  list_indicators: { args: {}, url: '/v1/indicators' },
  get_latest: { args: { country: 'DEU', indicator: 'CPI_YOY' }, url: '/v1/latest?country=DEU&indicator=CPI_YOY' },
  get_history: {
    args: { country: ['DEU', 'FRA'], indicator: 'CPI_YOY', from: '2015', transform: 'chg', frequency: 'annual' },
    url: '/v1/history?country=DEU,FRA&indicator=CPI_YOY&from=2015&transform=chg&frequency=annual',
  },
  search: { args: { q: 'inflation', limit: 5 }, url: '/v1/search?q=inflation&limit=5' },
  list_updates: { args: { since: '2026-01-01' }, url: '/v1/updates?since=2026-01-01' },
  list_vintages: { args: { country: 'DEU', indicator: 'CPI_YOY' }, url: '/v1/vintages?country=DEU&indicator=CPI_YOY' },
  list_trade: { args: { reporter: 'DE', limit: 5 }, url: '/v1/trade?reporter=DE&limit=5' },
  trade_summary: { args: { reporter: 'DE', product: '27' }, url: '/v1/trade/summary?reporter=DE&product=27' },
  list_trade_monthly: { args: { exporter: 'DE', limit: 5 }, url: '/v1/trade/monthly?exporter=DE&limit=5' },
  get_trade_coverage: { args: {}, url: '/v1/trade/coverage' },
  find_products: { args: { q: 'crude', limit: 5 }, url: '/v1/trade/products?q=crude&limit=5' },
  get_product: { args: { pid: '270900' }, url: '/v1/trade/products/270900' },
  get_product_history: { args: { pid: '2709', reporter: 'DE' }, url: '/v1/trade/products/2709/history?reporter=DE' },
  product_markets: { args: { pid: '270900', limit: 5 }, url: '/v1/trade/products/270900/markets?limit=5' },
  get_product_concordance: {
    args: { pid: '270900', to: 1992 },
    url: '/v1/trade/products/270900/concordance?to=1992',
    refused: 'validation_error',
  },
  find_trade_countries: { args: { q: 'germany' }, url: '/v1/trade/countries?q=germany' },
  get_trade_country: { args: { cid: 'DE' }, url: '/v1/trade/countries/DE' },
  get_country_imports: { args: { cid: 'DE' }, url: '/v1/trade/countries/DE/imports' },
  get_country_exports: { args: { cid: 'DE', from: '2020' }, url: '/v1/trade/countries/DE/exports?from=2020' },
  country_partners: {
    args: { cid: 'DE', flow: 'export', limit: 5 },
    url: '/v1/trade/countries/DE/partners?flow=export&limit=5',
  },
  country_products: { args: { cid: 'DE', limit: 5 }, url: '/v1/trade/countries/DE/products?limit=5' },
  country_advantage: { args: { cid: 'DE', limit: 5 }, url: '/v1/trade/countries/DE/advantage?limit=5' },
  country_complexity: { args: { limit: 5 }, url: '/v1/trade/complexity/countries?limit=5' },
  product_complexity: { args: { level: 'hs6', limit: 5 }, url: '/v1/trade/complexity/products?level=hs6&limit=5' },
  country_opportunities: { args: { cid: 'DE', limit: 5 }, url: '/v1/trade/countries/DE/opportunities?limit=5' },
  related_products: { args: { pid: '2709', limit: 5 }, url: '/v1/trade/products/2709/related?limit=5' },
};

const REQUIRED_TOOLS = [
  'search',
  'get_latest',
  'get_history',
  'list_indicators',
  'trade_summary',
  'country_partners',
  'country_products',
  'country_advantage',
  'product_markets',
  'find_products',
  'find_trade_countries',
];

const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

describe('MCP at /mcp', () => {
  let dataDir: string;
  let env: Record<string, string>;
  let server: ServerProcess;
  const clients: Client[] = [];

  /** An SDK client connected to /mcp with `key`. */
  async function connect(key: string): Promise<Client> {
    const transport = new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${key}` } },
    });
    const client = new Client({ name: 'mcp-test', version: '1.0.0' });
    await client.connect(transport);
    clients.push(client);
    return client;
  }

  const get = (key: string, url: string) => fetch(server.url + url, { headers: { authorization: `Bearer ${key}` } });

  before(async () => {
    dataDir = await sampleDataDir();
    env = { DATA_DIR: dataDir, RATE_LIMIT_REQUESTS: '1000', RATE_LIMIT_WINDOW_S: '60' };
    server = await startServerProcess(env);
  });
  after(async () => {
    for (const client of clients) await client.close();
    await server.stop('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('lists a tool per operation, with the contract names and described input schemas', async () => {
    const { key } = await createKeyInProcess({ name: 'list' }, env);
    const client = await connect(key);
    const { tools } = await client.listTools();
    const names = tools.map((t) => t.name);
    for (const name of REQUIRED_TOOLS) assert.ok(names.includes(name), `tool ${name} listed`);
    assert.ok(!names.includes('download_trade'), 'a file download is no tool');
    assert.deepEqual([...names].sort(), Object.keys(CALLS).sort(), 'every tool has a call in this test');
    for (const tool of tools) {
      assert.ok(tool.description && tool.description.length > 20, `${tool.name} is described`);
      assert.equal(tool.inputSchema.type, 'object');
      for (const [param, schema] of Object.entries(tool.inputSchema.properties ?? {})) {
        assert.ok((schema as { description?: string }).description, `${tool.name}.${param} is described`);
      }
    }
    const history = tools.find((t) => t.name === 'get_history')!;
    for (const param of ['transform', 'frequency', 'as_of', 'country', 'indicator', 'cursor']) {
      assert.ok(history.inputSchema.properties?.[param], `get_history takes ${param}`);
    }
    assert.ok(!history.inputSchema.required?.includes('transform'), 'a parameter with a default is optional');
    const partners = tools.find((t) => t.name === 'country_partners')!;
    assert.deepEqual(partners.inputSchema.required, ['cid']);
  });

  it('answers every tool with the data of the GET it stands for, beside a text naming the source', async () => {
    const { key } = await createKeyInProcess({ name: 'calls' }, env);
    const client = await connect(key);
    for (const [name, { args, url, refused }] of Object.entries(CALLS)) {
      const result = await client.callTool({ name, arguments: args });
      const response = await get(key, url);
      if (refused) {
        const http = (await response.json()) as { error: string; message: string };
        assert.equal(http.error, refused);
        assert.equal(result.isError, true);
        assert.deepEqual(result.structuredContent, {
          ...http,
          request_id: (result.structuredContent as any).request_id,
        });
        continue;
      }
      assert.equal(result.isError, undefined, `${name}: ${JSON.stringify(result.content)}`);
      assert.equal(response.status, 200, url);
      const body = (await response.json()) as { data: unknown; next_cursor?: unknown };
      const structured = result.structuredContent as { data: unknown; next_cursor?: unknown };
      assert.deepEqual(structured.data, body.data, name);
      assert.equal(structured.next_cursor, body.next_cursor, name);
      assert.deepEqual(Object.keys(structured).sort(), 'next_cursor' in body ? ['data', 'next_cursor'] : ['data']);
      const text = (result.content as Array<{ type: string; text: string }>)[0]!;
      assert.equal(text.type, 'text');
      assert.ok(text.text.length > 0 && text.text.length < 1000, `${name}: a short text`);
    }
    const latest = await client.callTool({ name: 'get_latest', arguments: CALLS.get_latest!.args });
    const text = (latest.content as Array<{ text: string }>)[0]!.text;
    const row = (latest.structuredContent as { data: Array<{ source_name: string; license_id: string }> }).data[0]!;
    assert.ok(text.includes(row.source_name) && text.includes(row.license_id), text);
  });

  it('pages history with next_cursor, and reads it as of a day', async () => {
    const { key } = await createKeyInProcess({ name: 'pages' }, env);
    const client = await connect(key);
    const first = await client.callTool({ name: 'get_history', arguments: { indicator: 'CPI_YOY' } });
    const cursor = (first.structuredContent as { next_cursor: string | null }).next_cursor;
    assert.equal(typeof cursor, 'string', 'every monthly CPI series is more than a page');
    const second = await client.callTool({ name: 'get_history', arguments: { indicator: 'CPI_YOY', cursor } });
    assert.equal(second.isError, undefined);
    const asOf = await client.callTool({
      name: 'get_history',
      arguments: { country: 'DEU', indicator: 'CPI_YOY', as_of: '2026-01-15' },
    });
    assert.equal(asOf.isError, undefined, JSON.stringify(asOf.content));
    const points = (asOf.structuredContent as { data: Array<{ date: string }> }).data;
    assert.ok(points.length > 0 && points.every((p) => p.date < '2026-01-15'));
  });

  it('turns 404 and 422 refusals into tool errors with the same code and message', async () => {
    const { key } = await createKeyInProcess({ name: 'refusals' }, env);
    const client = await connect(key);
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['get_latest', { country: 'atlantis' }, '/v1/latest?country=atlantis'],
      ['search', { q: 'x', limit: 0 }, '/v1/search?q=x&limit=0'],
      ['get_latest', { contry: 'DEU' }, '/v1/latest?contry=DEU'],
      ['country_partners', { cid: 'XX' }, '/v1/trade/countries/XX/partners'],
    ];
    for (const [name, args, url] of cases) {
      const result = await client.callTool({ name, arguments: args });
      const http = (await (await get(key, url)).json()) as { error: string; message: string; detail?: unknown };
      assert.equal(result.isError, true, name);
      const structured = result.structuredContent as typeof http;
      assert.equal(structured.error, http.error);
      assert.equal(structured.message, http.message);
      assert.deepEqual(structured.detail, http.detail);
      assert.equal((result.content as Array<{ text: string }>)[0]!.text, `${http.error}: ${http.message}`);
    }
    const missing = await client.callTool({ name: 'country_partners', arguments: {} });
    assert.equal(missing.isError, true);
    assert.equal((missing.structuredContent as { error: string }).error, 'validation_error');
  });

  it('rate-limits tool calls as the operations they run: 429 as a tool error', async () => {
    const { key } = await createKeyInProcess({ name: 'rate', rate: '2/60' }, env);
    const client = await connect(key);
    const results = [];
    for (let i = 0; i < 3; i++) results.push(await client.callTool({ name: 'list_countries', arguments: {} }));
    assert.equal(results[0]!.isError, undefined);
    assert.equal(results[1]!.isError, undefined);
    assert.equal(results[2]!.isError, true);
    const refusal = results[2]!.structuredContent as { error: string; message: string; retry_after_s: number };
    assert.equal(refusal.error, 'rate_limit_exceeded');
    assert.ok(refusal.retry_after_s >= 1);
    assert.match((results[2]!.content as Array<{ text: string }>)[0]!.text, /^rate_limit_exceeded: /);
    // The MCP requests themselves (initialize, tools/list) are not counted: only the operations are.
    assert.ok((await client.listTools()).tools.length > 0);
  });

  it('refuses a call whose price exceeds the credits left: 403 quota_exceeded as a tool error', async () => {
    const { key, id } = await createKeyInProcess({ name: 'quota', quota: 3 }, env);
    const client = await connect(key);
    const history = { name: 'get_history', arguments: { country: 'DEU', indicator: 'CPI_YOY', from: '2024' } };
    assert.equal((await client.callTool(history)).isError, undefined, 'costs 2 of 3');
    const refused = await client.callTool(history);
    assert.equal(refused.isError, true);
    const refusal = refused.structuredContent as { error: string; message: string };
    assert.equal(refusal.error, 'quota_exceeded');
    assert.match(refusal.message, /costs 2 credit\(s\); 1 remain this month/);
    assert.equal((await client.callTool({ name: 'list_indicators', arguments: {} })).isError, undefined);
    assert.deepEqual(await keyUsage(id, env), { credits: 3, calls: 2 });
  });

  it('charges a tool call exactly as the GET it stands for', async () => {
    const viaMcp = await createKeyInProcess({ name: 'via-mcp', quota: 1000 }, env);
    const viaHttp = await createKeyInProcess({ name: 'via-http', quota: 1000 }, env);
    const client = await connect(viaMcp.key);
    const names = ['get_history', 'trade_summary', 'country_partners', 'list_trade_monthly', 'get_latest'];
    for (const name of names) {
      assert.equal((await client.callTool({ name, arguments: CALLS[name]!.args })).isError, undefined, name);
      assert.equal((await get(viaHttp.key, CALLS[name]!.url)).status, 200, name);
    }
    // Refusals are free either way.
    await client.callTool({ name: 'get_latest', arguments: { country: 'atlantis' } });
    await get(viaHttp.key, '/v1/latest?country=atlantis');
    const usage = await keyUsage(viaMcp.id, env);
    assert.deepEqual(usage, await keyUsage(viaHttp.id, env));
    assert.deepEqual(usage, { credits: 2 + 2 + 1 + 3 + 1, calls: 5 });
    const remaining = (await get(viaHttp.key, '/v1/countries')).headers.get('x-credits-remaining');
    assert.equal(remaining, String(1000 - 9 - 1));
  });

  it('is stateless: no session id, and a call needs no earlier initialize', async () => {
    const { key } = await createKeyInProcess({ name: 'stateless' }, env);
    const call = { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'list_indicators', arguments: {} } };
    const response = await fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: { ...MCP_HEADERS, authorization: `Bearer ${key}` },
      body: JSON.stringify(call),
    });
    assert.equal(response.status, 200);
    assert.match(response.headers.get('x-request-id')!, UUID);
    assert.equal(response.headers.get('mcp-session-id'), null);
    const body = (await response.json()) as { id: number; result: { structuredContent: { data: unknown[] } } };
    assert.equal(body.id, 7);
    assert.ok(body.result.structuredContent.data.length > 0);
  });

  it('answers 401 without a valid key, before the protocol, with the JSON error body', async () => {
    const init = { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} };
    for (const authorization of [undefined, 'Bearer not-a-key']) {
      const response = await fetch(`${server.url}/mcp`, {
        method: 'POST',
        headers: { ...MCP_HEADERS, ...(authorization ? { authorization } : {}) },
        body: JSON.stringify(init),
      });
      assert.equal(response.status, 401);
      const id = response.headers.get('x-request-id')!;
      assert.match(id, UUID);
      assert.match(response.headers.get('www-authenticate')!, /^Bearer realm="api"/);
      const body = (await response.json()) as Record<string, unknown>;
      assert.deepEqual(body, { error: 'invalid_key', message: body.message, request_id: id });
    }
    await assert.rejects(() => connect('not-a-key'));
  });

  it('answers 405 to any method but POST, with Allow and the JSON error body', async () => {
    for (const method of ['GET', 'DELETE', 'PUT', 'OPTIONS']) {
      const response = await fetch(`${server.url}/mcp`, { method });
      assert.equal(response.status, 405, method);
      assert.equal(response.headers.get('allow'), 'POST');
      const id = response.headers.get('x-request-id')!;
      assert.match(id, UUID);
      const body = (await response.json()) as Record<string, unknown>;
      assert.equal(body.error, 'method_not_allowed');
      assert.equal(body.request_id, id);
    }
    const head = await fetch(`${server.url}/mcp`, { method: 'HEAD' });
    assert.equal(head.status, 405);
  });

  it('refuses a body over 1 MiB with 413 and the JSON error body', async () => {
    const { key } = await createKeyInProcess({ name: 'large' }, env);
    const response = await fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: { ...MCP_HEADERS, authorization: `Bearer ${key}` },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping', params: { pad: 'x'.repeat(1 << 20) } }),
    });
    assert.equal(response.status, 413);
    assert.equal(((await response.json()) as { error: string }).error, 'payload_too_large');
  });
});

describe('MCP behind a gateway', () => {
  // In-process (the process helper waits for a ready server without the gateway's secret).
  const secret = 'mcp-gateway-secret';
  let server: TestServer;

  before(async () => {
    server = await startTestServer({ listen: true, gatewaySecret: secret });
  });
  after(async () => {
    await server.close();
  });

  it("refuses a request without the gateway's secret (403), and passes the secret on to each tool call", async () => {
    const init = { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} };
    const refused = await fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: { ...MCP_HEADERS, authorization: `Bearer ${TEST_KEY}` },
      body: JSON.stringify(init),
    });
    assert.equal(refused.status, 403);
    assert.equal(((await refused.json()) as { error: string }).error, 'forbidden');
    const transport = new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${TEST_KEY}`, 'x-gateway-secret': secret } },
    });
    const client = new Client({ name: 'mcp-test', version: '1.0.0' });
    await client.connect(transport);
    try {
      const result = await client.callTool({ name: 'list_indicators', arguments: {} });
      assert.equal(result.isError, undefined, JSON.stringify(result.content));
    } finally {
      await client.close();
    }
  });
});
