import assert from 'node:assert/strict';
import { rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { expectError } from './helpers/errors.js';
import {
  freePort,
  logLines,
  runMainToExit,
  sampleDataDir,
  startServerProcess,
  type ServerProcess,
} from './helpers/processes.js';

const KEY = 'operator-key';
const auth = { authorization: `Bearer ${KEY}` };

/** `src/main.ts` with `env` and the info log, until it exits. */
const runMain = (env: Record<string, string>) => runMainToExit({ LOG_LEVEL: 'info', ...env });

/** One JSON line on stderr, level fatal, whose message matches `pattern`; exit code 1; no stack trace. */
function assertOneFatalLine(r: { code: number | null; err: string; out: string }, pattern: RegExp): void {
  assert.equal(r.code, 1, r.out + r.err);
  const lines = r.err.trim().split('\n');
  assert.equal(lines.length, 1, r.err);
  const line = JSON.parse(lines[0]!) as { level: string; msg: string };
  assert.equal(line.level, 'fatal');
  assert.match(line.msg, pattern);
  assert.doesNotMatch(r.err, /\bat .*\.(ts|js):\d+/);
}

describe('operator endpoints, logs and lifecycle', () => {
  let dataDir: string;
  let server: ServerProcess;
  before(async () => {
    dataDir = await sampleDataDir();
    server = await startServerProcess({
      DATA_DIR: dataDir,
      BOOTSTRAP_API_KEY: KEY,
      METRICS_TOKEN: 'scrape-me',
      LOG_LEVEL: 'info',
    });
  });
  after(async () => {
    await server.stop('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('/healthz and /readyz answer 200 without a key, with a request id; other methods 405', async () => {
    const health = await fetch(`${server.url}/healthz`);
    assert.equal(health.status, 200);
    const body = (await health.json()) as { status: string; request_id: string };
    assert.equal(body.status, 'ok');
    assert.equal(body.request_id, health.headers.get('x-request-id'));
    const ready = await fetch(`${server.url}/readyz`);
    assert.equal(ready.status, 200);
    assert.deepEqual(((await ready.json()) as { checks: unknown }).checks, { snapshot: 'ok' });
    const post = await fetch(`${server.url}/readyz`, { method: 'POST' });
    expectError({ status: post.status, headers: post.headers, body: await post.json() }, 405, 'method_not_allowed');
  });

  it('/metrics: Prometheus text behind METRICS_TOKEN: requests, latency, credits, cache, queue', async () => {
    for (let i = 0; i < 3; i++) await (await fetch(`${server.url}/v1/countries`, { headers: auth })).arrayBuffer();
    await (await fetch(`${server.url}/v1/trade/monthly?limit=1`, { headers: auth })).arrayBuffer();
    assert.equal((await fetch(`${server.url}/v1/countries`)).status, 401, 'refused before any operation runs');
    const refused = await fetch(`${server.url}/metrics`);
    expectError({ status: refused.status, headers: refused.headers, body: await refused.json() }, 401, 'invalid_key');
    const wrong = await fetch(`${server.url}/metrics`, { headers: { authorization: 'Bearer nope' } });
    assert.equal(wrong.status, 401);
    const res = await fetch(`${server.url}/metrics`, { headers: { authorization: 'Bearer scrape-me' } });
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type')!, /^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    assert.match(text, /^http_requests_total\{route="\/v1\/countries",status="200"\} 3$/m);
    // Three answers and the refusal.
    assert.match(text, /^http_request_duration_seconds_bucket\{le="\+Inf",route="\/v1\/countries"\} 4$/m);
    assert.match(text, /^credits_consumed_total\{route="\/v1\/countries"\} 3$/m);
    assert.match(text, /^credits_consumed_total\{route="\/v1\/trade\/monthly"\} 3$/m, 'monthly costs 3');
    assert.match(text, /^answer_cache_lookups\{result="hit"\} [1-9]\d*$/m);
    assert.match(text, /^duckdb_queue_depth\{lane="heavy"\} 0$/m);
    assert.match(text, /^http_requests_in_flight 1$/m, 'the scrape itself; the refused requests are counted out');
    assert.match(text, /^http_requests_total\{route="\/v1\/countries",status="401"\} 1$/m);
    const age = Number(/^snapshot_age_seconds (\S+)$/m.exec(text)?.[1]);
    assert.ok(age > 0, `snapshot age ${age}`);
    assert.match(text, /^nodejs_eventloop_lag_seconds /m, 'process metrics too');
  });

  it('logs one JSON object per line, one line per request with its id, key, route, status and duration', async () => {
    const res = await fetch(`${server.url}/v1/indicators?limit=1`, { headers: auth });
    await res.arrayBuffer();
    const id = res.headers.get('x-request-id');
    // Lines are written in batches, at most 200 ms apart.
    let line: Record<string, unknown> | undefined;
    for (let i = 0; i < 50 && !line; i++) {
      await new Promise((r) => setTimeout(r, 50));
      line = logLines(server.output()).find((l) => l.reqId === id);
    }
    assert.ok(line, 'the request was logged');
    assert.equal(line.level, 'info');
    assert.equal(line.route, '/v1/indicators');
    assert.equal(line.status, 422);
    assert.equal(line.key, 'bootstrap');
    assert.equal(typeof line.ms, 'number');
    assert.match(String(line.time), /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const output = server.output().trim().split('\n');
    for (const l of output) assert.doesNotThrow(() => JSON.parse(l), l);
    assert.ok(
      logLines(server.output()).some((l) => String(l.msg).startsWith('serving snapshot ')),
      'startup lines are JSON',
    );
  });
});

describe('startup errors and shutdown', () => {
  let dataDir: string;
  before(async () => {
    dataDir = await sampleDataDir();
  });
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  it('a port in use: one line naming PORT and the fix, exit 1', async () => {
    const taken = createServer();
    const port = await freePort();
    await new Promise<void>((r) => taken.listen(port, '127.0.0.1', r));
    try {
      const r = await runMain({ DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' });
      assertOneFatalLine(r, new RegExp(`^PORT ${port} is in use on 127\\.0\\.0\\.1: .*set PORT to a free port`));
    } finally {
      taken.close();
    }
  });

  it('an unwritable DATA_DIR: one line naming it and the fix, exit 1, nothing built', async () => {
    const file = path.join(dataDir, 'not-a-directory');
    writeFileSync(file, '');
    const r = await runMain({ DATA_DIR: path.join(file, 'data'), PORT: String(await freePort()) });
    assertOneFatalLine(r, /^DATA_DIR \S+not-a-directory\/data is not writable \(ENOTDIR\): .*set DATA_DIR/);
  });

  it('a DATA_DIR that cannot hold a database (/proc): one line at once, exit 1', async () => {
    const started = Date.now();
    for (const dir of ['/proc/econtrade-data', '/proc/econtrade/data', '/proc/self']) {
      const r = await runMain({ DATA_DIR: dir, PORT: String(await freePort()) });
      assertOneFatalLine(
        r,
        new RegExp(`^DATA_DIR ${dir.replace(/\//g, '\\/')} is not writable \\(E[A-Z]+\\): .*set DATA_DIR`),
      );
    }
    assert.ok(Date.now() - started < 30_000, `stopped at once (${Date.now() - started} ms for three)`);
  });

  it('SIGTERM: stops accepting, answers the requests in flight, logs it, exits 0', async () => {
    const server = await startServerProcess({
      DATA_DIR: dataDir,
      BOOTSTRAP_API_KEY: KEY,
      LOG_LEVEL: 'info',
      RESPONSE_CACHE_MB: '0',
    });
    // Twelve open connections first, so that the queries below reach the server at once
    // (a connection still being opened at SIGTERM would rightly be refused).
    await Promise.all(Array.from({ length: 12 }, async () => (await fetch(`${server.url}/healthz`)).arrayBuffer()));
    // Distinct heavy queries: more than the DuckDB connections run at once.
    const cids = ['DE', 'US', 'CN', 'FR'];
    const inFlight = Array.from({ length: 12 }, (_, i) =>
      fetch(`${server.url}/v1/trade/countries/${cids[i % 4]}/products?from=${2015 + (i % 3)}&limit=${100 + i}`, {
        headers: auth,
      }).then(async (r) => {
        await r.arrayBuffer();
        return r.status;
      }),
    );
    // SIGTERM only once the server has received all twelve: each is answered or still in flight.
    const received = async () => {
      const text = await (await fetch(`${server.url}/metrics`)).text();
      const answered = [...text.matchAll(/^http_requests_total\{route="\/v1\/trade\/countries[^}]*\} (\d+)$/gm)];
      const gauge = /^http_requests_in_flight (\d+)$/m.exec(text);
      assert.ok(gauge, `no in-flight gauge in ${text.slice(0, 300)}`);
      const inFlight = Number(gauge[1]) - 1;
      return answered.reduce((n, m) => n + Number(m[1]), 0) + inFlight;
    };
    while ((await received()) < 12) await new Promise((r) => setTimeout(r, 20));
    const exited = new Promise<number | null>((r) => server.child.once('exit', (code) => r(code)));
    server.child.kill('SIGTERM');
    const answers = await Promise.allSettled(inFlight);
    assert.deepEqual(
      answers.map((a) => (a.status === 'fulfilled' ? a.value : String(a.reason))),
      Array(12).fill(200),
      server.output().slice(-3000),
    );
    assert.equal(await exited, 0);
    await assert.rejects(fetch(`${server.url}/healthz`), 'no longer accepting');
    const messages = logLines(server.output()).map((l) => String(l.msg));
    assert.ok(messages.some((m) => m.startsWith('SIGTERM: no new connections')));
    assert.equal(messages.at(-1), 'stopped');
  });
});
