import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { check } from 'recheck';
import ts from 'typescript';
import { buildApp, type App } from '../src/app.js';
import { bootstrapKeyStore } from '../src/access/keys.js';
import { datasetStore } from '../src/datasets.js';

/**
 * Every regular expression the service evaluates must run in linear time: the
 * patterns of the OpenAPI document (the validator runs them on parameters) and every
 * regular expression written in the source, checked by a ReDoS analyzer.
 */

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return full.endsWith('.ts') && !full.endsWith('.test.ts') ? [full] : [];
  });
}

interface Found {
  where: string;
  source: string;
  flags: string;
}

/** Regex literals and `new RegExp(...)` calls of a source file; a call with a computed pattern is reported as such. */
function regexesOf(file: string): { found: Found[]; computed: string[] } {
  const text = readFileSync(file, 'utf8');
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: Found[] = [];
  const computed: string[] = [];
  const where = (node: ts.Node) =>
    `${path.relative(process.cwd(), file)}:${sf.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const visit = (node: ts.Node) => {
    if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
      const literal = node.getText();
      const end = literal.lastIndexOf('/');
      found.push({ where: where(node), source: literal.slice(1, end), flags: literal.slice(end + 1) });
    } else if ((ts.isNewExpression(node) || ts.isCallExpression(node)) && node.expression.getText() === 'RegExp') {
      const arg = node.arguments?.[0];
      if (arg && (ts.isStringLiteral(arg) || ts.isNoSubstitutionTemplateLiteral(arg)))
        found.push({ where: where(node), source: arg.text, flags: '' });
      else computed.push(where(node));
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return { found, computed };
}

/** Every `pattern` keyword in a JSON document. */
function patternsOf(doc: unknown, at = '$'): Found[] {
  if (doc === null || typeof doc !== 'object') return [];
  return Object.entries(doc as Record<string, unknown>).flatMap(([k, v]) =>
    k === 'pattern' && typeof v === 'string'
      ? [{ where: `${at}.pattern`, source: v, flags: 'u' }]
      : patternsOf(v, `${at}.${k}`),
  );
}

describe('regular expressions run in linear time', () => {
  let app: App;
  let dataDir: string;
  before(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'econtrade-patterns-'));
    const store = datasetStore({ dataDir, queryTimeoutMs: 1000, pollMs: 1000 });
    app = await buildApp({ store, keyStore: bootstrapKeyStore('k'), gatewaySecret: undefined, logLevel: 'silent' });
    await app.ready();
  });
  after(async () => {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('the OpenAPI document has no pattern that backtracks super-linearly', async () => {
    const patterns = patternsOf(app.swagger());
    assert.ok(patterns.length >= 2, 'the document has path-parameter patterns');
    for (const p of patterns) {
      const r = await check(p.source, p.flags);
      assert.equal(
        r.status,
        'safe',
        `${p.where} /${p.source}/ is ${r.status}${r.status === 'vulnerable' ? ` (${r.complexity.type})` : ''}`,
      );
    }
  });

  it('no regular expression in the source backtracks super-linearly, and none is built from data', async () => {
    const all = sourceFiles(path.resolve('src')).map(regexesOf);
    const computed = all.flatMap((r) => r.computed);
    assert.deepEqual(computed, [], 'patterns are literals, so they can be checked here');
    const found = all.flatMap((r) => r.found);
    assert.ok(found.length >= 20, `found ${found.length} regular expressions`);
    const unsafe: string[] = [];
    for (const f of found) {
      const r = await check(f.source, f.flags);
      if (r.status !== 'safe')
        unsafe.push(
          `${f.where} /${f.source}/${f.flags}: ${r.status}` +
            (r.status === 'vulnerable' ? ` (${r.complexity.type})` : ''),
        );
    }
    assert.deepEqual(unsafe, []);
  });

  it('the analyzer does catch the list pattern that used to be served', async () => {
    const old = '^\\s*(?:[A-Za-z]{2,3})?\\s*(?:,\\s*(?:[A-Za-z]{2,3})?\\s*)*$';
    const r = await check(old, '');
    assert.equal(r.status, 'vulnerable');
  });
});
