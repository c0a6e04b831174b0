import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { buildApp } from '../src/app.js';
import { bootstrapKeyStore } from '../src/access/keys.js';
import { ERRORS } from '../src/errors.js';
import { datasetStore } from '../src/datasets.js';

/** Docs a test keeps honest: every setting and error code documented, every code used, every operation costed. */
const readme = readFileSync('README.md', 'utf8');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory()
      ? sources(full)
      : full.endsWith('.ts') && !full.endsWith('.test.ts')
        ? [full]
        : [];
  });
}

describe('documentation', () => {
  it('documents every environment setting in the README settings table', () => {
    const settings = readFileSync('src/settings.ts', 'utf8');
    const names = [
      ...new Set([...settings.matchAll(/'([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+|PORT|HOST)'/g)].map((m) => m[1]!)),
    ];
    assert.ok(names.length >= 15, `found ${names.length} settings`);
    const table = readme.slice(
      readme.indexOf('## Settings'),
      readme.indexOf('\n## ', readme.indexOf('## Settings') + 1),
    );
    const missing = names.filter((n) => !table.includes(`\`${n}\``));
    assert.deepEqual(missing, [], 'settings read in src/settings.ts but not in the README settings table');
  });

  it('raises or maps every error code of the registry somewhere in the service', () => {
    const code = sources('src')
      .filter((f) => !f.endsWith(path.join('src', 'errors.ts')))
      .map((f) => readFileSync(f, 'utf8'))
      .join('\n');
    const unused = Object.keys(ERRORS).filter((c) => !code.includes(`'${c}'`));
    assert.deepEqual(unused, []);
  });

  it('refuses an operation that declares no credit cost', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'econtrade-costs-'));
    const app = await buildApp({
      store: datasetStore({ dataDir, queryTimeoutMs: 1000, pollMs: 1000 }),
      keyStore: bootstrapKeyStore('k'),
      gatewaySecret: undefined,
      logLevel: 'silent',
    });
    try {
      assert.throws(
        () => app.get('/v1/uncosted', { config: { access: 'key' } }, async () => ({})),
        /declares no credit cost/,
      );
      assert.doesNotThrow(() => app.get('/v1/costed', { config: { access: 'key', cost: 1 } }, async () => ({})));
    } finally {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
