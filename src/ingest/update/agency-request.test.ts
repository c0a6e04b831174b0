import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { AgencyRequestError, requestAgency, retryAfterMs, type RequestPolicy } from './agency-request.js';
import { HostSlots } from './host-slots.js';

type Handler = (req: IncomingMessage, res: ServerResponse, n: number) => void;

/** A local agency whose answers the test scripts, counting the requests of each path. */
class Agency {
  private server!: Server;
  readonly hits = new Map<string, number>();
  readonly seen: IncomingMessage[] = [];
  private readonly routes = new Map<string, Handler>();
  url = '';

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const p = new URL(req.url!, 'http://x').pathname;
      const n = (this.hits.get(p) ?? 0) + 1;
      this.hits.set(p, n);
      this.seen.push(req);
      const route = this.routes.get(p);
      if (route) route(req, res, n);
      else res.writeHead(500).end();
    });
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  on(p: string, handler: Handler): string {
    this.routes.set(p, handler);
    return `${this.url}${p}`;
  }

  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((r) => this.server.close(() => r()));
  }
}

describe('requestAgency', () => {
  const agency = new Agency();
  const dir = mkdtempSync(path.join(tmpdir(), 'econtrade-agency-'));
  const waits: number[] = [];
  const policy = (more: Partial<RequestPolicy> = {}): RequestPolicy => ({
    timeoutMs: 2_000,
    retries: 3,
    backoffMs: 100,
    maxRetryAfterMs: 120_000,
    maxBytes: 1_000_000,
    slots: new HostSlots(4),
    sleep: async (ms) => {
      waits.push(ms);
    },
    ...more,
  });
  let files = 0;
  const file = () => path.join(dir, `answer-${++files}`);
  before(() => agency.start());
  after(async () => {
    await agency.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('saves a 200 body with its validators, and sends them back as a conditional request', async () => {
    const url = agency.on('/data/ok', (req, res) => {
      if (req.headers['if-none-match'] === '"v1"') return res.writeHead(304).end();
      res.writeHead(200, { etag: '"v1"', 'last-modified': 'Wed, 25 Nov 2026 10:00:00 GMT' }).end('<xml/>');
    });
    const first = await requestAgency({ url, file: file() }, policy());
    assert.equal(first.kind, 'fetched');
    assert.ok(first.kind === 'fetched' && readFileSync(first.file, 'utf8') === '<xml/>' && first.bytes === 6);
    assert.ok(first.kind === 'fetched' && first.etag === '"v1"' && first.lastModified?.startsWith('Wed'));
    const again = await requestAgency({ url, file: file(), etag: '"v1"', lastModified: 'x' }, policy());
    assert.deepEqual(again, { kind: 'unchanged' });
    assert.equal(agency.seen.at(-1)!.headers['if-modified-since'], 'x');
  });

  it('reads a 404 as "no results", never retried', async () => {
    const url = agency.on('/data/none', (_req, res) => res.writeHead(404).end('NoResultsFound'));
    assert.deepEqual(await requestAgency({ url, file: file() }, policy()), { kind: 'no-results' });
    assert.equal(agency.hits.get('/data/none'), 1);
  });

  it('retries 429 after Retry-After and 5xx with doubling backoff, then answers', async () => {
    waits.length = 0;
    const url = agency.on('/data/busy', (_req, res, n) => {
      if (n === 1) return res.writeHead(429, { 'retry-after': '2' }).end();
      if (n === 2) return res.writeHead(503).end();
      res.writeHead(200).end('done');
    });
    const answer = await requestAgency({ url, file: file() }, policy());
    assert.equal(answer.kind, 'fetched');
    assert.deepEqual(waits, [2_000, 200]);
  });

  it('fails after its retries with one line naming the URL without its key', async () => {
    waits.length = 0;
    const url = agency.on('/data/down', (_req, res) => res.writeHead(500).end());
    await assert.rejects(
      requestAgency({ url: `${url}?api_key=SECRET123&x=1`, file: file() }, policy()),
      (err: Error) => {
        assert.ok(err instanceof AgencyRequestError);
        assert.doesNotMatch(err.message, /SECRET123|\n/);
        assert.match(err.message, /\/data\/down\?api_key=\*\*\*&x=1: HTTP 500 \(after 3 retries\)$/);
        return true;
      },
    );
    assert.equal(agency.hits.get('/data/down'), 4);
    assert.deepEqual(waits, [100, 200, 400]);
  });

  it('fails at once on another 4xx, on a body over its bound, and past a Retry-After it will not wait', async () => {
    const forbidden = agency.on('/data/forbidden', (_req, res) => res.writeHead(403).end());
    await assert.rejects(requestAgency({ url: forbidden, file: file() }, policy()), /HTTP 403$/);
    assert.equal(agency.hits.get('/data/forbidden'), 1);
    const big = agency.on('/data/big', (_req, res) => res.writeHead(200).end('x'.repeat(5000)));
    await assert.rejects(
      requestAgency({ url: big, file: file() }, policy({ maxBytes: 1000 })),
      /larger than 1000 bytes/,
    );
    const later = agency.on('/data/later', (_req, res) => res.writeHead(429, { 'retry-after': '3600' }).end());
    await assert.rejects(requestAgency({ url: later, file: file() }, policy()), /Retry-After 3600 s is longer/);
  });

  it('gives up an attempt that takes longer than its time limit, and retries it', async () => {
    const url = agency.on('/data/slow', (_req, res, n) => {
      if (n === 1) setTimeout(() => res.writeHead(200).end('late'), 1_000);
      else res.writeHead(200).end('fast');
    });
    const answer = await requestAgency({ url, file: file() }, policy({ timeoutMs: 200 }));
    assert.ok(answer.kind === 'fetched' && readFileSync(answer.file, 'utf8') === 'fast');
  });
});

describe('retryAfterMs', () => {
  it('reads delta-seconds and HTTP dates; anything else is no wait', () => {
    assert.equal(retryAfterMs('120'), 120_000);
    assert.equal(retryAfterMs('Wed, 25 Nov 2026 10:00:30 GMT', Date.parse('2026-11-25T10:00:00Z')), 30_000);
    assert.equal(retryAfterMs('soon'), undefined);
    assert.equal(retryAfterMs(null), undefined);
  });
});
