import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { ROUTES } from '../src/operations/index.js';
import { OPERATIONS } from './helpers/operations.js';

/** Where the README's layout rule says the operation at `url` lives. */
function expectedFile(url: string): string {
  const parts = url.replace(/^\/v1\/?/, '').split('/');
  if (parts[0] !== 'trade') return `economics/${parts[0]}.ts`;
  if (parts.length === 1) return 'trade/trade.ts';
  if (parts.length === 2) return `trade/${parts[1]}.ts`;
  if (parts[1] === 'complexity') return `trade/complexity-${parts[2]}.ts`;
  const singular = parts[1] === 'products' ? 'product' : 'country';
  return `trade/${singular}${parts[3] ? `-${parts[3]}` : ''}.ts`;
}

describe('code layout', () => {
  it('lists the 28 operations of the service in the route table, each at its own URL', () => {
    const served = OPERATIONS.map((o) => o.path.replace('{pid}', ':pid').replace('{cid}', ':cid')).sort();
    assert.deepEqual(Object.keys(ROUTES).sort(), served);
    for (const [url, operation] of Object.entries(ROUTES)) assert.equal(operation.url, url);
  });

  it('declares a whole positive credit cost on every operation', () => {
    for (const [url, operation] of Object.entries(ROUTES)) {
      assert.ok(Number.isInteger(operation.cost) && operation.cost >= 1, `${url} costs ${operation.cost}`);
    }
  });

  it('keeps each operation in the file its path names, declaring that path literally', () => {
    for (const url of Object.keys(ROUTES)) {
      const file = path.join('src/operations', expectedFile(url));
      assert.ok(existsSync(file), `${url} should live in ${file}`);
      assert.ok(readFileSync(file, 'utf8').includes(`'${url}'`), `${file} does not declare '${url}'`);
    }
  });

  it('holds no operation file the route table does not serve', () => {
    const expected = new Set(Object.keys(ROUTES).map(expectedFile));
    // Shared pieces of several operations, not operations.
    const shared = new Set([
      'schemas.ts',
      'country-flow.ts',
      'country-ranking.ts',
      'year-edition.ts',
      'complexity-schemas.ts',
      'complexity-year.ts',
    ]);
    for (const domain of ['economics', 'trade']) {
      for (const name of readdirSync(path.join('src/operations', domain))) {
        if (!shared.has(name)) assert.ok(expected.has(`${domain}/${name}`), `src/operations/${domain}/${name}`);
      }
    }
  });
});
