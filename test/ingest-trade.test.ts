import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { parse } from 'csv-parse/sync';
import { startTestServer, type TestServer } from './helpers/server.js';

const run = promisify(execFile);
const root = new URL('..', import.meta.url).pathname;
const REAL_HS = new URL('../../shared/data/hs/harmonized-system.csv', import.meta.url).pathname;

async function ingest(dataDir: string, args: string[]): Promise<{ code: number; out: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'src/cli/ingest.ts', ...args], { cwd: root, env: { ...process.env, DATA_DIR: dataDir } });
    return { code: 0, out: stdout + stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout + e.stderr };
  }
}

describe('ingest: HS nomenclature', () => {
  let s: TestServer;
  before(async () => {
    s = await startTestServer();
  });
  after(() => s.close());

  it('loads a nomenclature written in the official CSV form and serves its codes', async () => {
    const file = path.join(s.dataDir, 'hs-fixture.csv');
    writeFileSync(file, [
      'section,hscode,description,parent,level', 'I,TOTAL,All products,,0', 'I,01,Animals; live,TOTAL,2', 'I,0101,"Horses, asses, mules and hinnies; live",01,4',
      'I,010121,"Horses; live, pure-bred breeding animals",0101,6', 'XVI,84,Machinery,TOTAL,2', 'XVI,8471,Automatic data-processing machines,84,4',
      'XVI,847130,"Portable automatic data-processing machines, weighing not more than 10 kg",8471,6', 'XVI,84713,broken,8471,6',
    ].join('\n'));
    const failed = await ingest(s.dataDir, ['hs', file]);
    assert.equal(failed.code, 1);
    assert.match(failed.out, /hs-fixture\.csv:9: "84713" is not a level-6 HS code/);
    const r = await ingest(s.dataDir, ['hs', file, '--max-bad-rows', '1']);
    assert.equal(r.code, 0, r.out);
    await s.store.refresh();
    const detail = (await s.get('/v1/trade/products/847130')).body.data;
    assert.deepEqual(detail.matches, [{ hs6: '847130', hs_version: 2022, name: 'Portable automatic data-processing machines, weighing not more than 10 kg', chapter: '84', heading: '8471' }]);
    // Codes of the trade data stay known even when the nomenclature lacks them.
    assert.equal((await s.get('/v1/trade/products/270900')).status, 200);
    assert.equal((await s.get('/v1/trade?product=2709&limit=1')).status, 200);
  });

  it('after the real nomenclature, product search finds every HS6 code', { skip: !existsSync(REAL_HS) && 'shared/data is not present' }, async () => {
    const r = await ingest(s.dataDir, ['hs', REAL_HS]);
    assert.equal(r.code, 0, r.out);
    await s.store.refresh();
    const rows = parse(readFileSync(REAL_HS), { columns: true, bom: true }) as Array<{ hscode: string; level: string; description: string }>;
    const six = rows.filter((x) => x.level === '6');
    assert.equal(six.length, 5613);
    for (const p of six) {
      const found = (await s.get(`/v1/trade/products?q=${p.hscode}`)).body.data;
      assert.equal(found[0]?.hs6, p.hscode, p.hscode);
      assert.equal(found[0].name, p.description.trim());
    }
    const detail = (await s.get('/v1/trade/products/01')).body.data;
    assert.equal(detail.matches.length, six.filter((p) => p.hscode.startsWith('01')).length);
  });
});
