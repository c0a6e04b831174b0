import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { SettingsError } from './settings.js';

/**
 * What stops the server before it serves, each as one line naming the problem and
 * the fix: checked first, so an operator learns of them before a sample build of
 * several minutes, not after it.
 */

/**
 * Makes `dir` and its missing parents one level at a time, from the nearest one that
 * exists: a recursive mkdir under a file system that refuses new entries (`/proc`)
 * can loop forever instead of failing.
 */
function makeDirectories(dir: string): void {
  const missing: string[] = [];
  let at = dir;
  while (!existsSync(at)) {
    missing.unshift(at);
    const up = path.dirname(at);
    if (up === at) break;
    at = up;
  }
  for (const d of missing) mkdirSync(d);
}

/** DATA_DIR exists (created if missing) and this process can write in it. */
export function assertWritableDataDir(dir: string): void {
  const abs = path.resolve(dir);
  try {
    makeDirectories(abs);
    const probe = path.join(abs, `.write-check-${process.pid}`);
    writeFileSync(probe, '');
    rmSync(probe);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? 'error';
    const fix = 'make it writable by this user or set DATA_DIR to a writable directory';
    throw new SettingsError(`DATA_DIR ${abs} is not writable (${code}): ${fix}`);
  }
}

/** The one line for a failure to listen on HOST:PORT, or undefined for another error. */
export function listenProblem(err: unknown, host: string, port: number): SettingsError | undefined {
  switch ((err as NodeJS.ErrnoException).code) {
    case 'EADDRINUSE':
      return new SettingsError(
        `PORT ${port} is in use on ${host}: stop the process listening there or set PORT to a free port`,
      );
    case 'EACCES':
      return new SettingsError(
        `PORT ${port} on ${host} needs privileges this process lacks: set PORT to 1024 or above`,
      );
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
      return new SettingsError(
        `HOST ${host} is not an address of this machine: set HOST to one of its addresses, e.g. 127.0.0.1 or 0.0.0.0`,
      );
    default:
      return undefined;
  }
}

/** Fails with `listenProblem` when HOST:PORT cannot be listened on now. */
export async function assertCanListen(host: string, port: number): Promise<void> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', (err) => reject(listenProblem(err, host, port) ?? err));
    server.listen({ host, port, exclusive: true }, () => server.close(() => resolve()));
  });
}
