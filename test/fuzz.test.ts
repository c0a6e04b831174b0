import assert from 'node:assert/strict';
import type { OutgoingHttpHeaders } from 'node:http';
import { after, before, describe, it } from 'node:test';
import type { App } from '../src/app.js';
import { ERRORS } from '../src/errors.js';
import { encodeCursor, openCursor, queryFingerprint } from '../src/http/cursor.js';
import { filterIdentity } from '../src/trade/keyset.js';
import { TradeInput, annualFilter } from '../src/trade/params.js';
import { OPERATIONS, type Operation, type ParamKind } from './helpers/operations.js';
import { TEST_KEY, UUID_V4, startTestServer, type TestServer } from './helpers/server.js';

/**
 * Seeded fuzzing of every operation: valid, boundary and hostile values for every
 * parameter, unknown and repeated parameters, broken escapes, odd methods and keys.
 * Every answer must be one the contract allows, never a 500, in the right envelope
 * with a fresh request id. FUZZ_REQUESTS and FUZZ_SEED change the run.
 */
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 2500);
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
const CONCURRENCY = 4;
const CONTRACT_STATUSES = new Set([200, 400, 401, 403, 404, 405, 422, 429, 503, 504]);

/** Parameters no operation accepts, typos and prototype keys among them. */
const UNKNOWN_PARAMS = ['contry', 'format', 'q', 'page', 'offset', '__proto__', 'constructor'];

/** Every name an object's prototype carries: each is a parameter like any unknown one (§1.7). */
const PROTOTYPE_NAMES = Object.getOwnPropertyNames(Object.prototype);

/** A year, month or date with white space around it: strict, so a 422 (§1.9). */
const SPACED = (v: string) => [` ${v}`, `${v} `, `\t${v}`, `${v}\n`, ` ${v} `];

/** Cursors no page ever gave. */
const BAD_CURSORS = ['abc', '!!!', 'WzEsIngi', '%', 'eyJ9'];

/** mulberry32: a small seeded generator, so a failing request can be replayed. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const VALID: Record<ParamKind, string[]> = {
  'country-list': ['US', 'de', 'CHN', 'EU', 'US,CN', 'fr, it ,,es', 'ZA', 'XX', 'usa'],
  'product-list': ['85', '8703', '270900', 'hs:2709', '85,87', '99', '010121'],
  'econ-country-list': ['USA', 'de', 'g7', 'emu', 'united-states', 'USA,DEU', 'nowhere'],
  'econ-indicator-list': ['CPI_YOY', 'inflation', 'gdp growth', 'GDP_USD,UNEMPLOYMENT', 'nothing'],
  year: ['2015', '2020', '2023', '1990', '9999', '0000'],
  month: ['2020-01', '2023-12', '2021', '2019-06'],
  date: ['2020', '2020-02-29', '2024-12-31', '1999-01-01'],
  datetime: ['2020-01-01', '2024-05-01T00:00:00Z', '2023-01-01T10:20:30+02:00', '2026-01-01T00:00:00.123Z'],
  flow: ['export', 'import'],
  method: ['reconciled', 'exporter', 'importer'],
  group_by: ['period', 'exporter', 'importer', 'hs6'],
  transform: ['none', 'yoy', 'mom', 'log_diff', '3mma'],
  limit: ['1', '5', '50', '007', '200'],
  text: ['ger', 'united', 'cars', '8703', 'hs:85', '---', 'é', 'germany inflation'],
  cursor: ['WzEsIngiLCJVU0EuQ1BJIiwiMjAyMC0wMS0wMSJdCmFiYw'],
  group: ['prices', 'gdp', 'labour', 'nothing'],
  edition: ['1992', '2022', '2017', '1988'],
  level: ['hs4', 'hs6'],
  usd: ['0', '1000000', '500000000', '1000000000000'],
};

const HOSTILE = [
  'Infinity',
  '-Infinity',
  '1e400',
  '1e3',
  '0x10',
  '5.0',
  '+5',
  ' 5',
  '-1',
  '0',
  '99999999999999999999999',
  'NaN',
  `${', '.repeat(60)}!`,
  ','.repeat(150),
  Array.from({ length: 120 }, () => 'US').join(','),
  'A'.repeat(5000),
  '😀',
  '\u0000',
  '%',
  "'; DROP TABLE x; --",
  '../../etc/passwd',
  '${jndi:x}',
  '<script>',
  'null',
  'undefined',
  '[]',
  '{}',
  '2020-13',
  '2020-02-30',
  '2021-00',
  '20200',
  '-2020',
  '  ',
  'ß',
  'İ',
  'hs:',
  'hs:1',
  '1234567',
  'e'.repeat(300),
  '9'.repeat(400),
];

const pick = <T>(rnd: () => number, xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;

/** Percent-encodes, but sometimes leaves raw or broken escapes in, as hostile clients do. */
function encode(rnd: () => number, v: string): string {
  const r = rnd();
  if (r < 0.04) return `${encodeURIComponent(v)}%E0%A4%A`;
  if (r < 0.08) return `${encodeURIComponent(v)}%zz`;
  return encodeURIComponent(v);
}

interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  op: Operation;
  /**
   * Parameters the answer must refuse, each with the type of its detail item when it
   * is known: a 422 listing them all, whatever else is wrong with the request (§1.9
   * and §2: every parameter is checked before any lookup).
   */
  refused: Array<{ name: string; type?: string }>;
  /** Whether the request passes the checks before the parameters': a GET with the key and a well-formed query. */
  clean: boolean;
  /**
   * It carries a real cursor of other parameters or another edition: a clean request
   * must be a 422 (on the cursor, or on a parameter that fails its check), never a 200
   * nor a 404 for a token that names nothing (§9).
   */
  boundElsewhere?: boolean;
}

/**
 * Cursors the server wrote for queries no draw makes (years and dates outside VALID's),
 * and one of the same trade query in HS 1992: filled before the draw.
 */
const BOUND_CURSORS: string[] = [];

const DATED = new Set<ParamKind>(['year', 'month', 'date', 'datetime']);

/** The sharp edges of §1.7 and §1.9, drawn now and then into a request's parameters. */
function sharpEdges(
  rnd: () => number,
  op: Operation,
  drawn: { pairs: string[]; refused: FuzzRequest['refused'] },
): boolean {
  const { pairs, refused } = drawn;
  const dated = Object.entries(op.params).filter(([, kind]) => DATED.has(kind));
  if (dated.length > 0 && rnd() < 0.08) {
    const [name, kind] = pick(rnd, dated);
    const spaced = pick(rnd, SPACED(pick(rnd, VALID[kind])));
    for (let i = pairs.length - 1; i >= 0; i--) if (pairs[i]!.startsWith(`${name}=`)) pairs.splice(i, 1);
    pairs.push(`${name}=${encodeURIComponent(spaced)}`);
    refused.push({ name });
  }
  const present = (name: string) => pairs.some((p) => p.startsWith(`${encodeURIComponent(name)}=`));
  if (rnd() < 0.06) {
    // A name drawn already (an unknown parameter) would be a repeated one: a 400, not this edge.
    const name = pick(rnd, PROTOTYPE_NAMES);
    if (!present(name)) {
      pairs.push(`${encodeURIComponent(name)}=_`);
      refused.push({ name, type: 'extra_forbidden' });
    }
  }
  if (op.params.cursor && rnd() < 0.1 && !present('contry')) {
    for (let i = pairs.length - 1; i >= 0; i--) if (pairs[i]!.startsWith('cursor=')) pairs.splice(i, 1);
    pairs.push(`cursor=${encodeURIComponent(pick(rnd, BAD_CURSORS))}`, 'contry=US');
    refused.push({ name: 'cursor' }, { name: 'contry', type: 'extra_forbidden' });
  } else if (op.params.cursor && BOUND_CURSORS.length && rnd() < 0.12) {
    for (let i = pairs.length - 1; i >= 0; i--) if (pairs[i]!.startsWith('cursor=')) pairs.splice(i, 1);
    pairs.push(`cursor=${encodeURIComponent(pick(rnd, BOUND_CURSORS))}`);
    return true;
  }
  return false;
}

function draw(rnd: () => number): FuzzRequest {
  const op = pick(rnd, OPERATIONS);
  const id = (valid: string[]) => (rnd() < 0.75 ? pick(rnd, valid) : pick(rnd, HOSTILE));
  let path = op.path
    .replace('{cid}', encodeURIComponent(id(['US', 'de', 'EU', 'chn', 'XX', 'ZA'])))
    .replace('{pid}', encodeURIComponent(id(['85', '8703', 'hs:2709', '270900', '99', '01'])));
  const pairs: string[] = [];
  let clean = true;
  const encoded = (v: string) => {
    const e = encode(rnd, v);
    if (e !== encodeURIComponent(v)) clean = false;
    return e;
  };
  for (const [name, kind] of Object.entries(op.params)) {
    const required = op.required?.includes(name);
    if (!required && rnd() < 0.5) continue;
    if (required && rnd() < 0.05) continue;
    const value = rnd() < 0.7 ? pick(rnd, VALID[kind]) : pick(rnd, HOSTILE);
    pairs.push(`${name}=${encoded(value)}`);
    if (rnd() < 0.03) {
      // A repeated parameter is a malformed query: 400 before the parameters are checked.
      pairs.push(`${name}=${encoded(value)}`);
      clean = false;
    }
  }
  if (rnd() < 0.08) {
    // A name the operation takes would be a repeated parameter (400), not an unknown one.
    const name = pick(rnd, UNKNOWN_PARAMS);
    if (!Object.hasOwn(op.params, name)) pairs.push(`${name}=${encoded(pick(rnd, HOSTILE))}`);
  }
  if (rnd() < 0.03) {
    pairs.push('=&&a');
    clean = false;
  }
  const refused: FuzzRequest['refused'] = [];
  const boundElsewhere = sharpEdges(rnd, op, { pairs, refused });
  if (pairs.length > 0) path += `?${pairs.join('&')}`;
  const r = rnd();
  const method = r < 0.9 ? 'GET' : r < 0.95 ? 'HEAD' : pick(rnd, ['POST', 'TRACE', 'OPTIONS', 'PROPFIND', 'DELETE']);
  const a = rnd();
  const authorization =
    a < 0.93 ? `Bearer ${TEST_KEY}` : a < 0.96 ? `bearer  ${TEST_KEY}` : a < 0.98 ? 'Bearer wrong' : '';
  clean &&= method === 'GET' && authorization.endsWith(TEST_KEY);
  return { method, path, headers: authorization ? { authorization } : {}, op, refused, clean, boundElsewhere };
}

/** For a clean request with refused parameters: what is wrong with its answer, or undefined. */
function refusal(req: FuzzRequest, status: number, body: { detail?: Array<{ loc: string[]; type: string }> }) {
  if (!req.clean || req.refused.length === 0) return undefined;
  if (status !== 422) return `${status} where ${req.refused.map((p) => p.name).join(', ')} must be refused with 422`;
  for (const { name, type } of req.refused) {
    const item = body.detail?.find((d) => d.loc[0] === 'query' && d.loc[1] === name);
    if (!item) return `the 422 does not list ${name}`;
    if (type && item.type !== type) return `${name} refused as ${item.type}, not ${type}`;
  }
  return undefined;
}

interface Answer {
  status: number;
  headers: OutgoingHttpHeaders;
  text: string;
  ms: number;
}

/** One request through the whole request pipeline, in-process (Fastify's inject). */
async function send(app: App, req: FuzzRequest): Promise<Answer> {
  const t = performance.now();
  const res = await app.inject({ method: req.method as 'GET', url: req.path, headers: req.headers });
  return { status: res.statusCode, headers: res.headers, text: res.payload, ms: performance.now() - t };
}

/** A file answer (an extract): Parquet by default, CSV when asked, as an attachment; HEAD without the file. */
function fileViolation(req: FuzzRequest, res: Answer): string | undefined {
  const type = String(res.headers['content-type']);
  if (type !== 'application/vnd.apache.parquet' && !type.startsWith('text/csv')) return `content-type ${type}`;
  if (!String(res.headers['content-disposition']).startsWith('attachment; filename="trade-'))
    return `content-disposition ${String(res.headers['content-disposition'])}`;
  if (req.method === 'HEAD') return res.text === '' ? undefined : 'HEAD answered with a file';
  if (type === 'application/vnd.apache.parquet' && !(res.text.startsWith('PAR1') && res.text.endsWith('PAR1')))
    return 'not a whole Parquet file';
  return undefined;
}

/** The contract's envelope for one answer; returns a description of what is wrong, or undefined. */
function violation(req: FuzzRequest, res: Answer, seen: Set<string>): string | undefined {
  if (!CONTRACT_STATUSES.has(res.status)) return `status ${res.status} is not in the contract`;
  const id = res.headers['x-request-id'];
  if (typeof id !== 'string' || !UUID_V4.test(id)) return `x-request-id ${String(id)} is not a UUID v4`;
  if (seen.has(id)) return `request id ${id} reused`;
  seen.add(id);
  if (req.op.file && res.status === 200) return fileViolation(req, res);
  if (!String(res.headers['content-type']).startsWith('application/json; charset=utf-8'))
    return `content-type ${String(res.headers['content-type'])}`;
  if (req.method === 'HEAD') return res.text === '' ? undefined : 'HEAD answered with a body';
  let body: any;
  try {
    body = JSON.parse(res.text);
  } catch {
    return 'body is not JSON';
  }
  if (body.request_id !== id) return 'body request_id differs from the header';
  const refused = refusal(req, res.status, body);
  if (refused) return refused;
  if (req.clean && req.boundElsewhere && res.status !== 422)
    return `${res.status} for a cursor of other parameters, where it must be a 422 before any 404`;
  if (res.status === 200) {
    const keys = Object.keys(body).sort().join(',');
    const grouped = Boolean(new URL(req.path, 'http://fuzz').searchParams.get('group_by')?.trim());
    const paged = req.op.paged && !grouped;
    const expected = `data,${req.op.trade ? 'duration_ms,' : ''}${paged ? 'next_cursor,' : ''}request_id`;
    if (keys !== expected) return `success keys ${keys}, expected ${expected}`;
    if (req.op.list !== Array.isArray(body.data)) return `data is ${Array.isArray(body.data) ? '' : 'not '}an array`;
    if (req.op.trade && !(Number.isInteger(body.duration_ms) && body.duration_ms >= 0))
      return 'duration_ms is not an integer >= 0';
    return undefined;
  }
  const keys = Object.keys(body).sort().join(',');
  if (keys !== (res.status === 422 ? 'detail,error,message,request_id' : 'error,message,request_id'))
    return `error keys ${keys}`;
  const registered = ERRORS[body.error as keyof typeof ERRORS];
  if (!registered || registered.status !== res.status)
    return `error code ${body.error} does not belong to status ${res.status}`;
  if (typeof body.message !== 'string' || body.message === '' || /\n\s+at |SELECT |Binder Error/.test(body.message))
    return 'message is empty or leaks internals';
  if (res.status === 422) {
    if (!Array.isArray(body.detail) || body.detail.length === 0) return '422 without detail items';
    for (const d of body.detail) {
      if (
        !Array.isArray(d.loc) ||
        d.loc.length !== 2 ||
        !['query', 'path'].includes(d.loc[0]) ||
        typeof d.msg !== 'string' ||
        typeof d.type !== 'string'
      ) {
        return `bad detail item ${JSON.stringify(d)}`;
      }
    }
  }
  if (res.status === 401 && !String(res.headers['www-authenticate']).startsWith('Bearer realm="api"'))
    return '401 without WWW-Authenticate';
  if (res.status === 405 && res.headers.allow !== 'GET, HEAD') return '405 without Allow: GET, HEAD';
  return undefined;
}

describe('fuzzing all operations', () => {
  let s: TestServer;
  before(async () => {
    s = await startTestServer();
    // Real cursors of queries the draw never makes.
    for (const path of [
      '/v1/trade?reporter=ZA&from=2016&to=2017&limit=3',
      '/v1/trade/monthly?exporter=ZA&from=2016-03&to=2016-05&limit=3',
      '/v1/history?country=USA&indicator=FX_USD,BOND_YIELD_10Y&from=2016-02-03',
    ]) {
      const cursor = (await s.get(path)).body.next_cursor;
      assert.ok(cursor, path);
      BOUND_CURSORS.push(cursor);
    }
    // The first trade cursor as a walk of the same filter in HS 1992 would carry it.
    const catalogue = s.store.current!.content.trade!;
    const filter = annualFilter(new TradeInput(catalogue), { reporter: 'ZA', from: '2016', to: '2017' } as never);
    const { key } = openCursor(BOUND_CURSORS[0])!;
    const inEdition = queryFingerprint('/v1/trade', [filterIdentity(catalogue, filter), 1992]);
    BOUND_CURSORS.push(encodeCursor(inEdition, key as Array<string | number>));
  });
  after(() => s.close());

  it(`answers ${REQUESTS} generated requests (seed ${SEED}) within the contract`, async (t) => {
    const rnd = random(SEED);
    const requests = Array.from({ length: REQUESTS }, () => draw(rnd));
    const statuses = new Map<number, number>();
    const seen = new Set<string>();
    const failures: string[] = [];
    let slowest = { ms: 0, path: '' };
    let next = 0;
    const worker = async () => {
      while (next < requests.length) {
        const req = requests[next++]!;
        const res = await send(s.app, req);
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        if (res.ms > slowest.ms) slowest = { ms: res.ms, path: `${req.method} ${req.path}` };
        const why = violation(req, res, seen);
        if (why && failures.length < 20)
          failures.push(`${req.method} ${req.path.slice(0, 200)} → ${res.status}: ${why}; ${res.text.slice(0, 200)}`);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const histogram = [...statuses]
      .sort((a, b) => a[0] - b[0])
      .map(([k, v]) => `${k}: ${v}`)
      .join(', ');
    t.diagnostic(
      `fuzz: ${REQUESTS} requests, seed ${SEED}; statuses ${histogram}; ` +
        `slowest ${slowest.ms.toFixed(0)} ms (${slowest.path.slice(0, 120)})`,
    );
    assert.deepEqual(failures, []);
    assert.equal(statuses.get(500) ?? 0, 0);
    // The draw reaches the main outcomes, so a regression in any of them shows here.
    for (const status of [200, 400, 401, 404, 405, 422])
      assert.ok((statuses.get(status) ?? 0) > 0, `no ${status} was drawn`);
    // And each sharp edge, in clean requests whose answer is then judged exactly.
    const edges = requests.filter((r) => r.clean).flatMap((r) => r.refused);
    for (const edge of ['spaced date', 'prototype name', 'cursor with an unknown name'] as const) {
      const drawn = edges.filter((e) =>
        edge === 'cursor with an unknown name'
          ? e.name === 'cursor'
          : edge === 'prototype name'
            ? PROTOTYPE_NAMES.includes(e.name)
            : !e.type && e.name !== 'cursor',
      ).length;
      assert.ok(drawn >= 10, `${edge}: drawn ${drawn} times`);
    }
    const bound = requests.filter((r) => r.clean && r.boundElsewhere).length;
    assert.ok(bound >= 10, `cursors of other parameters or editions: drawn ${bound} times in clean requests`);
  });
});
