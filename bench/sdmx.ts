/**
 * `npm run bench:sdmx -- --data-dir DIR [--indicator FX_USD] [--repeats 3]`: one SDMX
 * data message of every series of one indicator for every country (generic SDMX-ML
 * and SDMX-CSV), and the same rows as `/v1/history` JSON pages, each read to the end.
 * Prints, for each, the observations, bytes and seconds, and the server's RSS idle
 * and at its highest while it answered (sampled every 20 ms from /proc): a message
 * written series by series leaves the server's memory flat whatever its size. With
 * the load average before and after.
 */
import { parseArgs } from 'node:util';
import { openEmbeddedKeyAdmin } from '../src/access/stores/sqlite.js';
import { startService } from './load-servers.js';
import { printLoad, rssMb } from './machine.js';

const { values } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    indicator: { type: 'string', default: 'FX_USD' },
    repeats: { type: 'string', default: '3' },
    port: { type: 'string', default: '8198' },
  },
});
const dataDir = values['data-dir'];
if (!dataDir) throw new Error('--data-dir DIR: a DATA_DIR holding a published snapshot');

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

interface Run {
  observations: number;
  bytes: number;
  seconds: number;
  idle: number;
  peak: number;
}

/** Runs `read` while sampling the server's RSS. */
async function measured(pid: number, read: () => Promise<{ observations: number; bytes: number }>): Promise<Run> {
  const idle = rssMb(pid);
  let peak = idle;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 20);
  const started = performance.now();
  try {
    const got = await read();
    return { ...got, seconds: (performance.now() - started) / 1000, idle, peak: Math.max(peak, rssMb(pid)) };
  } finally {
    clearInterval(sampler);
  }
}

/** The bytes of an answer, read as they come (never held whole). */
async function drain(res: Response): Promise<number> {
  if (res.status !== 200 || !res.body) throw new Error(`${res.url}: ${res.status} ${await res.text()}`);
  let bytes = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
  return bytes;
}

/** The three ways to read the indicator's rows: two SDMX messages and the JSON pages, each read to the end. */
function readers(
  get: (path: string) => Promise<Response>,
  q: { key: string; countries: string; indicator: string },
): Record<string, () => Promise<{ observations: number; bytes: number }>> {
  const { key, countries, indicator } = q;
  return {
    'SDMX-ML generic': async () => {
      const res = await get(`/sdmx/2.1/data/ECON/${key}`);
      return { observations: Number(res.headers.get('x-observations')), bytes: await drain(res) };
    },
    'SDMX-CSV': async () => {
      const res = await get(`/sdmx/2.1/data/ECON/${key}?format=csvdata`);
      return { observations: Number(res.headers.get('x-observations')), bytes: await drain(res) };
    },
    '/v1/history JSON pages': async () => {
      let observations = 0;
      let bytes = 0;
      let cursor: string | null | undefined;
      do {
        const after = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
        const res = await get(`/v1/history?country=${countries}&indicator=${indicator}${after}`);
        const text = await res.text();
        const body = JSON.parse(text) as { data: unknown[]; next_cursor?: string | null };
        observations += body.data.length;
        bytes += text.length;
        cursor = body.next_cursor;
      } while (cursor);
      return { observations, bytes };
    },
  };
}

async function main(): Promise<void> {
  printLoad('before');
  const admin = openEmbeddedKeyAdmin(dataDir!);
  const key = (await admin.create({ name: 'bench-sdmx', quota: 1e12, rate: { requests: 1e7, windowS: 10 } })).key;
  await admin.close();
  const server = await startService(dataDir!, {}, Number(values.port));
  const headers = { authorization: `Bearer ${key}` };
  const get = (path: string, more: Record<string, string> = {}) =>
    fetch(`${server.url}${path}`, { headers: { ...headers, ...more } });
  const indicator = values.indicator!;
  try {
    // Countries, not groups: in /v1/history `EMU` names the euro-area group (its members), in SDMX the aggregate.
    const listed = (
      (await (await get('/v1/countries')).json()) as { data: Array<{ country_id: string; kind: string }> }
    ).data;
    const ids = listed.filter((c) => c.kind === 'country').map((c) => c.country_id);
    const countries = ids.join(',');
    const key = `.${ids.join('+')}.${values.indicator!}`;
    // The observations are read into memory at the first history request: not part of any figure.
    await drain(await get(`/v1/history?country=${countries}&indicator=${indicator}&from=2100-01-01`));
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const kinds = readers(get, { key, countries, indicator });
    for (const [name, read] of Object.entries(kinds)) {
      const runs: Run[] = [];
      for (let i = 0; i < Number(values.repeats); i++) runs.push(await measured(server.pid, read));
      const last = runs[runs.length - 1]!;
      console.log(
        `${name}: ${last.observations} observations, ${(last.bytes / 2 ** 20).toFixed(1)} MiB, ` +
          `${median(runs.map((r) => r.seconds)).toFixed(2)} s (median of ${runs.length}); server RSS idle ` +
          `${median(runs.map((r) => r.idle)).toFixed(0)} MB, ` +
          `highest ${Math.max(...runs.map((r) => r.peak)).toFixed(0)} MB ` +
          `(+${Math.max(...runs.map((r) => r.peak - r.idle)).toFixed(0)} MB)`,
      );
    }
  } finally {
    await server.stop();
    printLoad('after');
  }
}

await main();
