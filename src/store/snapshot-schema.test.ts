import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { schemaProblems, type Catalogue } from './snapshot-schema.js';

const schema = { t: ['a', 'b'], u: ['x'] };
const column = (table: string, name: string, more: { expression?: string; schema?: string } = {}) => ({
  schema: more.schema ?? 'main',
  table,
  column: name,
  expression: more.expression ?? null,
});

describe('schemaProblems', () => {
  it('accepts the tables and columns expected, and a table left out', () => {
    const catalogue: Catalogue = { columns: [column('t', 'a'), column('t', 'b')], objects: [] };
    assert.deepEqual(schemaProblems(catalogue, schema), []);
  });

  it('names each unknown table once, each unknown column, and each expression', () => {
    const catalogue: Catalogue = {
      columns: [
        column('t', 'a'),
        column('t', 'c'),
        column('t', 'b', { expression: "read_text('/etc/passwd')" }),
        column('v', 'a'),
        column('v', 'b'),
        column('u', 'x', { schema: 'other' }),
      ],
      objects: [],
    };
    assert.deepEqual(schemaProblems(catalogue, schema), [
      'an unknown column "c" in "t"',
      'an expression in column "b" of "t"',
      'an unknown table "v"',
      'an unknown table "other.u"',
    ]);
  });

  it('refuses every view, macro, sequence, type, index and schema', () => {
    const objects = ['view', 'macro', 'sequence', 'type', 'index', 'schema'].map((kind) => ({ kind, name: 'n' }));
    assert.equal(schemaProblems({ columns: [], objects }, schema).length, 6);
  });

  it('does not take an inherited name for a table', () => {
    const catalogue: Catalogue = { columns: [column('constructor', 'length'), column('__proto__', 'a')], objects: [] };
    assert.deepEqual(schemaProblems(catalogue, schema), [
      'an unknown table "constructor"',
      'an unknown table "__proto__"',
    ]);
  });
});
