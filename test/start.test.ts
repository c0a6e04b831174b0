import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';

const root = new URL('..', import.meta.url).pathname;

describe('first start of the server process', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'econtrade-start-'));
  const port = 20000 + Math.floor(Math.random() * 20000);
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), BOOTSTRAP_API_KEY: 'start-key', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  after(() => {
    child.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('builds the sample on an empty DATA_DIR and serves all six operations', async (t) => {
    const started = Date.now();
    let ready = false;
    // A generous bound against a stuck build: the time itself is a figure reported below, not a test.
    while (!ready && Date.now() - started < 180_000) {
      try {
        ready = (await fetch(`http://127.0.0.1:${port}/v1/openapi.json`)).ok;
      } catch {
        await new Promise((r) => setTimeout(r, 200));
      }
    }
    assert.ok(ready, `server did not come up within 3 minutes:\n${output}`);
    t.diagnostic(`first start (sample build + listen): ${Date.now() - started} ms`);
    for (const op of [
      '/v1/countries',
      '/v1/indicators',
      '/v1/latest?country=usa',
      '/v1/history?country=usa&indicator=gdp',
      '/v1/search?q=gdp',
      '/v1/updates?since=2000-01-01',
    ]) {
      const r = await fetch(`http://127.0.0.1:${port}${op}`, { headers: { authorization: 'Bearer start-key' } });
      assert.equal(r.status, 200, op);
    }
    assert.match(output, /built the sample dataset/);
  });
});
