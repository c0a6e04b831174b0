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

/** The README section under `heading`, up to the next heading of its level. */
function section(heading: string): string {
  const start = readme.indexOf(`\n${heading}\n`);
  assert.ok(start >= 0, `README has no ${heading}`);
  const end = readme.indexOf('\n## ', start + 1);
  return readme.slice(start, end < 0 ? undefined : end);
}

/**
 * The environment variables `code` reads: `process.env.X`, `env.X`, `env['X']`, and the
 * settings helpers that take the environment and a name (`intFrom(env, 'X', …)`).
 */
function environmentVariables(code: string[]): string[] {
  const reads = [
    /\benv\.([A-Z][A-Z0-9_]*)\b/g,
    /\benv\[\s*['"]([A-Z][A-Z0-9_]*)['"]\s*\]/g,
    /\(\s*env\s*,\s*['"]([A-Z][A-Z0-9_]*)['"]/g,
  ];
  const names = code.flatMap((text) => reads.flatMap((re) => [...text.matchAll(re)].map((m) => m[1]!)));
  return [...new Set(names)].sort();
}

describe('documentation', () => {
  it('documents every environment variable read under src/ in the README settings table', () => {
    const names = environmentVariables(sources('src').map((f) => readFileSync(f, 'utf8')));
    assert.ok(names.length >= 30, `found ${names.length} variables: ${names.join(', ')}`);
    for (const known of ['PORT', 'HOST', 'SNAPSHOTS_KEPT', 'DUCKDB_MEMORY_LIMIT', 'SMTP_URL', 'COMTRADE_API_KEY']) {
      assert.ok(names.includes(known), `${known} is read under src/ but the scan missed it`);
    }
    const table = section('## Settings');
    const missing = names.filter((n) => !table.includes(`\`${n}\``));
    assert.deepEqual(missing, [], 'variables read under src/ but not in the README settings table');
  });

  it('finds every form of environment read', () => {
    const code = [
      "const a = process.env.ALPHA_ONE; const b = process.env['BETA'];",
      'const c = env.GAMMA; const d = env["DELTA_2"];',
      "intFrom(env, 'EPSILON', { fallback: 1 }); optional(env, 'ZETA');",
      "const e = env.toString(); const f = other['ETA'];",
    ];
    assert.deepEqual(environmentVariables(code), ['ALPHA_ONE', 'BETA', 'DELTA_2', 'EPSILON', 'GAMMA', 'ZETA']);
  });

  it('documents every option of npm run ingest in the README', () => {
    const cli = readFileSync('src/cli/ingest.ts', 'utf8');
    const block = /const OPTIONS = \{([\s\S]*?)\n\} as const;/.exec(cli);
    assert.ok(block, 'the OPTIONS table of src/cli/ingest.ts');
    const options = [...block[1]!.matchAll(/^\s+'?([a-z][a-z-]*)'?: \{/gm)].map((m) => `--${m[1]!}`);
    assert.ok(options.length >= 15 && options.includes('--online'), `found ${options.join(', ')}`);
    const docs = section('## Loading real data');
    const missing = options.filter((o) => !docs.includes(`\`${o}`));
    assert.deepEqual(missing, [], 'options of npm run ingest not in the README section Loading real data');
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
