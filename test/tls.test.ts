import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http2, { type ClientHttp2Session, type IncomingHttpHeaders } from 'node:http2';
import { tmpdir } from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { promisify } from 'node:util';
import { after, before, describe, it } from 'node:test';
import { csrfOf } from './helpers/dashboard-client.js';
import { runMainToExit, sampleDataDir, startServerProcess, type ServerProcess } from './helpers/processes.js';
import { until } from './helpers/until.js';

/** HTTPS on the server's own port: HTTP/2 and HTTP/1.1 by ALPN, HSTS, Secure cookies, SIGHUP reloads. */

const run = promisify(execFile);
const KEY = 'tls-test-key';
const dir = mkdtempSync(path.join(tmpdir(), 'econtrade-tls-'));
const file = (name: string) => path.join(dir, name);

/** A self-signed certificate for localhost and 127.0.0.1, as `<name>.crt` and `<name>.key`. */
async function selfSigned(name: string): Promise<Buffer> {
  await run('openssl', [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-days',
    '1',
    '-subj',
    '/CN=localhost',
    '-addext',
    'subjectAltName=DNS:localhost,IP:127.0.0.1',
    '-keyout',
    file(`${name}.key`),
    '-out',
    file(`${name}.crt`),
  ]);
  return readFileSync(file(`${name}.crt`));
}

after(() => rmSync(dir, { recursive: true, force: true }));

const fingerprint = (pem: Buffer) => new X509Certificate(pem).fingerprint256;

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** One request on an HTTP/2 session. */
function h2request(session: ClientHttp2Session, headers: Record<string, string>, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const stream = session.request(headers);
    let text = '';
    let answer: IncomingHttpHeaders = {};
    stream.setEncoding('utf8');
    stream.on('response', (h) => (answer = h));
    stream.on('data', (chunk: string) => (text += chunk));
    stream.on('end', () => resolve({ status: Number(answer[':status']), headers: answer, body: text }));
    stream.on('error', reject);
    stream.end(body);
  });
}

function connect(url: string, ca: Buffer): Promise<ClientHttp2Session> {
  return new Promise((resolve, reject) => {
    const session = http2.connect(url, { ca });
    session.once('connect', () => resolve(session));
    session.once('error', reject);
  });
}

/** The SHA-256 fingerprint of the certificate a new TLS connection is served. */
function servedFingerprint(port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = tls.connect({ host: '127.0.0.1', port, rejectUnauthorized: false, ALPNProtocols: ['h2'] }, () => {
      const served = socket.getPeerX509Certificate()!.fingerprint256;
      socket.end();
      resolve(served);
    });
    socket.once('error', reject);
  });
}

/** What the server answers to `raw` bytes sent over a TLS connection that speaks HTTP/1.1. */
function rawHttp1(port: number, ca: Buffer, raw: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = tls.connect({ host: '127.0.0.1', port, ca, ALPNProtocols: ['http/1.1'] }, () => socket.write(raw));
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('end', () => resolve(text));
    socket.on('error', reject);
  });
}

describe('HTTPS with HTTP/2', () => {
  let server: ServerProcess;
  let first: Buffer;
  let second: Buffer;
  let dataDir: string;
  const port = () => Number(new URL(server.url).port);

  before(async () => {
    [first, second] = await Promise.all([selfSigned('first'), selfSigned('second')]);
    copyFileSync(file('first.crt'), file('server.crt'));
    copyFileSync(file('first.key'), file('server.key'));
    dataDir = await sampleDataDir();
    server = await startServerProcess(
      {
        DATA_DIR: dataDir,
        BOOTSTRAP_API_KEY: KEY,
        LOG_LEVEL: 'info',
        TLS_CERT_FILE: file('server.crt'),
        TLS_KEY_FILE: file('server.key'),
      },
      { ca: first },
    );
  });

  after(async () => {
    await server?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers over HTTP/2 (ALPN h2) with the request id and HSTS', async () => {
    const session = await connect(server.url, first);
    try {
      assert.equal(session.alpnProtocol, 'h2');
      const r = await h2request(session, { ':path': '/v1/countries', authorization: `Bearer ${KEY}` });
      assert.equal(r.status, 200, r.body);
      assert.ok(Array.isArray(JSON.parse(r.body).data), r.body.slice(0, 200));
      assert.equal(r.headers['strict-transport-security'], 'max-age=31536000');
      assert.match(String(r.headers['x-request-id']), /^[0-9a-f-]{36}$/);
      const refused = await h2request(session, { ':path': '/v1/countries' });
      assert.equal(refused.status, 401);
      assert.equal(JSON.parse(refused.body).request_id, refused.headers['x-request-id']);
      assert.equal(refused.headers['strict-transport-security'], 'max-age=31536000');
      const missing = await h2request(session, { ':path': '/nowhere' });
      assert.equal(missing.status, 404);
      assert.equal(missing.headers['strict-transport-security'], 'max-age=31536000');
    } finally {
      session.close();
    }
  });

  it('answers HTTP/1.1 on the same port (curl --http1.1)', async () => {
    const { stdout } = await run('curl', [
      '-sS',
      '--http1.1',
      '--cacert',
      file('first.crt'),
      '-H',
      `authorization: Bearer ${KEY}`,
      '-D',
      '-',
      '-o',
      '/dev/null',
      '-w',
      'version=%{http_version}',
      `${server.url}/v1/countries`,
    ]);
    assert.match(stdout, /^HTTP\/1\.1 200/);
    assert.match(stdout, /^strict-transport-security: max-age=31536000\r?$/im);
    assert.match(stdout, /version=1\.1$/);
  });

  it('refuses HTTP/1.1 without Host, and what the parser refuses, with the canonical body and HSTS', async () => {
    const noHost = await rawHttp1(port(), first, 'GET /healthz HTTP/1.1\r\nConnection: close\r\n\r\n');
    assert.match(noHost, /^HTTP\/1\.1 400 /);
    assert.match(noHost, /^strict-transport-security: max-age=31536000\r$/im);
    assert.match(noHost, /"error":"bad_request"/);
    const malformed = await rawHttp1(port(), first, 'GET /healthz HTTP/1.1\r\nHost: x\r\nNo colon here\r\n\r\n');
    assert.match(malformed, /^HTTP\/1\.1 400 /);
    assert.match(malformed, /^strict-transport-security: max-age=31536000\r$/im);
    assert.match(malformed, /"request_id":"[0-9a-f-]{36}"/);
  });

  it('sets dashboard cookies Secure (with the __Host- prefix) over TLS', async () => {
    const session = await connect(server.url, first);
    try {
      const page = await h2request(session, { ':path': '/dashboard/signup' });
      assert.equal(page.status, 200);
      const pre = [page.headers['set-cookie'] ?? []].flat();
      assert.ok(pre.length > 0 && pre.every((c) => /; Secure/.test(c) && c.startsWith('__Host-')), pre.join(' | '));
      const form = new URLSearchParams({
        csrf: csrfOf(page.body),
        email: 'tls@example.com',
        password: 'a quite unusual passphrase 7',
      });
      const signedUp = await h2request(
        session,
        {
          ':method': 'POST',
          ':path': '/dashboard/signup',
          origin: server.url,
          cookie: pre.map((c) => c.split(';')[0]).join('; '),
          'content-type': 'application/x-www-form-urlencoded',
        },
        form.toString(),
      );
      assert.ok(signedUp.status < 400, `${signedUp.status} ${signedUp.body.slice(0, 300)}`);
      const cookies = [signedUp.headers['set-cookie'] ?? []].flat();
      const sessionCookie = cookies.find((c) => c.startsWith('__Host-session='));
      assert.ok(sessionCookie, cookies.join(' | '));
      assert.match(sessionCookie, /; HttpOnly; SameSite=Strict; .*Secure/);
    } finally {
      session.close();
    }
  });

  it('reloads the certificate on SIGHUP without dropping an open HTTP/2 session', async () => {
    assert.equal(await servedFingerprint(port()), fingerprint(first));
    const session = await connect(server.url, first);
    try {
      const before = await h2request(session, { ':path': '/v1/countries', authorization: `Bearer ${KEY}` });
      assert.equal(before.status, 200);
      copyFileSync(file('second.key'), file('server.key'));
      copyFileSync(file('second.crt'), file('server.crt'));
      server.child.kill('SIGHUP');
      await until(
        'the reload',
        async () => server.output().includes('SIGHUP: reloaded TLS_CERT_FILE') || undefined,
        10_000,
      );
      const afterReload = await h2request(session, { ':path': '/v1/countries', authorization: `Bearer ${KEY}` });
      assert.equal(afterReload.status, 200);
      assert.equal(await servedFingerprint(port()), fingerprint(second));
      const fresh = await connect(server.url, second);
      const r = await h2request(fresh, { ':path': '/healthz' });
      fresh.close();
      assert.equal(r.status, 200);
    } finally {
      session.close();
    }
  });

  it('keeps the previous certificate when a reload finds a mismatched pair, in one log line', async () => {
    const served = await servedFingerprint(port());
    copyFileSync(file('first.key'), file('server.key'));
    server.child.kill('SIGHUP');
    await until(
      'the refusal',
      async () => server.output().includes('TLS certificate not reloaded') || undefined,
      10_000,
    );
    const line = server
      .output()
      .split('\n')
      .find((l) => l.includes('TLS certificate not reloaded'))!;
    assert.match(line, /TLS_KEY_FILE .* is not the key of TLS_CERT_FILE/);
    assert.equal(await servedFingerprint(port()), served);
    assert.equal(server.child.exitCode, null);
  });

  it('stops on SIGTERM with an HTTP/2 session and an HTTP/1.1 keep-alive connection open, exit 0', async () => {
    const ca = Buffer.concat([first, second]);
    const session = await connect(server.url, ca);
    const closed = new Promise<void>((resolve) => session.once('close', () => resolve()));
    session.on('error', () => undefined);
    assert.equal((await h2request(session, { ':path': '/healthz' })).status, 200);
    // A kept-alive HTTP/1.1 connection, idle after one answer.
    const socket = tls.connect({ host: '127.0.0.1', port: port(), ca, ALPNProtocols: ['http/1.1'] });
    const ended = new Promise<string>((resolve) => {
      let text = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (text += chunk));
      socket.on('close', () => resolve(text));
    });
    socket.on('error', () => undefined);
    socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await until('the HTTP/1.1 answer', async () => (socket.bytesRead > 0 ? true : undefined), 10_000);
    await server.stop();
    await closed;
    assert.match(await ended, /^HTTP\/1\.1 200 /);
    assert.equal(server.child.exitCode, 0, server.output().slice(-2000));
  });
});

describe('TLS settings at start', () => {
  it('refuse a mismatched certificate and key in one line naming the setting', async () => {
    await Promise.all([selfSigned('a'), selfSigned('b')]);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'econtrade-tls-data-'));
    try {
      const r = await runMainToExit({ DATA_DIR: dataDir, TLS_CERT_FILE: file('a.crt'), TLS_KEY_FILE: file('b.key') });
      assert.notEqual(r.code, 0);
      const lines = r.err.trim().split('\n');
      assert.equal(lines.length, 1, r.err);
      assert.match(JSON.parse(lines[0]!).msg, /^TLS_KEY_FILE .* is not the key of TLS_CERT_FILE/);
      const unreadable = await runMainToExit({
        DATA_DIR: dataDir,
        TLS_CERT_FILE: file('missing.crt'),
        TLS_KEY_FILE: file('b.key'),
      });
      assert.notEqual(unreadable.code, 0);
      assert.match(JSON.parse(unreadable.err.trim()).msg, /^TLS_CERT_FILE .* cannot be read \(ENOENT\)/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
