import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sourcesOf, summaryOf, toolResultOf } from './tool-result.js';

const row = (source: string, license: string) => ({ country_id: 'DEU', source_name: source, license_id: license });

test('a 200 becomes {data, next_cursor?} beside a text naming the sources', () => {
  const body = {
    data: [row('Eurostat', 'CC-BY-4.0'), row('Eurostat', 'CC-BY-4.0')],
    request_id: 'r',
    next_cursor: 'abc',
  };
  const result = toolResultOf({ status: 200, body: JSON.stringify(body) });
  assert.deepEqual(result.structuredContent, { data: body.data, next_cursor: 'abc' });
  assert.equal(result.isError, undefined);
  const text = result.content[0]!.text;
  assert.match(text, /^2 rows, fields: country_id, source_name, license_id\./);
  assert.match(text, /Source: Eurostat \(licence CC-BY-4\.0\)\. Cite/);
  assert.match(text, /cursor=abc/);
});

test('a trade answer keeps no envelope fields but data; an object is summarised by its fields', () => {
  const body = { data: { total_usd: 5, partners: [] }, request_id: 'r', duration_ms: 3 };
  const result = toolResultOf({ status: 200, body: JSON.stringify(body) });
  assert.deepEqual(result.structuredContent, { data: body.data });
  assert.equal(result.content[0]!.text, 'An object with fields: total_usd, partners.');
});

test('sources are found in nested rows, each once, in order', () => {
  const data = { name: 'Germany', sources: [row('CEPII BACI', 'Etalab-2.0'), { source_name: 'UN Comtrade' }] };
  assert.deepEqual(sourcesOf(data), ['CEPII BACI (licence Etalab-2.0)', 'UN Comtrade (licence not recorded)']);
  assert.deepEqual(sourcesOf([]), []);
  assert.equal(summaryOf([], null), '0 rows.');
  const wide = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`f${i}`, i]));
  assert.equal(
    summaryOf(wide, undefined),
    'An object with fields: f0, f1, f2, f3, f4, f5, f6, f7, f8, f9, … (12 fields).',
  );
});

test('a refusal is a tool error with the same code and message, and Retry-After', () => {
  const body = { error: 'rate_limit_exceeded', message: 'Rate limit exceeded.', request_id: 'r1' };
  const result = toolResultOf({ status: 429, retryAfter: '3', body: JSON.stringify(body) });
  assert.equal(result.isError, true);
  assert.equal(result.content[0]!.text, 'rate_limit_exceeded: Rate limit exceeded.');
  assert.deepEqual(result.structuredContent, { ...body, retry_after_s: 3 });
  const detail = [{ loc: ['query', 'limit'], msg: 'too big', type: 'less_than_equal' }];
  const invalid = toolResultOf({
    status: 422,
    body: JSON.stringify({ error: 'validation_error', message: 'm', detail }),
  });
  assert.deepEqual(invalid.structuredContent, { error: 'validation_error', message: 'm', detail });
});

test('an answer that is not a JSON object is an internal error', () => {
  assert.equal(toolResultOf({ status: 200, body: 'a,b\n1,2' }).structuredContent.error, 'internal_error');
  assert.equal(toolResultOf({ status: 500, body: '[]' }).structuredContent.error, 'internal_error');
});
