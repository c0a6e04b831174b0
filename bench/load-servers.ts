/**
 * The processes `npm run bench:load` measures: the bare hello-world and the service
 * as `npm start` runs it, each in its own process on its own port.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** Servers still running: stopped if the benchmark ends early. */
const running = new Set<ChildProcess>();
process.on('exit', () => running.forEach((child) => child.kill('SIGKILL')));
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));

export interface Server {
  url: string;
  stop(): Promise<void>;
  /** CPU time the process has used so far (user + system), in ms; 0 where /proc is unavailable. */
  cpuMs(): number;
  /** The server's process id. */
  pid: number;
}

/** User + system CPU of a process from /proc (clock ticks of 10 ms). */
function cpuMsOf(pid: number | undefined): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/** Runs `node args…` to completion and returns its standard output. */
export function runNode(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`node ${args.join(' ')}: exit ${code}`))));
  });
}

/** Waits until something answers HTTP at `url` (any status), for up to `timeoutMs`. */
async function waitForHttp(url: string, timeoutMs: number, exited: () => boolean): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (exited()) throw new Error(`the server for ${url} exited before answering`);
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/**
 * Waits (60 s at most) until the process uses under a tenth of a core over a second:
 * a server still reading its sums into memory in the background would take the
 * measured requests' CPU.
 */
async function waitForQuiet(pid: number | undefined): Promise<void> {
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    const before = cpuMsOf(pid);
    await new Promise((r) => setTimeout(r, 1000));
    if (cpuMsOf(pid) - before < 100) return;
  }
}

async function startProcess(args: string[], env: NodeJS.ProcessEnv, port: number): Promise<Server> {
  const url = `http://127.0.0.1:${port}`;
  const taken = await fetch(url).then(
    () => true,
    () => false,
  );
  if (taken) throw new Error(`port ${port} is in use: stop what listens there first`);
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'ignore', 'inherit'] });
  let exited = false;
  running.add(child);
  child.on('exit', () => {
    exited = true;
    running.delete(child);
  });
  // The first start of the service builds the sample dataset.
  await waitForHttp(url, 900_000, () => exited);
  await waitForQuiet(child.pid);
  return {
    url,
    pid: child.pid!,
    cpuMs: () => cpuMsOf(child.pid),
    stop: () =>
      new Promise<void>((resolve) => {
        if (exited) return resolve();
        child.on('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export function startHello(port = 18501): Promise<Server> {
  return startProcess(['--import', 'tsx', 'bench/hello.ts'], { ...process.env, BENCH_HELLO_PORT: String(port) }, port);
}

/** The flags `npm start` gives node (package.json's `start`): the service is measured as it is run. */
function startFlags(): string[] {
  const scripts = JSON.parse(readFileSync('package.json', 'utf8')).scripts as { start: string };
  return scripts.start.split(' ').filter((word) => word.startsWith('--'));
}

/**
 * The service on `dataDir` (built by `npm run build`), run as `npm start` runs it, with
 * `env` over the embedded defaults.
 */
export function startService(dataDir: string, env: Record<string, string>, port = 18502): Promise<Server> {
  const { DATABASE_URL: _db, REDIS_URL: _redis, ...inherited } = process.env;
  return startProcess(
    // BENCH_NODE_ARGS: flags for the service's node (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`).
    [...startFlags(), ...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []), 'dist/src/main.js'],
    { ...inherited, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', ...env },
    port,
  );
}
