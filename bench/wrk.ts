/**
 * Runs wrk (a C load generator, so the load does not take the server's cores for
 * JavaScript) over a list of distinct paths, each request the next path.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'wrk-paths.lua');

/** What one wrk run measured (latencies in ms). */
export interface WrkResult {
  requests: number;
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Answers other than 2xx/3xx, and socket errors. */
  errors: number;
  /** Whether wrk sent more requests than there were paths (later ones repeat a path). */
  cycled: boolean;
  mbPerSec: number;
}

/** Sends `paths` in turn over `connections` for `seconds` with wrk -t1. */
export async function runWrk(opts: {
  url: string;
  key: string;
  paths: readonly string[];
  connections: number;
  seconds: number;
  timeoutSeconds?: number;
}): Promise<WrkResult> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-wrk-'));
  const file = path.join(dir, 'paths.txt');
  writeFileSync(file, opts.paths.join('\n') + '\n');
  try {
    const args = ['-t1', `-c${opts.connections}`, `-d${opts.seconds}s`, `--timeout`, `${opts.timeoutSeconds ?? 30}s`];
    const stdout = await new Promise<string>((resolve, reject) =>
      execFile(
        'wrk',
        [...args, '-s', SCRIPT, opts.url],
        { env: { ...process.env, WRK_PATHS: file, WRK_AUTH: `Bearer ${opts.key}` }, maxBuffer: 1 << 20 },
        (err, out, errOut) => (err ? reject(new Error(`wrk: ${err.message} ${errOut}`)) : resolve(out)),
      ),
    );
    const line = /WRK_RESULT (\{.*\})/.exec(stdout)?.[1];
    if (!line) throw new Error(`wrk printed no result: ${stdout}`);
    const r = JSON.parse(line) as Record<string, number>;
    const seconds = r.duration_us! / 1e6;
    return {
      requests: r.requests!,
      reqPerSec: Math.round(r.requests! / seconds),
      p50Ms: r.p50_us! / 1000,
      p99Ms: r.p99_us! / 1000,
      maxMs: r.max_us! / 1000,
      errors: r.non2xx! + r.socket_errors!,
      cycled: r.requests! > r.paths!,
      mbPerSec: Math.round((r.bytes! / 1e6 / seconds) * 10) / 10,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `n` distinct paths drawn from `next` (fewer if it cannot give that many after 20 n draws). */
export function distinctPaths(next: () => string, n: number): string[] {
  const seen = new Set<string>();
  for (let i = 0; i < n * 20 && seen.size < n; i++) seen.add(next());
  return [...seen];
}
