/**
 * The load generator of `npm run bench:load`, run as its own process so the load
 * never shares a CPU budget with the server it measures. Reads one scenario as JSON
 * from the file argv[2] names, drives it and prints one JSON line of results.
 *
 * wrk (one thread, a Lua script) when it is installed: it costs the machine far less
 * per request than a JavaScript generator, so on a small machine the server, not
 * the generator, is what saturates. autocannon otherwise (BENCH_GENERATOR=autocannon
 * forces it).
 *
 * Paths are taken in turn across all connections: with N distinct paths the first
 * N requests are N distinct queries.
 */
import autocannon from 'autocannon';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

export interface DriverScenario {
  url: string;
  paths: string[];
  connections: number;
  durationS: number;
  headers: Record<string, string>;
  /** Seconds of unmeasured load first (warms the JIT and the server's caches). */
  warmupS: number;
}

export interface DriverResult {
  rps: number;
  p50: number;
  p99: number;
  max: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statuses: Record<string, number>;
}

function options(s: DriverScenario, durationS: number): autocannon.Options {
  let next = 0;
  return {
    url: s.url,
    connections: s.connections,
    duration: durationS,
    headers: s.headers,
    timeout: 30,
    requests: [
      {
        setupRequest: (request) => ({ ...request, path: s.paths[next++ % s.paths.length]! }),
      },
    ],
  };
}

const WRK = '/usr/bin/wrk';

// Cycles through the paths of a file, one per line; prints the results as JSON.
const WRK_SCRIPT = `
local paths = {}
local next = 0
function init(args)
  for line in io.lines(args[1]) do paths[#paths + 1] = line end
end
function request()
  next = next + 1
  return wrk.format("GET", paths[(next - 1) % #paths + 1])
end
function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    '\\n{"requests":%d,"durationUs":%d,"p50":%d,"p99":%d,"max":%d,"status":%d,"errors":%d,"timeouts":%d}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), latency.max,
    e.status, e.connect + e.read + e.write, e.timeout))
end
`;

function runWrk(s: DriverScenario, durationS: number): DriverResult {
  const base = process.argv[2]!;
  writeFileSync(`${base}.paths`, s.paths.join('\n'));
  writeFileSync(`${base}.lua`, WRK_SCRIPT);
  const headers = Object.entries(s.headers).flatMap(([k, v]) => ['-H', `${k}: ${v}`]);
  const args = ['-t1', `-c${s.connections}`, `-d${durationS}s`, '--timeout', '30s', ...headers];
  const out = execFileSync(WRK, [...args, '-s', `${base}.lua`, s.url, '--', `${base}.paths`], { encoding: 'utf8' });
  const r = JSON.parse(out.trim().split('\n').at(-1)!) as Record<string, number>;
  const ms = (us: number) => Math.round(us / 100) / 10;
  return {
    rps: Math.round(r.requests! / (r.durationUs! / 1e6)),
    p50: ms(r.p50!),
    p99: ms(r.p99!),
    max: ms(r.max!),
    requests: r.requests!,
    non2xx: r.status!,
    errors: r.errors!,
    timeouts: r.timeouts!,
    statuses: { '2xx/3xx': r.requests! - r.status!, other: r.status! },
  };
}

async function drive(s: DriverScenario): Promise<DriverResult> {
  if (existsSync(WRK) && process.env.BENCH_GENERATOR !== 'autocannon') {
    if (s.warmupS > 0) runWrk(s, s.warmupS);
    return runWrk(s, s.durationS);
  }
  if (s.warmupS > 0) await autocannon(options(s, s.warmupS));
  const r = await autocannon(options(s, s.durationS));
  const statuses: Record<string, number> = {};
  for (const [code, n] of Object.entries(r.statusCodeStats ?? {})) statuses[code] = n.count ?? 0;
  return {
    rps: Math.round(r.requests.total / s.durationS),
    p50: r.latency.p50,
    p99: r.latency.p99,
    max: r.latency.max,
    requests: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    statuses,
  };
}

const scenario = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as DriverScenario;
drive(scenario).then(
  (result) => console.log(JSON.stringify(result)),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
