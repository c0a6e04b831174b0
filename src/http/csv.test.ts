import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Type, type TSchema } from '@sinclair/typebox';
import { csvColumns, formatParameter, representationOf, rowSchemaOf, toCsv, withFormat } from './csv.js';

describe('toCsv', () => {
  it('writes a header row and one CRLF-ended line per row, in the order of the columns', () => {
    const rows = [
      { b: 2, a: 'x' },
      { a: 'y', b: 3 },
    ];
    assert.equal(toCsv(['a', 'b'], rows), 'a,b\r\nx,2\r\ny,3\r\n');
    assert.equal(toCsv(['a', 'b'], []), 'a,b\r\n');
  });

  it('quotes a field holding a comma, a quote or a line break, doubling its quotes', () => {
    const row = { comma: 'Korea, Republic of', quote: 'say "hi"', lf: 'one\ntwo', cr: 'one\rtwo', plain: 'a b' };
    assert.equal(
      toCsv(Object.keys(row), [row]).split('\r\n')[1],
      '"Korea, Republic of","say ""hi""","one\ntwo","one\rtwo",a b',
    );
    assert.equal(toCsv(['x'], [{ x: '"' }]), 'x\r\n""""\r\n');
  });

  it('quotes header names by the same rule', () => {
    assert.equal(toCsv(['a,b', 'c"d'], []), '"a,b","c""d"\r\n');
  });

  it('writes null and missing as empty, numbers and booleans as in JSON, arrays joined with ;', () => {
    const row = { n: null, u: undefined, int: -3, dec: 1.5, zero: 0, t: true, list: ['g7', 'g20'], none: [] };
    assert.equal(toCsv([...Object.keys(row), 'absent'], [row]).split('\r\n')[1], ',,-3,1.5,0,true,g7;g20,,');
  });

  it('quotes an array whose joined text needs it, and writes an object as its JSON', () => {
    assert.equal(toCsv(['l'], [{ l: ['a,b', 'c'] }]).split('\r\n')[1], '"a,b;c"');
    assert.equal(toCsv(['o'], [{ o: { x: 1 } }]).split('\r\n')[1], '"{""x"":1}"');
  });

  it('prefixes text that a spreadsheet would take for a formula with a single quote, never a number', () => {
    const row = { f: "=2+5+cmd|' /C calc'!A0", plus: '+1', minus: '-5', at: '@x', tab: '\tx', n: -5, ok: 'a=b' };
    assert.equal(toCsv(Object.keys(row), [row]).split('\r\n')[1], "'=2+5+cmd|' /C calc'!A0,'+1,'-5,'@x,'\tx,-5,a=b");
    // Quoted by RFC 4180 after the prefix, and in arrays by their joined text.
    assert.equal(toCsv(['cr', 'l'], [{ cr: '\r=1', l: ['=a', 'b'] }]).split('\r\n')[1], `"'\r=1",'=a;b`);
  });
});

describe('representationOf', () => {
  it('follows format when given, whatever Accept says', () => {
    assert.equal(representationOf('csv', 'application/json'), 'csv');
    assert.equal(representationOf('json', 'text/csv'), 'json');
    assert.equal(representationOf(undefined, undefined), 'json');
  });

  it('takes CSV only when Accept prefers text/csv to application/json; a tie keeps JSON', () => {
    assert.equal(representationOf(undefined, 'text/csv'), 'csv');
    assert.equal(representationOf(undefined, 'TEXT/CSV'), 'csv');
    assert.equal(representationOf(undefined, 'text/csv, application/json'), 'json');
    assert.equal(representationOf(undefined, '*/*'), 'json');
    assert.equal(representationOf(undefined, 'text/csv;q=0.9, application/json;q=0.8'), 'csv');
    assert.equal(representationOf(undefined, 'application/json;q=0.5, text/*'), 'csv');
    assert.equal(representationOf(undefined, 'text/html'), 'json');
  });

  it('uses the most specific matching range of each type', () => {
    assert.equal(representationOf(undefined, 'text/csv;q=0, */*'), 'json');
    assert.equal(representationOf(undefined, 'text/*;q=0.1, text/csv;q=0.9, application/json;q=0.5'), 'csv');
    assert.equal(representationOf(undefined, 'text/csv;q=0.9, */*;q=1'), 'json');
  });

  it('counts a q-value that is not a number as 0, and ignores an over-long header', () => {
    assert.equal(representationOf(undefined, 'text/csv;q=abc'), 'json');
    assert.equal(representationOf(undefined, `text/csv, ${'x/y, '.repeat(1000)}`), 'json');
  });
});

describe('CSV columns and schemas', () => {
  const item = Type.Object({ id: Type.String(), value: Type.Number() });
  const other = Type.Object({ period: Type.String() });

  it("takes the first row's fields, or the item schema's when there is no row", () => {
    assert.deepEqual(csvColumns(item, [{ z: 1, a: 2 }]), ['z', 'a']);
    assert.deepEqual(csvColumns(item, []), ['id', 'value']);
    assert.deepEqual(csvColumns(Type.Union([other, item]), []), ['period']);
  });

  it('finds the row schema of a list answer, and none for one object', () => {
    assert.equal(rowSchemaOf(Type.Object({ data: Type.Array(item) })), item);
    const union = rowSchemaOf(Type.Object({ data: Type.Union([Type.Array(other), Type.Array(item)]) }));
    assert.deepEqual(
      (union?.anyOf as TSchema[]).map((s) => Object.keys(s.properties as object)),
      [['period'], ['id', 'value']],
    );
    assert.equal(rowSchemaOf(Type.Object({ data: item })), undefined);
    assert.equal(rowSchemaOf(Type.Object({ other: Type.Array(item) })), undefined);
  });

  it('adds format to a query schema, csv only where data is rows, keeping its options', () => {
    const query = withFormat(Type.Object({ q: Type.String() }, { additionalProperties: false }), true);
    assert.deepEqual(Object.keys(query.properties), ['q', 'format']);
    assert.equal(query.additionalProperties, false);
    // A union of one literal is that literal.
    const values = (schema: TSchema) => ((schema.anyOf as TSchema[] | undefined) ?? [schema]).map((s) => s.const);
    assert.deepEqual(values(formatParameter(true)), ['json', 'csv']);
    assert.deepEqual(values(withFormat(undefined, false).properties.format!), ['json']);
  });
});
