import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Type } from '@sinclair/typebox';
import type { DownloadOperation, Operation } from '../operations/operation.js';
import { toolsOf } from './tools.js';

const operation = (fields: Partial<Operation>): Operation =>
  ({
    url: '/v1/trade/countries/:cid/partners',
    operationId: 'getCountryPartners',
    summary: 'Partners of a country',
    returns: 'One row per partner.',
    tag: 'trade',
    cost: 2,
    body: Type.Object({}),
    params: Type.Object({ cid: Type.String({ description: 'a country' }) }),
    query: Type.Object({ limit: Type.Optional(Type.Integer({ description: 'rows' })) }),
    handler: () => ({ data: [] }),
    ...fields,
  }) as Operation;

test('a tool per JSON operation: named, described with its price, its path parameters known', () => {
  const download = { url: '/v1/trade/bulk', operationId: 'downloadTrade', download: () => {} };
  const tools = toolsOf({ a: operation({}), b: download as unknown as DownloadOperation });
  assert.deepEqual([...tools.keys()], ['country_partners']);
  const tool = tools.get('country_partners')!;
  assert.equal(tool.url, '/v1/trade/countries/:cid/partners');
  assert.deepEqual(tool.pathParams, ['cid']);
  assert.match(tool.description, /^Partners of a country\. One row per partner\. Runs GET .*: 2 credits per answer/);
  assert.deepEqual(Object.keys(tool.inputSchema.properties), ['cid', 'limit']);
});

test('two operations making one tool name are refused', () => {
  const twice = { a: operation({}), b: operation({ url: '/v1/other' }) };
  assert.throws(() => toolsOf(twice), /two operations make the tool country_partners/);
});
