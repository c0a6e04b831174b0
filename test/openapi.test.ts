import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { validate, compileErrors } from '@readme/openapi-parser';
import { lint, loadConfig } from '@redocly/openapi-core';
import { openApiDocument, writeOpenApiDocument } from '../scripts/openapi.js';
import { ERRORS } from '../src/errors.js';
import { ROUTES } from '../src/operations/index.js';

/**
 * The OpenAPI document as clients and their tools read it: valid for two independent
 * validators, and complete (names, examples, descriptions, every answer).
 */

/** The resources of the specification, each a named schema. */
const RESOURCES = [
  'Country',
  'Indicator',
  'LatestValue',
  'HistoryPoint',
  'SearchResult',
  'UpdateItem',
  'TradeObservation',
  'MonthlyObservation',
  'MonthlyGroupedPoint',
  'GroupedPoint',
  'TradeSummary',
  'TopPartner',
  'PeriodPoint',
  'CoverageRow',
  'ProductRow',
  'ProductDetail',
  'ProductMatch',
  'CountryRow',
  'CountryDetail',
  'Markets',
  'ErrorBody',
  'ValidationIssue',
];

/** Lint warnings accepted, by rule, each with its reason. None today. */
const ACCEPTED_WARNINGS: Record<string, string> = {};

let doc: any;
let dir: string;
let file: string;

/** The object a local `$ref` points to, or the object itself. */
function deref(node: any): any {
  if (!node?.$ref) return node;
  const target = (node.$ref as string)
    .slice(2)
    .split('/')
    .reduce((at: any, part) => at?.[part.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
  assert.ok(target, `unresolved ${node.$ref}`);
  return deref(target);
}

function operations(): Array<{ where: string; op: any }> {
  return Object.entries(doc.paths).flatMap(([p, item]: [string, any]) =>
    Object.entries(item).map(([method, op]) => ({ where: `${method.toUpperCase()} ${p}`, op })),
  );
}

describe('OpenAPI document', () => {
  before(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'econtrade-openapi-test-'));
    file = path.join(dir, 'openapi.json');
    await writeOpenApiDocument(file);
    doc = await openApiDocument();
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('is valid OpenAPI 3.1 for @readme/openapi-parser, without warnings', async () => {
    assert.equal(doc.openapi, '3.1.0');
    const result = await validate(file);
    assert.ok(result.valid, result.valid ? '' : compileErrors(result));
    assert.deepEqual(result.warnings, []);
  });

  it('passes the recommended Redocly rules (redocly.yaml) with no error and no unlisted warning', async () => {
    const config = await loadConfig({ configPath: 'redocly.yaml' });
    const problems = await lint({ ref: file, config });
    const unexpected = problems
      .filter((p) => p.severity === 'error' || !(p.ruleId in ACCEPTED_WARNINGS))
      .map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`);
    assert.deepEqual(unexpected, []);
  });

  it('documents every operation of the route table, each with a unique camelCase operationId', () => {
    const ops = operations();
    assert.equal(ops.length, Object.keys(ROUTES).length);
    const ids = ops.map(({ op }) => op.operationId);
    for (const id of ids) assert.match(id, /^[a-z][a-zA-Z]*$/);
    assert.equal(new Set(ids).size, ids.length, `duplicate operationIds: ${ids.join(', ')}`);
    const declared = Object.values(ROUTES).map((o) => o.operationId);
    assert.deepEqual([...ids].sort(), [...declared].sort());
  });

  it('marks no parameter with a default as required, and describes every parameter with an example', () => {
    for (const { where, op } of operations()) {
      for (const p of (op.parameters ?? []).map(deref)) {
        const name = `${where} ${p.name}`;
        if (p.schema?.default !== undefined) assert.notEqual(p.required, true, `${name} has a default`);
        assert.ok(p.description, `${name} has no description`);
        assert.ok(p.example !== undefined || p.examples, `${name} has no example`);
      }
    }
    const transform = doc.paths['/v1/history'].get.parameters.find((p: any) => p.name === 'transform');
    assert.deepEqual(transform.schema.enum, [
      ...['none', 'yoy', 'mom', 'log_diff', '3mma'],
      ...['chg', 'ch1', 'pch', 'pc1', 'pca', 'cch', 'cca', 'log'],
    ]);
    assert.equal(transform.schema.default, 'none');
    const format = doc.paths['/v1/trade'].get.parameters.find((p: any) => p.name === 'format');
    assert.deepEqual(format.schema.enum, ['json', 'csv']);
  });

  it('describes every answer, with an example of every body, and documents 304 and 405 everywhere', () => {
    for (const { where, op } of operations()) {
      assert.ok(op.summary && op.description, `${where} summary and description`);
      assert.ok(op.responses['304'] && op.responses['405'], `${where} 304 and 405`);
      assert.notEqual(op.responses['200'].description, 'Default Response', where);
      for (const [status, ref] of Object.entries(op.responses)) {
        const response = deref(ref);
        assert.ok(response.description && response.description !== 'Default Response', `${where} ${status}`);
        for (const [type, media] of Object.entries<any>(response.content ?? {}))
          assert.ok(media.example !== undefined || media.examples, `${where} ${status} ${type} has no example`);
        for (const [name, header] of Object.entries(response.headers ?? {}))
          assert.ok(deref(header).description, `${where} ${status} header ${name}`);
      }
    }
    const list = doc.paths['/v1/trade'].get.responses['200'];
    assert.ok(list.content['text/csv'], 'a list operation documents its CSV answer');
    assert.ok(list.headers['ETag'] && list.headers['RateLimit'] && list.headers['X-Credits-Remaining']);
    assert.equal(doc.paths['/v1/trade/summary'].get.responses['200'].content['text/csv'], undefined);
    assert.ok(deref(doc.paths['/v1/trade'].get.responses['429']).headers['Retry-After']);
    assert.ok(deref(doc.paths['/v1/trade'].get.responses['401']).headers['WWW-Authenticate']);
    assert.ok(deref(doc.paths['/v1/trade'].get.responses['405']).headers['Allow']);
  });

  it('names every resource of the specification as a component schema, and no schema by number', () => {
    const names = Object.keys(doc.components.schemas);
    assert.deepEqual(
      RESOURCES.filter((r) => !names.includes(r)),
      [],
    );
    assert.deepEqual(
      names.filter((n) => /^(def|schema)-\d+$/.test(n)),
      [],
    );
    const items = doc.paths['/v1/countries'].get.responses['200'].content['application/json'].schema.properties.data;
    assert.deepEqual(items.items, { $ref: '#/components/schemas/Country' });
    assert.ok(doc.servers?.length > 0);
  });

  it("documents every error code of the registry: the body's enum, and each code's status and message", () => {
    const codes = Object.keys(ERRORS);
    assert.deepEqual(doc.components.schemas.ErrorBody.properties.error.enum, codes);
    for (const [code, { status }] of Object.entries(ERRORS))
      assert.ok(doc.info.description.includes(`| ${status} | \`${code}\` |`), code);
  });
});
