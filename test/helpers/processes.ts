import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import https from 'node:https';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { ROOT as root } from './paths.js';
import { provideSample } from './sample.js';

const run = promisify(execFile);

/** Set by `npm test`: the directory its typecheck compiled the sources into (as `npm run build` does). */
export const COMPILED_ENV = 'ECONTRADE_TEST_DIST';

/**
 * The arguments of `node` that start an entry point of the service (`src/main.ts`,
 * `src/cli/….ts`) in its own process. Under `npm test` it runs the JavaScript its
 * typecheck compiled from the same sources, as `npm start` does, so that no process
 * loads the TypeScript sources again; a test file run alone runs the sources with tsx.
 */
export function entryArgs(entry: string): string[] {
  const compiled = process.env[COMPILED_ENV];
  if (!compiled) return ['--import', 'tsx', entry];
  const file = path.resolve(root, compiled, entry.replace(/\.ts$/, '.js'));
  if (!existsSync(file)) throw new Error(`${COMPILED_ENV}=${compiled} has no ${file}`);
  return [file];
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** A DATA_DIR holding a small sample snapshot, built once per caller. */
export async function sampleDataDir(): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'econtrade-access-'));
  await provideSample(dir);
  return dir;
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** Whether `url` answers 200 over HTTPS, trusting the certificate authority `ca`. */
function answersOverHttps(url: string, ca: string | Buffer): Promise<boolean> {
  return new Promise((resolve) => {
    const request = https.get(url, { ca }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    request.on('error', () => resolve(false));
  });
}

/**
 * `src/main.ts` as its own process (what `npm start` runs), ready when it answers:
 * over HTTP, or over HTTPS trusting `ca` when it is given (a server with TLS_CERT_FILE).
 */
export async function startServerProcess(
  env: Record<string, string>,
  { ca }: { ca?: string | Buffer } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  let out = '';
  const child = spawn(process.execPath, entryArgs('src/main.ts'), {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const url = `${ca ? 'https' : 'http'}://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${out}`);
    try {
      if (ca ? await answersOverHttps(`${url}/v1/openapi.json`, ca) : (await fetch(`${url}/v1/openapi.json`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() - started > 180_000) throw new Error(`server did not start: ${out}`);
    await new Promise((r) => setTimeout(r, 25));
  }
  return {
    url,
    child,
    output: () => out,
    stop: (signal = 'SIGTERM') => stopProcess(child, signal, () => out),
  };
}

/** How long a server may take to exit after SIGTERM before it is killed and the test fails. */
const EXIT_GRACE_MS = 20_000;

/**
 * Sends `signal` and waits for the exit. A process still running after EXIT_GRACE_MS is
 * killed with SIGKILL and the promise rejects: a shutdown that hangs is a defect, and
 * must not hold the test run open.
 */
function stopProcess(child: ChildProcess, signal: NodeJS.Signals, output: () => string): Promise<void> {
  return new Promise((resolve, reject) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not exit within ${EXIT_GRACE_MS} ms of ${signal}: ${output().slice(-2000)}`));
    }, EXIT_GRACE_MS);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill(signal);
  });
}

/** `npm run keys -- …`; returns stdout. */
export async function keysCli(args: string[], env: Record<string, string>): Promise<string> {
  const { stdout } = await run(process.execPath, [...entryArgs('src/cli/keys.ts'), ...args], {
    cwd: root,
    env: { ...process.env, ...env },
  });
  return stdout;
}

export async function createKey(args: string[], env: Record<string, string>): Promise<{ key: string; id: string }> {
  const out = (await keysCli(['create', ...args], env)).trim().split('\n');
  return { key: out[out.length - 1]!, id: /created (key_[0-9a-f]+)/.exec(out.join('\n'))![1]! };
}

/** `npm run snapshots -- …`; returns its stdout. */
export async function snapshotsCli(args: string[], env: Record<string, string>): Promise<string> {
  const { stdout } = await run(process.execPath, [...entryArgs('src/cli/snapshots.ts'), ...args], {
    cwd: root,
    env: { ...process.env, ...env },
  });
  return stdout;
}

/** `npm run accounts -- …` with `stdin` as its standard input. */
export function accountsCli(args: string[], env: Record<string, string>, stdin: string) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, [...entryArgs('src/cli/accounts.ts'), ...args], {
      cwd: root,
      env: { ...process.env, ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin);
  });
}

export interface RedisProcess {
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
}

/** A private redis-server on a free port, that a test may stop and start again. */
export async function startRedis(): Promise<RedisProcess> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    for (let i = 0; i < 100; i++) {
      try {
        await run('redis-cli', ['-p', String(port), 'ping']);
        return;
      } catch {
        await new Promise((r) => setTimeout(r, 50));
      }
    }
    throw new Error('redis-server did not start');
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    start,
    stop: () =>
      new Promise((resolve) => {
        if (!child || child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      }),
  };
}

export const PG_ADMIN_URL = process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** A fresh PostgreSQL database for one test file. */
export async function createDatabase(): Promise<{ url: string; drop(): Promise<void>; query: pg.Pool['query'] }> {
  const name = `econtrade_test_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = PG_ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
  const pool = new pg.Pool({ connectionString: url });
  // An idle client whose connection the drop terminates must not fail the test file.
  pool.on('error', () => undefined);
  return {
    url,
    query: pool.query.bind(pool) as pg.Pool['query'],
    async drop() {
      await pool.end();
      const c = new pg.Client({ connectionString: PG_ADMIN_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** Whether Redis and PostgreSQL can be used here; the reason when not. */
export async function servicesUnavailable(): Promise<string | false> {
  const hasRedis = ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].some((p) => existsSync(p));
  if (!hasRedis) return 'redis-server is not installed';
  try {
    const c = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 2000 });
    await c.connect();
    await c.end();
  } catch (err) {
    return `PostgreSQL is not reachable at ${PG_ADMIN_URL}: ${(err as Error).message}`;
  }
  return false;
}

/**
 * Fires `n` requests at once (round-robin over `urls`) and returns their responses,
 * a JSON body parsed and any other as text.
 */
export async function burst(
  urls: string[],
  { path, key, n }: { path: string; key: string; n: number },
): Promise<Array<{ status: number; headers: Headers; body: any }>> {
  return Promise.all(
    Array.from({ length: n }, async (_, i) => {
      const res = await fetch(urls[i % urls.length]! + path, { headers: { authorization: `Bearer ${key}` } });
      const text = await res.text();
      const json = res.headers.get('content-type')?.includes('json');
      return { status: res.status, headers: res.headers, body: json ? JSON.parse(text) : text };
    }),
  );
}

/** A CLI of `src/cli/` against a DATA_DIR; never throws: returns the exit code and all output. */
async function cli(
  at: { entry: string; dataDir: string },
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; out: string }> {
  const { entry, dataDir } = at;
  try {
    const { stdout, stderr } = await run(process.execPath, [...entryArgs(entry), ...args], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, ...env },
    });
    return { code: 0, out: stdout + stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout + e.stderr };
  }
}

/** `npm run ingest -- …` against a DATA_DIR; never throws: returns the exit code and all output. */
export const ingestCli = (dataDir: string, args: string[], env: Record<string, string> = {}) =>
  cli({ entry: 'src/cli/ingest.ts', dataDir }, args, env);

/** `npm run update -- …` against a DATA_DIR; never throws: returns the exit code and all output. */
export const updateCli = (dataDir: string, args: string[], env: Record<string, string> = {}) =>
  cli({ entry: 'src/cli/update.ts', dataDir }, args, env);

/** The `msg` of every JSON log line in a server's output (other lines are skipped). */
export function logMessages(output: string): string[] {
  return logLines(output).map((l) => String(l.msg));
}

/** Every JSON log line of a server's output, parsed. */
export function logLines(output: string): Array<Record<string, unknown>> {
  return output
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

/** `src/main.ts` with `env` (on a free port unless PORT is given), until it exits (at most `boundMs`). */
export async function runMainToExit(
  env: Record<string, string>,
  boundMs = 60_000,
): Promise<{ code: number | null; out: string; err: string }> {
  const child = spawn(process.execPath, entryArgs('src/main.ts'), {
    cwd: root,
    env: { ...process.env, PORT: String(await freePort()), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (err += d));
  const timer = setTimeout(() => child.kill('SIGKILL'), boundMs);
  const code = await new Promise<number | null>((r) => child.once('exit', (c) => r(c)));
  clearTimeout(timer);
  return { code, out, err };
}
