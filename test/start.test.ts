import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { entryArgs, freePort } from './helpers/processes.js';
import { TEST_AS_OF } from './helpers/sample.js';
import { ROOT as root } from './helpers/paths.js';

/**
 * One first start of the server process serves both suites: the process a new user
 * starts on an empty DATA_DIR, which builds the sample at the default scale, and the
 * sample it built, tried as a new user would. SAMPLE_AS_OF is fixed so that the
 * sample's numbers are the same on every run (a server that builds with today's date
 * is started by the snapshot hygiene test).
 */
const dataDir = mkdtempSync(path.join(tmpdir(), 'econtrade-start-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const child = spawn(process.execPath, entryArgs('src/main.ts'), {
  cwd: root,
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    BOOTSTRAP_API_KEY: 'start-key',
    LOG_LEVEL: 'info',
    SAMPLE_AS_OF: TEST_AS_OF,
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
let output = '';
child.stdout.on('data', (d) => (output += d));
child.stderr.on('data', (d) => (output += d));
const exited = new Promise((r) => child.once('exit', r));
const started = Date.now();

/** Whether the server answered before a generous bound against a stuck build. */
const ready = (async () => {
  while (Date.now() - started < 480_000 && child.exitCode === null) {
    try {
      if ((await fetch(`${base}/v1/openapi.json`)).ok) return true;
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  return false;
})();

after(async () => {
  child.kill('SIGTERM');
  // A shutdown that hangs must not hold the test run open.
  const hung = setTimeout(() => child.kill('SIGKILL'), 20_000);
  await exited;
  clearTimeout(hung);
  rmSync(dataDir, { recursive: true, force: true });
});

const get = (op: string) => fetch(`${base}${op}`, { headers: { authorization: 'Bearer start-key' } });

describe('first start of the server process', () => {
  it('builds the sample on an empty DATA_DIR and serves all six operations', async (t) => {
    // The time itself is a figure reported below, not a test.
    assert.ok(await ready, `server did not come up within 8 minutes:\n${output}`);
    t.diagnostic(`first start (sample build + listen): ${Date.now() - started} ms`);
    for (const op of [
      '/v1/countries',
      '/v1/indicators',
      '/v1/latest?country=usa',
      '/v1/history?country=usa&indicator=gdp',
      '/v1/search?q=gdp',
      '/v1/updates?since=2000-01-01',
    ]) {
      const r = await get(op);
      assert.equal(r.status, 200, op);
    }
    assert.match(output, /built the sample dataset/);
  });
});

/**
 * The sample a new user gets (default scale), tried as they would: who trades what
 * should look like real trade.
 */
describe('default trade sample: who exports and imports what', () => {
  before(async () => {
    assert.ok(await ready, `server did not come up within 8 minutes:\n${output}`);
  });

  /** GET that must answer 200; returns its `data`. */
  const data = async (op: string) => {
    const r = await get(op);
    const body = await r.json();
    if (r.status !== 200) throw new Error(`${op}: expected 200, got ${r.status} ${JSON.stringify(body)}`);
    return body.data;
  };
  const markets = async (chapter: string) => {
    const m = await data(`/v1/trade/products/${chapter}/markets?from=2024&to=2024&limit=10`);
    return {
      exporters: m.top_exporters.map((g: any) => g.exporter) as string[],
      importers: m.top_importers.map((g: any) => g.importer) as string[],
    };
  };

  it('US imports from China are led by machinery, electronics, furniture, toys and clothing', async () => {
    const rows = await data('/v1/trade?reporter=US&partner=CN&flow=import&from=2024&to=2024&limit=10000');
    const byChapter = new Map<string, number>();
    for (const r of rows) byChapter.set(r.hs6.slice(0, 2), (byChapter.get(r.hs6.slice(0, 2)) ?? 0) + r.value_usd);
    const ranked = [...byChapter].sort((a, b) => b[1] - a[1]);
    const manufactures = new Set(['84', '85', '94', '95', '61', '62', '63']);
    assert.ok(
      ranked.slice(0, 3).every(([ch]) => manufactures.has(ch)),
      JSON.stringify(ranked.slice(0, 5)),
    );
    const total = ranked.reduce((t, [, v]) => t + v, 0);
    const share = ranked.filter(([ch]) => manufactures.has(ch)).reduce((t, [, v]) => t + v, 0) / total;
    assert.ok(share > 0.5, `share of 84/85/94/95/61-63: ${share}`);
    // Gold, fuels, ores and cereals are not what the US buys from China.
    for (const ch of ['71', '27', '26', '10', '09'])
      assert.ok(!ranked.slice(0, 5).some(([c]) => c === ch), `chapter ${ch} in ${JSON.stringify(ranked.slice(0, 5))}`);
  });

  it('cars: the US imports most, China does not lead; Germany and Japan export most', async () => {
    const m = await markets('87');
    assert.equal(m.importers[0], 'US');
    assert.ok(!m.importers.slice(0, 3).includes('CN'), m.importers.join());
    assert.ok(m.exporters.slice(0, 3).includes('DE') && m.exporters.slice(0, 3).includes('JP'), m.exporters.join());
  });

  it('fuels, ores and soybeans: China imports most; oil, ore and soybean countries export', async () => {
    const fuels = await markets('27');
    assert.equal(fuels.importers[0], 'CN');
    assert.ok(
      fuels.exporters.slice(0, 5).includes('SA') && fuels.exporters.slice(0, 5).includes('RU'),
      fuels.exporters.join(),
    );
    const ores = await markets('26');
    assert.equal(ores.importers[0], 'CN');
    assert.ok(ores.exporters.slice(0, 3).includes('AU'), ores.exporters.join());
    const oilseeds = await markets('12');
    assert.equal(oilseeds.importers[0], 'CN');
    assert.equal(oilseeds.exporters[0], 'BR');
  });

  it('pharmaceuticals come from Switzerland, Germany and Ireland', async () => {
    const m = await markets('30');
    for (const c of ['CH', 'DE', 'IE']) assert.ok(m.exporters.slice(0, 4).includes(c), `${c} in ${m.exporters.join()}`);
  });

  it("a country's exports follow what it specialises in", async () => {
    const chapters = async (cid: string) => {
      const products = await data(`/v1/trade/countries/${cid}/products?flow=export&from=2024&to=2024&limit=500`);
      const byChapter = new Map<string, number>();
      for (const g of products) byChapter.set(g.hs6.slice(0, 2), (byChapter.get(g.hs6.slice(0, 2)) ?? 0) + g.value_usd);
      return [...byChapter].sort((a, b) => b[1] - a[1]).map(([ch]) => ch);
    };
    assert.deepEqual((await chapters('CN')).slice(0, 2).sort(), ['84', '85']);
    assert.ok((await chapters('DE')).slice(0, 2).includes('87'));
    assert.deepEqual((await chapters('AU')).slice(0, 2).sort(), ['26', '27']);
    assert.deepEqual((await chapters('CH')).slice(0, 2).sort(), ['30', '71']);
    for (const fuels of ['NO', 'SA', 'RU']) assert.equal((await chapters(fuels))[0], '27', fuels);
  });
});
