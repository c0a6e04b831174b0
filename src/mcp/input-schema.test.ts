import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Type } from '@sinclair/typebox';
import { inputSchemaOf } from './input-schema.js';

test('path and query parameters become one object schema, descriptions kept, API keywords dropped', () => {
  const params = Type.Object({ cid: Type.String({ description: 'a country', pattern: '^[A-Z]{2}$' }) });
  const query = Type.Object(
    {
      limit: Type.Integer({ default: 50, description: 'rows' }),
      from: Type.Optional(Type.String({ description: 'first year', 'x-date': 'year' })),
    },
    { 'x-range': 'year' },
  );
  const schema = inputSchemaOf({ params, query });
  assert.deepEqual(schema, {
    type: 'object',
    properties: {
      cid: { type: 'string', description: 'a country', pattern: '^[A-Z]{2}$' },
      limit: { type: 'integer', default: 50, description: 'rows' },
      from: { type: 'string', description: 'first year' },
    },
    required: ['cid'],
    additionalProperties: false,
  });
  // Plain JSON: TypeBox's symbols are gone.
  assert.equal(Object.getOwnPropertySymbols(schema.properties.cid!).length, 0);
});

test('an operation without parameters takes an empty object', () => {
  assert.deepEqual(inputSchemaOf({}), { type: 'object', properties: {}, additionalProperties: false });
});

test('a name used by both a path and a query parameter is refused', () => {
  const p = Type.Object({ id: Type.String() });
  assert.throws(() => inputSchemaOf({ params: p, query: p }), /both a path and a query parameter/);
});
