/**
 * `npm run bench:store -- --data-dir DIR`: moves DIR's serving snapshot through an
 * S3-compatible store on this machine (s3rver, on this disk): the publish (hash and
 * multipart upload) in this process, then a replica (`npm start` with
 * `SNAPSHOT_STORE_URL` on an empty DATA_DIR) until it serves it. Prints the bytes, each
 * side's time and rate, the replica's RSS (idle before, highest during, sampled every
 * 100 ms from /proc), and this disk's own sequential write and read rates (dd, 2 GiB,
 * direct I/O) to compare with. With the load average before and after.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { readCurrentName, snapshotsDir } from '../src/store/snapshot-layout.js';
import { publishToStore } from '../src/store/store-publish.js';
import { LocalObjectStore } from '../test/helpers/object-store.js';
import { startService } from './load-servers.js';

const { values } = parseArgs({ options: { 'data-dir': { type: 'string' }, work: { type: 'string' } } });
const dataDir = values['data-dir'];
if (!dataDir) throw new Error('--data-dir DIR: a DATA_DIR holding a published snapshot');
const work = mkdtempSync(path.join(values.work ?? path.dirname(path.resolve(dataDir)), 'bench-store-'));

const mb = (bytes: number) => (bytes / 1e6).toFixed(0);
const rssMb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

function printLoad(when: string): void {
  const [one, five] = loadavg() as [number, number];
  console.log(`load average ${when}: ${one.toFixed(2)} (1 min), ${five.toFixed(2)} (5 min)`);
}

/** This disk's sequential rate, MB/s, from dd's own summary. */
function ddRate(args: string[]): string {
  const out = spawnSync('dd', args, { encoding: 'utf8' }).stderr;
  return /, ([\d.]+ [MG]B\/s)/.exec(out)?.[1] ?? '?';
}

async function main(): Promise<void> {
  printLoad('before');
  const name = (await readCurrentName(dataDir!))!;
  const dir = path.join(snapshotsDir(dataDir!), name);
  const bytes = ['economics.duckdb', 'trade.duckdb', 'nomenclature.duckdb']
    .map((f) => {
      try {
        return statSync(path.join(dir, f)).size;
      } catch {
        return 0;
      }
    })
    .reduce((a, b) => a + b, 0);
  const store = await LocalObjectStore.start(path.join(work, 's3'));
  const env: Record<string, string> = { ...store.env('bench'), SNAPSHOT_POLL_MS: '200' };
  Object.assign(process.env, env);
  try {
    let t = performance.now();
    await publishToStore(dataDir!, name, { url: env.SNAPSHOT_STORE_URL!, kept: 1 });
    const up = (performance.now() - t) / 1000;
    console.log(
      `publish of ${name}: ${mb(bytes)} MB hashed and uploaded in ${up.toFixed(1)} s (${mb(bytes / up)} MB/s); ` +
        `this process's peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`,
    );
    const replicaDir = path.join(work, 'replica');
    t = performance.now();
    const replica = await startService(replicaDir, env, 18510);
    const idle = rssMb(replica.pid);
    let peak = idle;
    for (;;) {
      peak = Math.max(peak, rssMb(replica.pid));
      const ready = await fetch(`${replica.url}/readyz`).then((r) => r.status === 200);
      if (ready) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const down = (performance.now() - t) / 1000;
    console.log(
      `replica: serving after ${down.toFixed(1)} s (${mb(bytes / down)} MB/s, start and checks included); ` +
        `RSS ${idle.toFixed(0)} MB at start, highest ${peak.toFixed(0)} MB while downloading`,
    );
    await replica.stop();
    const probe = path.join(work, 'dd.bin');
    const write = ddRate(['if=/dev/zero', `of=${probe}`, 'bs=16M', 'count=128', 'oflag=direct']);
    const read = ddRate([`if=${probe}`, 'of=/dev/null', 'bs=16M', 'iflag=direct']);
    console.log(`this disk (dd, 2 GiB, direct I/O): write ${write}, read ${read}`);
  } finally {
    await store.stop();
    rmSync(work, { recursive: true, force: true });
    printLoad('after');
  }
}

await main();
